import { emptySummary, type GameEvent, shiftTime, speedsOf } from "@pickle-garden/shared";
import type { GameService } from "../src/game/GameService.ts";
import type { GameRules, IntentResult } from "../src/game/rules.ts";
import { playerView } from "../src/game/rules.ts";

/**
 * A scripted simulation for GameService tests: while mining (startMining), one hit every HIT_MS gives
 * 1 mining xp, 1 gold and one item 10001. Arithmetic, so every expectation is exact.
 */
export const HIT_MS = 1000;

const reject = (message: string): IntentResult => ({ ok: false, code: "fake/rejected", message });

export const fakeRules: GameRules = {
  advanceRoom(room, players, until) {
    return {
      room: { ...room, settledAt: until },
      results: players.map((p) => fakeRules.advance(p, until)),
      places: [],
      placeOnly: players.map(() => false),
    };
  },
  advance(player, until, capMs) {
    if (capMs !== undefined && until > player.settledAt + capMs) {
      const capped = fakeRules.advance(player, player.settledAt + capMs);
      return { ...capped, player: shiftTime(capped.player, until - player.settledAt - capMs) };
    }
    const summary = emptySummary(player.settledAt, until);
    if (!(until > player.settledAt)) return { player, events: [], summary };
    const a = player.currentAction;
    let hits = 0;
    let next = a.nextHitAt;
    if (a.skill === "mining" && next !== null) {
      if (next <= until) {
        hits = Math.floor((until - next) / HIT_MS) + 1;
        next += hits * HIT_MS;
      }
    }
    const events: GameEvent[] = [];
    for (let i = 0; i < Math.min(hits, 20); i++) {
      const at = (a.nextHitAt ?? 0) + i * HIT_MS;
      events.push({
        type: "xpUpdate",
        at,
        skill: "mining",
        delta: 1,
        xp: 0,
        level: 1,
        previousLevel: 1,
        rpGain: 0,
        picklelogyGain: 0,
      });
      events.push({
        type: "gatheringUpdate",
        at,
        skill: "mining",
        nodeId: 1,
        reward: { id: 10001, stack: 1 },
        lost: 0,
        breaks: 1,
      });
    }
    if (hits > 0) {
      summary.xp = { mining: hits };
      summary.gathering = {
        skill: "mining",
        location: a.location,
        cycles: hits,
        nodes: hits,
        items: [{ id: 10001, quantity: hits }],
        lostItems: [],
        gainedXp: hits,
        totalamount: hits,
        lost: 0,
        level: 1,
        durationMs: hits * HIT_MS,
      };
    }
    const mining = player.skills.mining;
    return {
      player: {
        ...player,
        gold: player.gold + hits,
        skills: { ...player.skills, mining: { ...mining, xp: mining.xp + hits } },
        currentAction: { ...a, nextHitAt: next },
        settledAt: until,
      },
      events,
      summary,
    };
  },
  nextEventAt: (p) => (p.currentAction.skill === "mining" ? p.currentAction.nextHitAt : null),
  view: playerView,
  speeds: speedsOf,
  roomIntent: () => ({ ok: false, code: "fake/rejected", message: "no room intents in the fake" }),
  challengeBoss: () => ({ ok: false, code: "fake/rejected", message: "no bosses in the fake" }),
  grantWeeklyReward: () => reject("no weekly goal in the fake"),
};

/** Starts the fake's mining in the player's command, as update-action's rule would start the real one. */
export function startMining(service: GameService, discordId: string): Promise<void> {
  return service.command(discordId, (player, now) => ({
    player: {
      ...player,
      currentAction: {
        ...player.currentAction,
        skill: "mining",
        location: "garden",
        lastUpdate: now,
        nextHitAt: now + HIT_MS,
      },
    },
    answer: undefined,
  }));
}
