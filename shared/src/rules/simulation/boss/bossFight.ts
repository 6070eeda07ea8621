import {
  BOSS_ENRAGE_MS,
  BOSS_ENRAGE_X,
  BOSS_ROUND_MS,
  BOSS_UNGUARDED_X,
  BOSSES,
} from "../../../data/bosses.ts";
import type { Character } from "../../../data/skills.ts";
import {
  BOSS_CODES,
  type BossCode,
  type BossFight,
  type BossFighter,
  type BossRole,
  type BossView,
} from "../../../protocol/boss.ts";
import type { Player } from "../../../protocol/player.ts";
import type { RoomState } from "../../../protocol/rooms.ts";
import { combatLevel } from "../../intents/setAction.ts";
import { deepClone } from "../../state/clonePlayer.ts";
import { type Rejection, reject } from "../../state/result.ts";
import { Rng } from "../../state/rng.ts";
import { combatStats } from "../combat/combatStats.ts";
import { critDamage, monsterHitDamage } from "../combat/formulas.ts";
import { SwingDamage } from "../combat/SwingDamage.ts";
import { rollBossLoot } from "./bossLoot.ts";

/** chosen: the warrior draws the blows, the mage heals, the archer deals the damage; the classless seed strikes */
export const BOSS_ROLE: Readonly<Record<Character, BossRole>> = {
  warrior: "guard",
  mage: "mender",
  archer: "striker",
  seed: "striker",
};
/** chosen: a striker's swings count double (it aims while the guard holds), a mender's half (it heals) */
export const ROLE_DAMAGE_X: Readonly<Record<BossRole, number>> = { guard: 1, mender: 0.5, striker: 2 };
/** chosen: a mender heals every standing member by 5 % of its health a round: a guard's blow and the sweep, nearly */
export const MEND_SHARE = 0.05;

/** A member's part as at the challenge: its class's role, its health, a round's swings and its armour. */
export function bossFighter(player: Player): BossFighter {
  const s = combatStats(player);
  const role = BOSS_ROLE[player.activeCharacter];
  const swing = new SwingDamage(s.style).of(s, s.maxHealth, s.maxHealth, s.maxMana);
  return {
    id: player.discordId,
    character: player.activeCharacter,
    role,
    hp: s.maxHealth,
    maxHp: s.maxHealth,
    hit: Math.floor((swing * ROLE_DAMAGE_X[role] * BOSS_ROUND_MS) / s.attackIntervalMs),
    critChance: s.critChance,
    defence: s.defenceLevel,
    heal: role === "mender" ? MEND_SHARE : 0,
    damage: 0,
    healed: 0,
    left: false,
    loot: null,
  };
}

/**
 * A member's challenge for its party (the room's members, the challenger among them). Refused with a
 * `boss/*` code: an unknown boss, a party of one, a challenger who is not a member, a fight still on, or a
 * boss above a member's combat level. Every member takes part.
 */
export function challengeBoss(
  current: BossFight | undefined,
  members: readonly Player[],
  challenger: string,
  bossId: string,
  now: number,
  seed: number,
): { ok: true; fight: BossFight } | Rejection<BossCode> {
  const boss = BOSSES[bossId];
  if (!boss) return reject(BOSS_CODES.unknown, `No boss ${bossId}`);
  if (!members.some((m) => m.discordId === challenger))
    return reject(BOSS_CODES.notMember, "Only a member of the room can challenge a boss");
  if (members.length < 2) return reject(BOSS_CODES.solo, "A boss is fought by a party of two or more");
  if (current && current.outcome === null)
    return reject(BOSS_CODES.busy, "Your party is already fighting a boss");
  if (members.some((m) => combatLevel(m) < boss.level))
    return reject(BOSS_CODES.aboveTier, `Every member needs combat level ${boss.level} for ${boss.name}`);
  const fighters = [...members]
    .sort((a, b) => (a.discordId < b.discordId ? -1 : a.discordId > b.discordId ? 1 : 0))
    .map(bossFighter);
  return {
    ok: true,
    fight: {
      bossId,
      startedAt: now,
      enrageAt: now + BOSS_ENRAGE_MS,
      hp: boss.maxHp,
      maxHp: boss.maxHp,
      rounds: 0,
      outcome: null,
      endedAt: null,
      fighters,
      unpaid: [],
      rng: Rng.seed(seed).state(),
    },
  };
}

