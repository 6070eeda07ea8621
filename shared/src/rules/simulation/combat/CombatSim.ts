import type { Location, Spell } from "../../../data/schemas.ts";
import type { Player } from "../../../protocol/player.ts";
import type { EventSink } from "../../state/EventSink.ts";
import type { GameEvent } from "../../state/events.ts";
import type { Rng } from "../../state/rng.ts";
import { Afflicted } from "./Afflicted.ts";
import { poisonTick, wardedPower } from "./afflictions.ts";
import type { CombatStats } from "./combatStats.ts";
import { combatStats } from "./combatStats.ts";
import { countdown, revive } from "./death.ts";
import type { PopupType } from "./events.ts";
import { hitPopup } from "./events.ts";
import { FightXp } from "./FightXp.ts";
import { fastForwardKills } from "./fastForwardKills.ts";
import { fastForwardSwings } from "./fastForwardSwings.ts";
import {
  critDamage,
  healedAmount,
  intellectXp,
  manaSpentRest,
  monsterHitDamage,
  passiveHeal,
  REGEN_TICK_MS,
} from "./formulas.ts";
import { LiveMonster } from "./LiveMonster.ts";
import { monsterAttack } from "./monsterAttack.ts";
import { monsterProto } from "./monsterProto.ts";
import { combatLocation, pickMonsterId, restoreMonsters } from "./monsters.ts";
import { tickRegen } from "./regen.ts";
import { SwingDamage } from "./SwingDamage.ts";
import { autoCast, gearSpellDefs, refreshGearCooldowns } from "./simSpells.ts";
import { dotTickOn, rollProcs } from "./statusEffects.ts";

const INF = Number.POSITIVE_INFINITY;
// the hot paths read module-level copies, not imported bindings: a test runner (vitest) or a CommonJS
// transform (tsx) turns each read of an imported binding into a getter call, about a third of the run time
const REGEN_MS = REGEN_TICK_MS;
const _autoCast = autoCast;
const _rollProcs = rollProcs;
const _dotTickOn = dotTickOn;
const _monsterAttack = monsterAttack;
const _fastForwardKills = fastForwardKills;
const _critDamage = critDamage;
const _passiveHeal = passiveHeal;
const _healedAmount = healedAmount;
const _intellectXp = intellectXp;
const _manaSpentRest = manaSpentRest;
const _revive = revive;
const _tickRegen = tickRegen;
const _refreshGearCooldowns = refreshGearCooldowns;
const _poisonTick = poisonTick;

/** The skills a fight teaches, in this order: the style's skill, health, intellect (mana spent). */
const T_STYLE = 0;
const T_HEALTH = 1;
const T_INTELLECT = 2;

/**
 * One player's fight as mutable numbers: built from a draft at a time, advanced event to event (`run`),
 * written back by `writeBackCombat`. Every combat rule that changes state goes through here, so the
 * offline run, the online wake-ups and a cast spell share the same arithmetic (formulas.ts). Methods
 * marked "internal" are for the free functions of this folder only.
 */
