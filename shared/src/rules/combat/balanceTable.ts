import { LOCATION_IDS_BY_SKILL } from "../../data/locations.ts";
import { MONSTERS } from "../../data/monsters.ts";
import type { Player } from "../../protocol/player.ts";
import { advance } from "../advance.ts";
import { freshFighter, gearedFighter } from "./fixtures.ts";

/**
 * The balance table of docs/combat-balance.md: a fixed-seed fight against each monster by a fresh
 * level-1 player and by a geared level-40 warrior, over the first hour and over a whole day.
 * Not exported from the package: a development tool (its test pins the numbers).
 */
export interface BalanceRow {
  location: string;
  monster: string;
  fighter: "fresh level-1" | "geared level-40";
  killsFirstHour: number;
  deathsFirstHour: number;
  killsPerHourDay: number;
  deathsPerHourDay: number;
  levelAfterDay: number;
}

const HOUR = 3_600_000;

function row(location: string, fighter: BalanceRow["fighter"], p: Player): BalanceRow {
  const hour = advance(p, HOUR).summary.combat!;
  const day = advance(p, 24 * HOUR);
  const d = day.summary.combat!;
  return {
    location,
    monster: MONSTERS[LOCATION_IDS_BY_SKILL.combat.indexOf(location) + 1]!.name,
    fighter,
    killsFirstHour: hour.kills,
    deathsFirstHour: hour.deaths,
    killsPerHourDay: Math.round((d.kills / 24) * 10) / 10,
    deathsPerHourDay: Math.round((d.deaths / 24) * 10) / 10,
    levelAfterDay: day.player.skills[d.skill].level,
  };
}

export function balanceTable(seed = 1): BalanceRow[] {
  return LOCATION_IDS_BY_SKILL.combat.flatMap((location) => [
    row(location, "fresh level-1", freshFighter(location, seed)),
    row(location, "geared level-40", gearedFighter(location, seed)),
  ]);
}

export function balanceMarkdown(rows: readonly BalanceRow[]): string {
  const lines = [
    "| Location | Monster | Fighter | Kills 1st hour | Deaths 1st hour | Kills/h over 24 h | Deaths/h over 24 h | Level after 24 h |",
    "|---|---|---|---:|---:|---:|---:|---:|",
    ...rows.map(
      (r) =>
        `| ${r.location} | ${r.monster} | ${r.fighter} | ${r.killsFirstHour} | ${r.deathsFirstHour} | ${r.killsPerHourDay} | ${r.deathsPerHourDay} | ${r.levelAfterDay} |`,
    ),
  ];
  return lines.join("\n");
}
