import {
  BOSS_INSECT_DROPS,
  BOSS_LOOTS_PER_WEEK,
  BOSS_TROPHY_STACKS,
  type Boss,
} from "../../../data/bosses.ts";
import type { ItemQuantity } from "../../../protocol/common.ts";
import type { Player } from "../../../protocol/player.ts";
import type { RoomState } from "../../../protocol/rooms.ts";
import { addItemsInPlace } from "../../state/addItems.ts";
import { clonePlayer } from "../../state/clonePlayer.ts";
import type { GameEvent } from "../../state/events.ts";
import type { Rng } from "../../state/rng.ts";
import { weekOf } from "../quests/weeklyGoal.ts";

/** One fighter's roll on a win: the boss's trophy (1–3) and the tier's insect drops. */
export function rollBossLoot(boss: Boss, rng: Rng): ItemQuantity[] {
  const stack = BOSS_TROPHY_STACKS[rng.weighted(BOSS_TROPHY_STACKS.map((s) => s.weight))]!.stack;
  return [
    { id: boss.trophy, quantity: stack },
    { id: boss.drop, quantity: BOSS_INSECT_DROPS },
  ];
}

/** How many boss loots the player has had in the week of `at`. */
export function bossLootsThisWeek(player: Pick<Player, "bossLoot">, at: number): number {
  const week = weekOf(at);
  return player.bossLoot?.week === week ? player.bossLoot.count : 0;
}

/**
 * A won fight's loot paid to each fighter still in the room (settleRoom, at the end of the settle, as the
 * party quest's reward): into its inventory while it has had fewer than BOSS_LOOTS_PER_WEEK this week (the
 * week of the kill), else nothing, and its shown loot emptied so its panel says why. Pure.
 */
export function payBossLoot(
  room: RoomState,
  members: readonly Player[],
  at: number,
): { room: RoomState; members: Player[]; events: GameEvent[][] } {
  const fight = room.boss;
  const events: GameEvent[][] = members.map(() => []);
  if (!fight || fight.unpaid.length === 0) return { room, members: [...members], events };
  const week = weekOf(fight.endedAt ?? at);
  const fighters = fight.fighters.map((f) => ({ ...f }));
  const paid = members.map((m, i) => {
    const f = fighters.find((x) => x.id === m.discordId);
    if (!f || !fight.unpaid.includes(f.id) || !f.loot) return m;
    const count = bossLootsThisWeek(m, fight.endedAt ?? at);
    if (count >= BOSS_LOOTS_PER_WEEK) {
      f.loot = [];
      return m;
    }
    const draft = clonePlayer(m);
    draft.bossLoot = { week, count: count + 1 };
    for (const item of f.loot) {
      const got = addItemsInPlace(draft, item);
      if (got.full)
        events[i]!.push({ type: "inventoryMessage", at, itemId: item.id, lost: got.lost, code: got.full });
    }
    return draft;
  });
  return { room: { ...room, boss: { ...fight, fighters, unpaid: [] } }, members: paid, events };
}