export class CombatSim {
  t = 0; // numbers start as numbers, not undefined: the engine keeps them unboxed (else each write allocates)
  readonly draft: Player;
  readonly rng: Rng;
  readonly sink: EventSink;
  /** the fight's location; null when a spell is cast away from a fight */
  readonly loc: Location | null;
  stats: CombatStats;
  /** the gear spells' table entries (stats.gearSpells resolved) */
  spellDefs: readonly Spell[] = [];
  health = 0;
  mana = 0;
  maxHealth = 0;
  maxMana = 0;
  barrierRem = 0;
  barrierMax = 0;
  barrierReadyAt = 0;
  dead: boolean;
  deathStartedAt = 0;
  respawnAt = 0;
  nextSwingAt = 0;
  nextRegenAt = 0;
  readonly mons: LiveMonster[];
  readonly spellReadyAt: Record<string, number>;
  manaSpent = 0;
  readonly canCast: boolean;
  kills = 0;
  deaths = 0;
  damageDealt = 0;
  /** per monster id: player hits landed (each one hit-xp grant) */
  readonly hitCounts: number[];
  /** per monster id: kills per drop-table entry (each one drop and one break-xp grant) */
  readonly dropCounts: number[][] = [];
  /** intellect xp grants: count per base (a whole number of xp), sparse */
  readonly manaGrants: number[] = [];
  // working state shared with this folder's free functions (simSpells, statusEffects, death, fastForwardKills)
  /** room left for detailed events (mirrors sink.detailed) */
  rec: boolean;
  cachedHit = 0;
  /** per monster id: what its bite takes from this fighter (formulas.ts monsterHitDamage) */
  readonly bites: number[];
  dynamicHit = false;
  regenerates = false;
  /** no dodge, block or barrier: a monster's bite only takes health */
  plainBites = false;
  /** no gear spell can go off before this time (the earliest end of their cooldowns) */
  spellsReadyAt = Number.NEGATIVE_INFINITY;
  /** spellReadyAt of each of spellDefs, by index (-Infinity when ready) */
  readonly gearReadyAt: number[] = [];
  /** the xp of the skills this fight teaches */
  readonly xp: FightXp;
  /** an insect of the place afflicts (afflictions.ts): no plain bite, no fast-forward; per monster id its power */
  readonly afflicts: boolean;
  readonly afflictPower: number[];
  readonly aff = new Afflicted();
  /** the location's only monster id, -1 when it has several (then each spawn is a draw) */
  readonly singleSpawn: number = -1;
  private readonly swingDamage: SwingDamage;

  /** Steady one-hit kill cycles are fast-forwarded (fastForwardKills.ts); off only to test that it agrees. */
  readonly fastForward: boolean;

  constructor(
    draft: Player,
    at: number,
    rng: Rng,
    sink: EventSink,
    options: { fastForward?: boolean; monsters?: LiveMonster[] } = {},
  ) {
    this.fastForward = options.fastForward ?? true;
    this.draft = draft;
    this.t = at;
    this.rng = rng;
    this.sink = sink;
    this.rec = sink.detailed;
    this.loc = draft.currentAction.skill === "combat" ? combatLocation(draft.currentAction.location) : null;
    const s = combatStats(draft);
    this.stats = s;
    this.spellDefs = gearSpellDefs(s.gearSpells);
    this.xp = new FightXp(draft, s.skill);
    this.maxHealth = s.maxHealth;
    this.maxMana = s.maxMana;
    this.health = clamp(draft.health, 0, s.maxHealth);
    this.mana = clamp(draft.mana, 0, s.maxMana);
    // a barrier below zero is cleaned up; its max follows the gear
    this.barrierMax = s.barrierMax;
    this.barrierRem = clamp(draft.barrier.remaining, 0, s.barrierMax);
    this.barrierReadyAt = draft.barrier.nextReadyAt;
    this.dead = draft.dead;
    this.deathStartedAt = draft.deathInfo?.startedAt ?? at;
    this.respawnAt = draft.dead ? (draft.deathInfo?.respawnAt ?? at) : at;
    this.spellReadyAt = { ...draft.combat.spellReadyAt };
    _refreshGearCooldowns(this);
    this.manaSpent = Math.max(0, draft.combat.manaSpent);
    this.canCast = draft.featureFlags.intellect === true;
    this.nextSwingAt = this.dead ? INF : future(draft.currentAction.nextHitAt, at, s.attackIntervalMs);
    this.nextRegenAt = this.dead ? INF : future(draft.combat.nextRegenAt, at, REGEN_MS);
    this.swingDamage = new SwingDamage(s.style);
    const spawns = this.loc?.spawns ?? [];
    this.hitCounts = new Array<number>(Math.max(0, ...spawns.map((x) => x.id)) + 1).fill(0);
    this.bites = this.hitCounts.map(() => 0);
    this.afflictPower = this.hitCounts.map(() => 0);
    this.afflicts = spawns.some((x) => monsterProto(x.id).afflictKind !== 0);
    if (!this.dead) this.aff.restore(draft.combat.afflictions, at, this.nextSwingAt);
    this.singleSpawn = spawns.length === 1 ? pickMonsterId(this.loc!, rng) : -1;
    if (options.monsters) {
      // a room's fight: the monsters are shared and already armed (rules/room/RoomFight.ts)
      this.mons = options.monsters;
      this.refreshHit();
      return;
    }
    this.mons = this.loc
      ? restoreMonsters(draft.currentMonsters, this.loc.id).map((m, slot) =>
          LiveMonster.fromInstance(m, slot),
        )
      : [];
    for (const m of this.mons) {
      if (this.dead) m.nextAttackAt = INF;
      else if (!(m.nextAttackAt > at)) m.nextAttackAt = at + m.proto.intervalMs;
      if (m.hp <= 0) this.respawn(m, at);
    }
    if (this.loc && this.mons.length === 0) {
      const m = new LiveMonster(spawns[0]!.id, 0);
      this.mons.push(m);
      this.respawn(m, at);
    }
    this.refreshHit();
  }

