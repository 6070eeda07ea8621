import { describe, expect, it } from "vitest";
import { areaFighter } from "../../../../testing/fighters.ts";
import { gearItemId, SEED_TIERS } from "../../../data/itemIds.ts";
import { LOCATION_IDS_BY_SKILL } from "../../../data/locations.ts";
import { advance } from "../advance.ts";
import { afflictionLines, wardMarkdown } from "./afflictionBalance.ts";
import { type BalanceRow, balanceDoc, balanceMarkdown } from "./balanceTable.ts";
import { BASE_POWER, DEFENCE_WEIGHT } from "./formulas.ts";

const HOUR = 3_600_000;

/** A made-up row: the page's text is checked here, the fights themselves in balanceTable.test.ts. */
function row(over: Partial<BalanceRow> = {}): BalanceRow {
  return {
    location: "aphid_nest",
    monster: "Aphid",
    fighter: "tutorial newcomer",
    firstKillS: 9,
    lethalAfterS: null,
    kills30m: 241,
    deaths30m: 0,
    killsPerHour: 541,
    deathsPerHour: 0,
    xpPerHour: 2282,
    ...over,
  };
}

describe("docs/combat-balance.md's text (balanceDoc, a development tool)", () => {
  it("a row per fight; 'never' when no bite gets through, 'none' when nothing is ever killed", () => {
    const md = balanceMarkdown([
      row(),
      row({ location: "swamp", monster: "Mosquito", firstKillS: Number.POSITIVE_INFINITY, lethalAfterS: 12 }),
    ]);
    expect(md.split("\n")).toEqual([
      "| Location | Monster | Fighter | First kill (s) | Dies after (s, no kill) | Kills 30 min | Deaths 30 min | Kills/h | Deaths/h | XP/h |",
      "|---|---|---|---:|---:|---:|---:|---:|---:|---:|",
      "| aphid_nest | Aphid | tutorial newcomer | 9 | never | 241 | 0 | 541 | 0 | 2282 |",
      "| swamp | Mosquito | tutorial newcomer | none | 12 | 241 | 0 | 541 | 0 | 2282 |",
    ]);
  });

  it("tells the newcomer's first fight from the first row, whether or not a bite gets through", () => {
    const safe = balanceDoc([row()]);
    expect(safe.startsWith("# Combat balance\n")).toBe(true);
    expect(safe).toContain(
      "At the aphid nest the newcomer kills its first aphid after 9 s (an aphid's bite does not get through its defence, so it cannot die there), then kills 241 aphids and dies 0 times in 30 minutes.",
    );
    expect(safe).toContain(balanceMarkdown([row()]));
    expect(safe).toContain(`hit = (style level + ${BASE_POWER}) × style multiplier`);
    expect(safe).toContain(`(monster level + ${DEFENCE_WEIGHT} × defence)`);
    expect(safe).toContain(afflictionLines());
    expect(safe).toContain(wardMarkdown());
    const bitten = balanceDoc([row({ firstKillS: 12, lethalAfterS: 220, kills30m: 200, deaths30m: 3 })]);
    expect(bitten).toContain(
      "kills its first aphid after 12 s (it could die at the earliest after 220 s of bites), then kills 200 aphids and dies 3 times in 30 minutes.",
    );
  });

  it("names each insect's affliction, whole and halved by a helmet of its tier", () => {
    expect(afflictionLines().split("\n")).toEqual([
      "- **Wasp** (poison): the fighter loses 30 health a second (on whole-second ticks) for 5 s; with a tier-7 helmet or better, the fighter loses 15 health a second (on whole-second ticks) for 5 s.",
      "- **Stag Beetle** (weaken): the fighter's swings deal 30 % less for 6 s; with a tier-8 helmet or better, the fighter's swings deal 15 % less for 6 s.",
      "- **Praying Mantis** (slow): the fighter's swings take 30 % longer for 6 s; with a tier-9 helmet or better, the fighter's swings take 15 % longer for 6 s.",
      "- **Hornet** (stun): the fighter's next swing waits 1000 ms more (once per swing); with a tier-10 helmet or better, the fighter's next swing waits 500 ms more (once per swing).",
    ]);
  });

  it("the ward's table: each area past level 40 and class, the tier's set against its helmet one tier short", () => {
    const lines = wardMarkdown().split("\n");
    expect(lines.slice(0, 2)).toEqual([
      "| Location | Class | Kills/h, tier's set | Deaths/h | Kills/h, helmet one tier short | Deaths/h |",
      "|---|---|---:|---:|---:|---:|",
    ]);
    const areas = LOCATION_IDS_BY_SKILL.combat.slice(SEED_TIERS);
    expect(areas).toEqual(["wasp_nest", "log_pile", "tall_grass", "hornet_hive"]);
    const cells = lines.slice(2).map((l) => l.split(" | "));
    expect(cells.map((c) => [c[0], c[1]])).toEqual(
      areas.flatMap((a) => ["warrior", "mage", "archer"].map((c) => [`| ${a}`, c])),
    );
    // the tier's own set is the area's fighter as the balance table makes it
    const wasp = advance(areaFighter("wasp_nest", 1, "warrior"), HOUR).summary.combat!;
    expect(cells[0]!.slice(2, 4)).toEqual([String(wasp.kills), String(wasp.deaths)]);
    // the same fighter with a tier-6 helmet (no ward against the wasp's poison)
    const short = areaFighter("wasp_nest", 1, "warrior");
    short.equipmentSlots.melee.head = {
      ...short.equipmentSlots.melee.head!,
      id: gearItemId("melee", 6, "head"),
    };
    const shortFight = advance(short, HOUR).summary.combat!;
    expect(cells[0]![4]).toBe(String(shortFight.kills));
    expect(cells[0]![5]).toBe(`${shortFight.deaths} |`);
    // the last area's helmet one tier short is of the tier before the hornet's (9), not of an earlier one
    const hornet = areaFighter("hornet_hive", 1, "warrior");
    hornet.equipmentSlots.melee.head = {
      ...hornet.equipmentSlots.melee.head!,
      id: gearItemId("melee", SEED_TIERS + 3, "head"),
    };
    const hornetShort = advance(hornet, HOUR).summary.combat!;
    expect([cells[9]![0], cells[9]![4], cells[9]![5]]).toEqual([
      "| hornet_hive",
      String(hornetShort.kills),
      `${hornetShort.deaths} |`,
    ]);
    // without the ward the wasp's poison costs every class lives
    for (const c of cells.slice(0, 3)) expect(Number(c[5]!.replace(" |", ""))).toBeGreaterThan(Number(c[3]));
  });
});
