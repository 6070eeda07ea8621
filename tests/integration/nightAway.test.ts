import { advance, newPlayer, type Player, Rng } from "@pickle-garden/shared";
import { describe, expect, it } from "vitest";
import { CLASS_PATHS, checkIn, noSpending, type SimClass } from "../../scripts/sim/sensiblePlayer.ts";

/**
 * Issue 29 §1: a player at any point of the first week, away 12 hours at its current action with what the
 * economy of that day affords, loses nothing. The sensible player of `npm run sim` plays the week on the
 * real rules; at every check-in, what it chose runs 12 hours on a copy and must lose no item and stop no
 * craft for room.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const START = Date.UTC(2026, 0, 5);

interface Loss {
  day: number;
  activity: string | null;
  lost: number;
  craftStopped: boolean;
}

function weekOf(clazz: SimClass): { checkIns: number; losses: Loss[] } {
  const path = CLASS_PATHS[clazz];
  const rng = Rng.seed(1);
  let player: Player = newPlayer({ discordId: `night-${clazz}`, username: "Night", now: START, seed: 1 });
  let now = START;
  let checkIns = 0;
  const losses: Loss[] = [];
  while (now < START + 7 * DAY) {
    const spent = noSpending();
    const plan = checkIn(player, path, now, Number.POSITIVE_INFINITY, spent);
    player = plan.player;
    checkIns += 1;
    const night = advance(player, now + 12 * HOUR).summary;
    if (night.lost > 0 || night.craftStoppedForInventory)
      losses.push({
        day: (now - START) / DAY,
        activity: plan.activity,
        lost: night.lost,
        craftStopped: night.craftStoppedForInventory,
      });
    // the day goes on: a check-in every 1 to 8 hours, as the simulator plays it
    const span = (1 + rng.next() * 7) * HOUR;
    player = advance(player, now + span).player;
    now += span;
  }
  return { checkIns, losses };
}

describe("a night away in the first week", () => {
  for (const clazz of Object.keys(CLASS_PATHS) as SimClass[]) {
    it(`loses nothing at any check-in (${clazz})`, () => {
      const { checkIns, losses } = weekOf(clazz);
      expect(checkIns).toBeGreaterThan(30);
      expect(losses).toEqual([]);
    });
  }
});
