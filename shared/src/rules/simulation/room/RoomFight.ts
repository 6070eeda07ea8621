import type { Location } from "../../../data/schemas.ts";
import type { Player } from "../../../protocol/player.ts";
import type { SharedFight } from "../../../protocol/rooms.ts";
import { Rng } from "../../state/rng.ts";
import { poisonTick } from "../combat/afflictions.ts";
import { CombatSim } from "../combat/CombatSim.ts";
import { countdown, revive } from "../combat/death.ts";
import { LiveMonster } from "../combat/LiveMonster.ts";
import { monsterAttack } from "../combat/monsterAttack.ts";
import { combatLocation, pickMonsterId, restoreMonsters } from "../combat/monsters.ts";
import { tickRegen } from "../combat/regen.ts";
import { castUnchecked, type SpellBlock, spellBlocked } from "../combat/simSpells.ts";
import { dotTickOn } from "../combat/statusEffects.ts";
import { writeBackCombat } from "../combat/writeBackCombat.ts";
import { ownDraft, ownXp, type RoomMember } from "./roomMember.ts";

const INF = Number.POSITIVE_INFINITY;
const NONE = Number.NEGATIVE_INFINITY;

/** A member's side of a shared fight: solo combat's arithmetic, with kills and spawns handed to the room. */
class RoomFighter extends CombatSim {
  readonly id: string;
  private readonly fight: RoomFight;
  private readonly member: RoomMember;

  constructor(member: RoomMember, at: number, fight: RoomFight) {
    super(member.draft, at, member.rng, member.sink, { fastForward: false, monsters: fight.mons });
    this.id = member.id;
    this.fight = fight;
    this.member = member;
  }

  override ownDraft(): Player {
    return ownDraft(this.member);
  }

  override ownXp(): Player {
    return ownXp(this.member);
  }

  override hitMonster(
    m: LiveMonster,
    amount: number,
    how: number,
    t: number,
    procs: boolean,
    spellType = "",
  ): void {
    this.fight.damagedBy(m, this.id);
    super.hitMonster(m, amount, how, t, procs, spellType);
  }

  override kill(m: LiveMonster, t: number): void {
    this.fight.kill(m, t);
  }
}

/**
 * Two or more members fighting one set of monsters (docs/rooms.md). Events in time order; at equal times
 * revivals, status ticks, swings, then monster attacks, members in id order. A monster attacks the living
 * member who last damaged it, else one the fight's generator draws; loot and break xp go to every member
 * who damaged it; the fight's generator spawns the next one. The fight's generator is its own, seeded by
 * the room's when it opens, so its draws never depend on how far another place has been played.
 */
export class RoomFight {
  readonly mons: LiveMonster[];
  private readonly fighters: RoomFighter[];
  private readonly loc: Location;
  private readonly damagers: Record<string, string[]>;
  private readonly targets: Record<string, string>;
  private readonly rng: Rng;

  constructor(
    private readonly state: SharedFight,
    location: string,
    members: readonly RoomMember[],
    at: number,
  ) {
    this.rng = new Rng(state.rng);
    this.loc = combatLocation(location);
    this.damagers = state.damagers;
    this.targets = state.targets;
    this.mons = restoreMonsters(state.monsters, location).map((m, slot) => LiveMonster.fromInstance(m, slot));
    this.fighters = members.map((m) => new RoomFighter(m, at, this));
    const anyAlive = this.fighters.some((f) => !f.dead);
    for (const m of this.mons) {
      if (!anyAlive) m.nextAttackAt = INF;
      else if (!(m.nextAttackAt > at)) m.nextAttackAt = at + m.proto.intervalMs;
    }
    if (this.mons.length === 0) {
      const m = new LiveMonster(this.loc.spawns[0]!.id, 0);
      this.mons.push(m);
      this.respawn(m, at);
    }
  }

  /** The fight as a member left it alone: its monsters, as the shared fight starts from them. */
  static open(first: Player, location: string, roomRng: Rng): SharedFight {
    return {
      monsters: restoreMonsters(first.currentMonsters, location),
      damagers: {},
      targets: {},
      rng: Rng.seed(roomRng.nextU32()).state(),
    };
  }

  /**
   * A fight's state to play on, the given one untouched: what a RoomFight changes in place (who damaged
   * each monster, whom it attacks) copied; its monsters and generator are only read, and `run` replaces them.
   */
  static copy(state: SharedFight): SharedFight {
    const damagers: Record<string, string[]> = {};
    for (const uid in state.damagers) damagers[uid] = state.damagers[uid]!.slice();
    return { ...state, damagers, targets: { ...state.targets } };
  }

  damagedBy(m: LiveMonster, id: string): void {
    const list = this.damagers[m.uid];
    if (!list) this.damagers[m.uid] = [id];
    else if (!list.includes(id)) list.push(id);
    this.targets[m.uid] = id;
  }

  kill(m: LiveMonster, t: number): void {
    const ids = this.damagers[m.uid] ?? [];
    for (const f of this.fighters) if (ids.includes(f.id)) f.loot(m, t);
    this.respawn(m, t);
  }

