import { describe, expect, it } from "vitest";
import { deepFreeze } from "../../../../testing/players.ts";
import { BOSS_INSECT_DROPS, BOSS_LOOTS_PER_WEEK, BOSS_TROPHY_STACKS, BOSSES } from "../../../data/bosses.ts";
import { WEEK_MS } from "../../../data/quests.ts";
import type { BossFight } from "../../../protocol/boss.ts";
import type { Player } from "../../../protocol/player.ts";
import type { RoomState } from "../../../protocol/rooms.ts";
import { newPlayer } from "../../state/newPlayer.ts";
import { Rng } from "../../state/rng.ts";
import { weekOf, weekStart } from "../quests/weeklyGoal.ts";
import { newRoomState } from "../room/advanceRoom.ts";
import { bossFighter, bossView } from "./bossFight.ts";
import { payBossLoot, rollBossLoot } from "./bossLoot.ts";

const QUEEN = BOSSES.wasp_queen!;
const ENDED = weekStart(3000) + 3_600_000;
const LOOT = [
  { id: QUEEN.trophy, quantity: 2 },
  { id: QUEEN.drop, quantity: BOSS_INSECT_DROPS },
];

const player = (id: string): Player =>
  deepFreeze(newPlayer({ discordId: id, username: id, now: 0, seed: id.length }));

/** A room whose fight was won at ENDED by `fighters`, `unpaid` of them yet to be paid. */
function wonRoom(fighters: readonly Player[], unpaid = fighters.map((p) => p.discordId)): RoomState {
  const fight: BossFight = {
    bossId: QUEEN.id,
    startedAt: ENDED - 60_000,
    enrageAt: ENDED + 120_000,
    hp: 0,
    maxHp: QUEEN.maxHp,
    rounds: 30,
    outcome: "won",
    endedAt: ENDED,
    fighters: fighters.map((p) => ({ ...bossFighter(p), loot: LOOT })),
    unpaid: [...unpaid],
    rng: Rng.seed(1).state(),
  };
  return deepFreeze({ ...newRoomState("r", 1, ENDED), boss: fight });
}

const held = (p: Player, id: number) =>
  p.inventory.filter((e) => e.id === id).reduce((n, e) => n + e.stack, 0);

describe("rollBossLoot", () => {
  it("rolls the boss's trophy, 1 to 3, and the tier's insect drops", () => {
    const seen = new Set<number>();
    const rng = Rng.seed(3);
    for (let i = 0; i < 200; i++) {
      const [trophy, drop] = rollBossLoot(QUEEN, rng);
      expect(trophy!.id).toBe(QUEEN.trophy);
      seen.add(trophy!.quantity);
      expect(drop).toEqual({ id: QUEEN.drop, quantity: BOSS_INSECT_DROPS });
    }
    expect([...seen].sort()).toEqual(BOSS_TROPHY_STACKS.map((s) => s.stack).sort());
  });
});

describe("payBossLoot", () => {
  it("pays each unpaid fighter its loot, with nothing to tell", () => {
    const ps = [player("a"), player("bb")];
    const paid = payBossLoot(wonRoom(ps), ps, ENDED);
    for (const p of paid.members) {
      expect(held(p, QUEEN.trophy)).toBe(2);
      expect(held(p, QUEEN.drop)).toBe(BOSS_INSECT_DROPS);
    }
    expect(paid.events).toEqual([[], []]);
    expect(paid.room.boss!.unpaid).toEqual([]);
  });

  it("counts the loot in the week of the kill, not the week it is paid in", () => {
    const ps = [player("a"), player("bb")];
    const paid = payBossLoot(wonRoom(ps), ps, ENDED + WEEK_MS);
    expect(paid.members[0]!.bossLoot).toEqual({ week: weekOf(ENDED), count: 1 });
  });

  it("a fighter whose week of the kill is full gets nothing, even when paid in the next week", () => {
    const full = deepFreeze({
      ...player("a"),
      bossLoot: { week: weekOf(ENDED), count: BOSS_LOOTS_PER_WEEK },
    });
    const ps = [full, player("bb")];
    const paid = payBossLoot(wonRoom(ps), ps, ENDED + WEEK_MS);
    expect(paid.members[0]).toBe(full);
    expect(held(paid.members[0]!, QUEEN.trophy)).toBe(0);
    expect(held(paid.members[1]!, QUEEN.trophy)).toBe(2);
  });

  it("leaves out a member who did not fight and a fighter already paid", () => {
    const [a, b, late] = [player("a"), player("bb"), player("ccc")];
    const paid = payBossLoot(wonRoom([a, b], ["bb"]), [a, b, late], ENDED);
    expect(paid.members[0]).toBe(a);
    expect(paid.members[2]).toBe(late);
    expect(held(paid.members[1]!, QUEEN.trophy)).toBe(2);
    expect(paid.events).toEqual([[], [], []]);
  });

  it("tells what a full inventory could not take", () => {
    const a = player("a");
    const full = deepFreeze({ ...a, inv_size: 1, inventory: [{ id: 10001, stack: 5 }] });
    const paid = payBossLoot(wonRoom([full]), [full], ENDED + 5);
    expect(paid.events).toEqual([
      [
        {
          type: "inventoryMessage",
          at: ENDED + 5,
          itemId: QUEEN.trophy,
          lost: 2,
          code: "inventory/no_space_to_add",
        },
        {
          type: "inventoryMessage",
          at: ENDED + 5,
          itemId: QUEEN.drop,
          lost: BOSS_INSECT_DROPS,
          code: "inventory/no_space_to_add",
        },
      ],
    ]);
    expect(paid.members[0]!.bossLoot).toEqual({ week: weekOf(ENDED), count: 1 });
  });

  it("with no fight, or nothing unpaid, changes nothing", () => {
    const ps = [player("a"), player("bb")];
    const bare = deepFreeze(newRoomState("r", 1, ENDED));
    for (const room of [bare, wonRoom(ps, [])]) {
      const r = payBossLoot(room, ps, ENDED);
      expect(r.room).toBe(room);
      expect(r.members).toEqual(ps);
      expect(r.members[0]).toBe(ps[0]);
      expect(r.events).toEqual([[], []]);
    }
  });
});

describe("bossView", () => {
  it("shows all of the fight but its generator and who is unpaid; no fight, nothing", () => {
    const room = wonRoom([player("a"), player("bb")]);
    const { rng: _rng, unpaid: _unpaid, ...shown } = room.boss!;
    expect(bossView(room.boss)).toEqual(shown);
    expect(bossView(undefined)).toBeNull();
  });
});
