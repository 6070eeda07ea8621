import { describe, expect, it } from "vitest";
import { balanceMarkdown, balanceTable } from "./balanceTable.ts";

/**
 * The reviewed balance outcome (docs/combat-balance.md): fixed seed 1, a fresh level-1 player and a
 * geared level-40 warrior against each monster. A change here is a balance change: update the doc.
 */
describe("combat balance (fixed seed)", () => {
  it("gives the table of docs/combat-balance.md", () => {
    const rows = balanceTable();
    expect(rows).toEqual([
      {
        location: "aphid_nest",
        monster: "Aphid",
        fighter: "fresh level-1",
        killsFirstHour: 100,
        deathsFirstHour: 54,
        killsPerHourDay: 870.3,
        deathsPerHourDay: 16,
        levelAfterDay: 79,
      },
      {
        location: "aphid_nest",
        monster: "Aphid",
        fighter: "geared level-40",
        killsFirstHour: 1422,
        deathsFirstHour: 3,
        killsPerHourDay: 1410.9,
        deathsPerHourDay: 2.3,
        levelAfterDay: 89,
      },
      {
        location: "black_ant_nest",
        monster: "Black Ant",
        fighter: "fresh level-1",
        killsFirstHour: 39,
        deathsFirstHour: 91,
        killsPerHourDay: 418.3,
        deathsPerHourDay: 28.5,
        levelAfterDay: 89,
      },
      {
        location: "black_ant_nest",
        monster: "Black Ant",
        fighter: "geared level-40",
        killsFirstHour: 615,
        deathsFirstHour: 10,
        killsPerHourDay: 1076.9,
        deathsPerHourDay: 7.2,
        levelAfterDay: 89,
      },
      {
        location: "trash_can",
        monster: "Dung Fly",
        fighter: "fresh level-1",
        killsFirstHour: 37,
        deathsFirstHour: 106,
        killsPerHourDay: 431.8,
        deathsPerHourDay: 29.8,
        levelAfterDay: 89,
      },
      {
        location: "trash_can",
        monster: "Dung Fly",
        fighter: "geared level-40",
        killsFirstHour: 419,
        deathsFirstHour: 21,
        killsPerHourDay: 599.5,
        deathsPerHourDay: 11.9,
        levelAfterDay: 89,
      },
      {
        location: "rosebush_nest",
        monster: "Ladybug",
        fighter: "fresh level-1",
        killsFirstHour: 23,
        deathsFirstHour: 139,
        killsPerHourDay: 289.4,
        deathsPerHourDay: 47,
        levelAfterDay: 89,
      },
      {
        location: "rosebush_nest",
        monster: "Ladybug",
        fighter: "geared level-40",
        killsFirstHour: 293,
        deathsFirstHour: 35,
        killsPerHourDay: 385.2,
        deathsPerHourDay: 26.6,
        levelAfterDay: 89,
      },
      {
        location: "beetle_nest",
        monster: "Beetle",
        fighter: "fresh level-1",
        killsFirstHour: 11,
        deathsFirstHour: 182,
        killsPerHourDay: 165.5,
        deathsPerHourDay: 71.1,
        levelAfterDay: 89,
      },
      {
        location: "beetle_nest",
        monster: "Beetle",
        fighter: "geared level-40",
        killsFirstHour: 178,
        deathsFirstHour: 56,
        killsPerHourDay: 272,
        deathsPerHourDay: 40,
        levelAfterDay: 89,
      },
      {
        location: "swamp",
        monster: "Mosquito",
        fighter: "fresh level-1",
        killsFirstHour: 5,
        deathsFirstHour: 227,
        killsPerHourDay: 104.5,
        deathsPerHourDay: 105.3,
        levelAfterDay: 89,
      },
      {
        location: "swamp",
        monster: "Mosquito",
        fighter: "geared level-40",
        killsFirstHour: 114,
        deathsFirstHour: 89,
        killsPerHourDay: 193.2,
        deathsPerHourDay: 68.5,
        levelAfterDay: 89,
      },
    ]);
    expect(balanceMarkdown(rows).split("\n")).toHaveLength(14);
  });
});