  respawn(m: LiveMonster, t: number): void {
    delete this.damagers[m.uid];
    delete this.targets[m.uid];
    m.spawn(pickMonsterId(this.loc, this.rng), t);
    m.nextAttackAt = this.fighters.some((f) => !f.dead) ? t + m.proto.intervalMs : INF;
    for (const f of this.fighters) {
      if (f.rec)
        f.emit({ type: "monsterSpawn", at: t, monsterId: m.id, uid: m.uid, hp: m.hp, maxHp: m.maxHp });
    }
  }

  /**
   * A member's own cast at `t` (the fight settled to `t`): its hits go through the fight like a swing's,
   * so a kill loots every member who damaged the monster. Answers why it cannot go off, else null.
   */
  cast(id: string, spellId: string, t: number): SpellBlock | null {
    const f = this.fighters.find((x) => x.id === id)!;
    const block = spellBlocked(f, spellId, t);
    if (block) return block;
    f.t = t;
    castUnchecked(f, spellId, t, true);
    return null;
  }

  /** Every event in (at, until], then each member's fight written back to its draft. */
  run(until: number): void {
    const fighters = this.fighters;
    const mons = this.mons;
    for (;;) {
      let next = INF;
      let kind = 0;
      let idx = 0;
      fighters.forEach((f, i) => {
        if (f.dead && f.respawnAt < next) [next, kind, idx] = [f.respawnAt, 1, i];
      });
      mons.forEach((m, i) => {
        if (m.burnNextTick < next) [next, kind, idx] = [m.burnNextTick, 2, i];
        if (m.bleedNextTick < next) [next, kind, idx] = [m.bleedNextTick, 3, i];
      });
      fighters.forEach((f, i) => {
        if (f.aff.poisonNextTick < next) [next, kind, idx] = [f.aff.poisonNextTick, 6, i];
      });
      fighters.forEach((f, i) => {
        if (!f.dead && f.nextSwingAt < next) [next, kind, idx] = [f.nextSwingAt, 4, i];
      });
      mons.forEach((m, i) => {
        if (m.nextAttackAt < next) [next, kind, idx] = [m.nextAttackAt, 5, i];
      });
      if (next > until) break;
      if (kind === 1) this.revive(fighters[idx]!, next);
      else if (kind === 2 || kind === 3) this.dot(mons[idx]!, kind === 2, next);
      else if (kind === 4) {
        const f = fighters[idx]!;
        f.t = next;
        f.swing(next);
      } else if (kind === 6) this.poison(fighters[idx]!, next);
      else this.attack(mons[idx]!, next);
    }
    // one array of the monsters for the room and every fighter (documents are never written in place)
    const monsters = mons.map((m) => m.toInstance(until));
    for (const f of fighters) {
      if (f.dead) countdown(f, until);
      f.t = until;
      if (!f.dead) tickRegen(f, until);
      f.refreshBarrier(until);
      writeBackCombat(f, monsters);
    }
    this.state.monsters = monsters;
    this.state.rng = this.rng.state();
  }

  private revive(f: RoomFighter, t: number): void {
    countdown(f, t);
    f.t = t;
    // revive re-arms every monster; the others already attacking keep their rhythm
    const before = this.mons.map((m) => m.nextAttackAt);
    revive(f, t);
    this.mons.forEach((m, i) => {
      if (Number.isFinite(before[i]!)) m.nextAttackAt = before[i]!;
    });
  }

  /** A status tick, credited to the member the monster is after (the last who damaged it). */
  private dot(m: LiveMonster, burn: boolean, t: number): void {
    const f = this.fighters.find((x) => x.id === this.targets[m.uid]) ?? this.fighters[0]!;
    f.t = t;
    dotTickOn(f, m, burn, t);
  }

  /** A member's poison tick; a death by it stops the monsters it drew, as a bite's does. */
  private poison(f: RoomFighter, t: number): void {
    f.t = t;
    poisonTick(f, t);
    if (f.dead) this.afterDeath(f, t);
  }

  private attack(m: LiveMonster, t: number): void {
    if (m.disabledUntil(t) !== NONE) {
      monsterAttack(this.fighters[0]!, m, t);
      return;
    }
    const target = this.target(m);
    if (!target) {
      m.nextAttackAt = INF;
      return;
    }
    target.t = t;
    monsterAttack(target, m, t);
    if (target.dead) this.afterDeath(target, t);
  }

  /** A member died: it stopped every monster (solo rule); those with a living member left attack on. */
  private afterDeath(dead: RoomFighter, t: number): void {
    const alive = this.fighters.some((f) => !f.dead);
    for (const x of this.mons) {
      if (x.nextAttackAt === INF && alive) x.nextAttackAt = t + x.proto.intervalMs;
      if (this.targets[x.uid] === dead.id) delete this.targets[x.uid];
    }
  }

  private target(m: LiveMonster): RoomFighter | null {
    const current = this.fighters.find((f) => f.id === this.targets[m.uid] && !f.dead);
    if (current) return current;
    const alive = this.fighters.filter((f) => !f.dead);
    if (alive.length === 0) return null;
    const chosen = alive[this.rng.int(alive.length)]!;
    this.targets[m.uid] = chosen.id;
    return chosen;
  }
}