/**
 * The challenge in the room's document (the room settled to `now`): the fight's generator seeded from the
 * room's, the fight in `boss` (a finished one replaced).
 */
export function challengeRoomBoss(
  room: RoomState,
  members: readonly Player[],
  challenger: string,
  bossId: string,
  now: number,
): { ok: true; room: RoomState } | Rejection<BossCode> {
  const rng = new Rng(room.rng);
  const r = challengeBoss(room.boss, members, challenger, bossId, now, rng.nextU32());
  if (!r.ok) return r;
  return { ok: true, room: { ...room, rng: rng.state(), boss: r.fight } };
}

/** What members see of the fight: all but its generator and bookkeeping. */
export function bossView(fight: BossFight | undefined): BossView | null {
  if (!fight) return null;
  const { rng: _rng, unpaid: _unpaid, ...view } = fight;
  return view;
}

/** The time of the fight's next round, or null once it is over. */
export function bossNextRoundAt(fight: BossFight): number | null {
  return fight.outcome === null ? fight.startedAt + (fight.rounds + 1) * BOSS_ROUND_MS : null;
}

const standing = (f: BossFighter) => !f.left && f.hp > 0;

/**
 * The fight played to `until`, round by round at fixed times (startedAt + k × BOSS_ROUND_MS), so any cut
 * of a span gives the same fight. `present` are the room's members now: a fighter who is no longer one
 * has left, out of the fight and its loot. Each round: the fighters strike (in id order), the boss falls at
 * 0; the menders heal; the boss's sweep hits every standing fighter, its strike the first standing guard
 * (or, with none, a fighter drawn, twice as hard), both ten times as hard from the enrage on. Pure.
 */
export function advanceBoss(fight: BossFight, present: readonly string[], until: number): BossFight {
  const next = deepClone(fight);
  for (const f of next.fighters) if (!present.includes(f.id)) f.left = true;
  const boss = BOSSES[next.bossId]!;
  const rng = new Rng(next.rng);
  for (let at = bossNextRoundAt(next); at !== null && at <= until; at = bossNextRoundAt(next)) {
    next.rounds++;
    const up = next.fighters.filter(standing);
    if (up.length === 0) {
      end(next, "lost", at, rng);
      break;
    }
    for (const f of up) {
      const dealt = Math.min(next.hp, rng.chance(f.critChance) ? critDamage(f.hit) : f.hit);
      f.damage += dealt;
      next.hp -= dealt;
    }
    if (next.hp <= 0) {
      end(next, "won", at, rng);
      break;
    }
    for (const mender of up.filter((f) => f.heal > 0)) {
      for (const f of up) {
        const healed = Math.min(f.maxHp - f.hp, Math.floor(f.maxHp * mender.heal));
        f.hp += healed;
        mender.healed += healed;
      }
    }
    const x = at >= next.enrageAt ? BOSS_ENRAGE_X : 1;
    for (const f of up) f.hp = Math.max(0, f.hp - monsterHitDamage(boss.sweep * x, boss.level, f.defence));
    const guard = up.find((f) => f.role === "guard" && f.hp > 0);
    const target =
      guard ??
      pick(
        up.filter((f) => f.hp > 0),
        rng,
      );
    if (target) {
      const blow = boss.strike * x * (guard ? 1 : BOSS_UNGUARDED_X);
      target.hp = Math.max(0, target.hp - monsterHitDamage(blow, boss.level, target.defence));
    }
    if (!next.fighters.some(standing)) end(next, "lost", at, rng);
  }
  next.rng = rng.state();
  return next;
}

function pick<T>(list: readonly T[], rng: Rng): T | undefined {
  return list.length === 0 ? undefined : list[rng.int(list.length)];
}

/** Over: on a win every fighter who stayed rolls its loot (in id order), paid at the end of the settle. */
function end(fight: BossFight, outcome: "won" | "lost", at: number, rng: Rng): void {
  fight.outcome = outcome;
  fight.endedAt = at;
  if (outcome !== "won") return;
  const boss = BOSSES[fight.bossId]!;
  for (const f of fight.fighters) {
    if (f.left) continue;
    f.loot = rollBossLoot(boss, rng);
    fight.unpaid.push(f.id);
  }
}