  /* ---------- the event loop ---------- */

  /** Every event with a time in (t, until], in time order; ties: revival, status ticks, poison, swing, attacks. */
  run(until: number): void {
    const mons = this.mons;
    const n = mons.length;
    for (;;) {
      if (this.dead) {
        const end = this.respawnAt < until ? this.respawnAt : until;
        if (this.rec) countdown(this, end);
        if (this.respawnAt > until) break;
        this.t = this.respawnAt;
        _revive(this, this.respawnAt);
        continue;
      }
      if (n === 1) {
        // the common case: one monster, no scan
        const m = mons[0]!;
        if (this.fastForward && !this.rec) {
          // steady one-hit kill cycles, then the fight's events in a tight loop (fastForwardSwings.ts)
          if (m.hp === m.maxHp && this.cachedHit >= m.hp) _fastForwardKills(this, until);
          if (fastForwardSwings(this, until)) continue;
        }
        const dot = m.burnNextTick < m.bleedNextTick ? m.burnNextTick : m.bleedNextTick;
        const swing = this.nextSwingAt;
        const attack = m.nextAttackAt;
        const poison = this.aff.poisonNextTick;
        if (dot <= swing && dot <= attack && dot <= poison) {
          if (dot > until) break;
          this.t = dot;
          _dotTickOn(this, m, m.burnNextTick <= m.bleedNextTick, dot);
        } else if (poison <= swing && poison <= attack) {
          if (poison > until) break;
          this.t = poison;
          _poisonTick(this, poison);
        } else if (swing <= attack) {
          if (swing > until) break;
          this.t = swing;
          this.swing(swing);
        } else {
          if (attack > until) break;
          this.t = attack;
          // a bite that draws nothing, meets no barrier and does not kill is plain arithmetic (else monsterAttack.ts)
          if (this.plainBites && !this.rec && m.freezeUntil <= attack && m.stunUntil <= attack) {
            if (this.nextRegenAt <= attack && this.regenerates) _tickRegen(this, attack);
            const p = m.proto;
            const bite = this.bites[p.id]!;
            if (this.health > bite) {
              m.nextAttackAt = attack + p.intervalMs;
              this.health -= bite;
              continue;
            }
          }
          _monsterAttack(this, m, attack);
        }
        continue;
      }
      let next = Number.POSITIVE_INFINITY; // Number's, not INF: a module constant in a loop's number is boxed
      let kind = 0;
      let idx = 0;
      for (let i = 0; i < n; i++) {
        const m = mons[i]!;
        if (m.burnNextTick < next) {
          next = m.burnNextTick;
          kind = 1;
          idx = i;
        }
        if (m.bleedNextTick < next) {
          next = m.bleedNextTick;
          kind = 2;
          idx = i;
        }
      }
      if (this.aff.poisonNextTick < next) {
        next = this.aff.poisonNextTick;
        kind = 5;
      }
      if (this.nextSwingAt < next) {
        next = this.nextSwingAt;
        kind = 3;
      }
      for (let i = 0; i < n; i++) {
        const a = mons[i]!.nextAttackAt;
        if (a < next) {
          next = a;
          kind = 4;
          idx = i;
        }
      }
      if (next > until) break;
      this.t = next;
      if (kind === 3) this.swing(next);
      else if (kind === 4) _monsterAttack(this, mons[idx]!, next);
      else if (kind === 5) _poisonTick(this, next);
      else _dotTickOn(this, mons[idx]!, kind === 1, next);
    }
    this.t = until;
    if (!this.dead) _tickRegen(this, until);
    this.refreshBarrier(until);
  }

  /* ---------- the player's side ---------- */

  /** A player swing at t, gear spells first (internal). */
  swing(t: number): void {
    this.nextSwingAt = t + this.aff.swingInterval(this.stats.attackIntervalMs, t);
    const target = this.mons[0];
    if (!target) return;
    const s = this.stats;
    // health and mana are read below (spells, berserk, mana scaling, lifesteal): bring regeneration up to now
    if (this.nextRegenAt <= t && this.regenerates) _tickRegen(this, t);
    if (this.canCast && t >= this.spellsReadyAt) _autoCast(this, t);
    this.strike(target, s, t);
  }

  /** The rest of a swing after its gear spells: the hit (maybe a crit) and a rapid shot. (internal) */
  strike(target: LiveMonster, s: CombatStats, t: number): void {
    let hit = this.dynamicHit ? this.computeHit() : this.cachedHit;
    if (this.aff.weakenUntil > t) hit = this.aff.weakenedHit(hit);
    let crit = false;
    // a crit only matters (and is only rolled) when the plain hit does not already kill
    if (s.critChance > 0 && hit < target.hp && this.rng.chance(s.critChance)) {
      hit = _critDamage(hit);
      crit = true;
    }
    this.hitMonster(target, hit, crit ? 1 : 0, t, true);
    if (s.rapidShotChance > 0 && this.rng.chance(s.rapidShotChance))
      this.hitMonster(this.mons[0]!, hit, 2, t, false);
  }

  /** Mana spent accumulates; its whole points become intellect xp grants. (internal) */
  spendMana(amount: number): void {
    const total = this.manaSpent + amount;
    const xp = _intellectXp(total);
    this.manaSpent = _manaSpentRest(total, xp);
    if (xp > 0) {
      this.manaGrants[xp] = (this.manaGrants[xp] ?? 0) + 1;
      this.addXp(T_INTELLECT, this.xp.eff(xp));
    }
  }

  /** Player damage: hp, hit xp, a swing's procs, the kill. `how`: 0 swing, 1 crit, 2 rapid, 3 spell, 4 counter. */
  hitMonster(m: LiveMonster, amount: number, how: number, t: number, procs: boolean, spellType = ""): void {
    const dealt = amount < m.hp ? amount : m.hp;
    m.hp -= dealt;
    this.damageDealt += dealt;
    if (this.rec) this.popupMonster(m, hitPopup(this.stats.style, how, spellType), amount, t);
    const p = m.proto;
    if (p.hitXp > 0) {
      this.hitCounts[p.id]!++;
      const e = this.xp.eff(p.hitXp);
      this.addXp(T_STYLE, e);
      this.addXp(T_HEALTH, e);
    }
    const s = this.stats;
    if (procs && s.lifestealChance > 0 && this.rng.chance(s.lifestealChance)) {
      this.heal(_passiveHeal(amount), "lifesteal", t);
    }
    if (m.hp <= 0) {
      this.kill(m, t);
      return;
    }
    if (procs) _rollProcs(this, m, amount, t);
  }

  /** A kill: the weighted drop, break xp to the style and health, a weighted new monster in its place. (internal) */
  kill(m: LiveMonster, t: number): void {
    this.loot(m, t);
    this.respawn(m, t);
  }

  /** The killer's share of a kill: its own drop roll, break xp to the style and health. (internal) */
  loot(m: LiveMonster, t: number): void {
    this.kills++;
    const p = m.proto;
    const k = p.dropWeight.length === 1 ? 0 : this.rng.weighted(p.dropWeight);
    let counts = this.dropCounts[p.id];
    if (!counts) {
      counts = new Array<number>(p.dropWeight.length).fill(0);
      this.dropCounts[p.id] = counts;
    }
    counts[k]!++;
    const breakXp = p.dropBreakXp[k]!;
    if (breakXp > 0) {
      const e = this.xp.eff(breakXp);
      this.addXp(T_STYLE, e);
      this.addXp(T_HEALTH, e);
    }
    if (this.rec) {
      this.emit({
        type: "monsterLoot",
        at: t,
        monsterId: p.id,
        uid: m.uid,
        item: { id: p.dropItem[k]!, quantity: p.dropStack[k]! },
        xp: breakXp,
      });
    }
  }

  /** internal */
  respawn(m: LiveMonster, t: number): void {
    m.spawn(this.singleSpawn >= 0 ? this.singleSpawn : pickMonsterId(this.loc!, this.rng), t);
    m.nextAttackAt = this.dead ? INF : t + m.proto.intervalMs;
    if (this.rec)
      this.emit({ type: "monsterSpawn", at: t, monsterId: m.id, uid: m.uid, hp: m.hp, maxHp: m.maxHp });
  }

  /** A depleted barrier is whole again once its cooldown has passed. (internal) */
  refreshBarrier(t: number): void {
    if (this.barrierMax > 0 && this.barrierRem <= 0 && this.barrierReadyAt <= t)
      this.barrierRem = this.barrierMax;
  }

  /* ---------- health, mana, death ---------- */

  /** Heals by `amount` (rounded, only when above 0, up to max); returns the points healed. */
  heal(amount: number, popup: "heal" | "lifesteal", t: number): number {
    const healed = _healedAmount(this.health, this.maxHealth, amount);
    if (healed > 0) {
      this.health += healed;
      if (this.rec) this.popupPlayer(popup, healed, t);
    }
    return healed;
  }

  /** The draft before the write-back writes loot and xp inside it (solo: a whole copy already; RoomFight copies). */
  ownDraft(): Player {
    return this.draft;
  }

  /** The draft with skills and a lab of its own, for a hit's xp without loot (a room member copies those two). */
  ownXp(): Player {
    return this.draft;
  }

  /** Adds xp to a taught skill; crossing a level refreshes the stats (damage, max health, max mana). (internal) */
  addXp(which: number, eff: number): void {
    if (this.xp.add(which, eff)) this.levelUp();
  }

  private levelUp(): void {
    this.stats = combatStats({ ...this.draft, skills: this.xp.skillsNow() });
    this.spellDefs = gearSpellDefs(this.stats.gearSpells);
    _refreshGearCooldowns(this);
    this.maxHealth = this.stats.maxHealth;
    this.maxMana = this.stats.maxMana;
    this.health = Math.min(this.health, this.maxHealth);
    this.mana = Math.min(this.mana, this.maxMana);
    this.refreshHit();
  }

  /* ---------- hits ---------- */

  /** internal */
  refreshHit(): void {
    const s = this.stats;
    this.regenerates = s.healthRegen > 0 || s.manaRegen > 0;
    this.plainBites = s.dodgeChance <= 0 && s.blockChance <= 0 && this.barrierMax <= 0 && !this.afflicts;
    this.dynamicHit = s.berserkPct > 0 || s.dmgPerManaPct > 0;
    this.cachedHit = this.computeHit();
    for (const x of this.loc?.spawns ?? []) {
      const p = monsterProto(x.id);
      this.bites[x.id] = monsterHitDamage(p.attack, p.level, s.defenceLevel);
      this.afflictPower[x.id] = wardedPower(p, s.ward);
    }
  }

  /** What a plain swing deals now (formulas.ts playerHitDamage). */
  computeHit(): number {
    return this.swingDamage.of(this.stats, this.health, this.maxHealth, this.mana);
  }

  /* ---------- events ---------- */

  /** internal */
  emit(e: GameEvent): void {
    this.sink.emit(e);
    this.rec = this.sink.detailed;
  }

  /** internal */
  popupPlayer(popup: PopupType, amount: number, t: number): void {
    this.emit({ type: "combatPopup", at: t, popup, amount, target: { kind: "player" } });
  }

  /** internal */
  popupMonster(m: LiveMonster, popup: PopupType, amount: number, t: number): void {
    this.emit({
      type: "combatPopup",
      at: t,
      popup,
      amount,
      target: { kind: "monster", uid: m.uid, monsterId: m.id },
    });
  }
}

function clamp(x: number, lo: number, hi: number): number {
  return Number.isFinite(x) ? Math.min(hi, Math.max(lo, x)) : lo;
}

/** A scheduled time strictly after `at` (what is at or before `at` is settled), else one interval on. */
function future(time: number | null | undefined, at: number, interval: number): number {
  return time !== null && time !== undefined && time > at ? time : at + interval;
}
