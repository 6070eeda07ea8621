import type { CombatSim } from "./CombatSim.ts";
import { spellCheckAt } from "./fastForwardKills.ts";
import { critDamage } from "./formulas.ts";
import type { LiveMonster } from "./LiveMonster.ts";
import { monsterAttack } from "./monsterAttack.ts";
import { tickRegen } from "./regen.ts";
import { autoCast } from "./simSpells.ts";
import { rollProcs } from "./statusEffects.ts";

const INF = Number.POSITIVE_INFINITY;

// module-level copies, not imported bindings (a test runner turns those into getters: see CombatSim.ts)
const _critDamage = critDamage;
const _monsterAttack = monsterAttack;
const _spellCheckAt = spellCheckAt;
const _tickRegen = tickRegen;
const _autoCast = autoCast;
const _rollProcs = rollProcs;

/**
 * Whether a fighter's fights may run in `plainStretch`: plain bites (no dodge, block, barrier or affliction) and
 * swings that draw only a crit, a freeze and a stun (no lifesteal, rapid shot, burn or bleed, no hit that
 * follows health or mana).
 */
export function plainFighter(sim: CombatSim): boolean {
  const s = sim.stats;
  return (
    sim.plainBites &&
    !sim.dynamicHit &&
    s.lifestealChance <= 0 &&
    s.rapidShotChance <= 0 &&
    s.burnChance <= 0 &&
    s.bleedChance <= 0
  );
}

/**
 * A stretch of a plain fighter's fight (`plainFighter`) against one kind of monster with one drop, nothing
 * ticking on it, no poison, weaken or slow: swings and bites in local numbers, the event loop's arithmetic and
 * draws in its order (CombatSim.swing, strike, hitMonster, kill and the plain bite of CombatSim.run; the gear
 * spells by `autoCast`, the procs by `rollProcs`, regeneration by `tickRegen`). Runs up to `until`, a swing whose
 * xp may cross a level or whose spells crossed one (left to the caller, which then has the fighter's new
 * numbers), or a lethal bite (`monsterAttack`, then true: the caller revives). Does nothing when the fight is
 * not in this state.
 */
export function plainStretch(sim: CombatSim, m: LiveMonster, until: number): boolean {
  const p = m.proto;
  const aff = sim.aff;
  const t0 = sim.t;
  if (
    // one swing kills: fastForwardKills' cycles
    sim.cachedHit >= p.maxHp ||
    m.id !== sim.singleSpawn ||
    p.dropWeight.length !== 1 ||
    m.burnNextTick !== INF ||
    m.bleedNextTick !== INF ||
    aff.poisonNextTick !== INF ||
    aff.weakenUntil > t0 ||
    aff.slowUntil > t0
  ) {
    return false;
  }
  const s = sim.stats;
  const xp = sim.xp;
  const hitEff = p.hitXp > 0 ? xp.eff(p.hitXp) : 0;
  const breakEff = p.dropBreakXp[0]! > 0 ? xp.eff(p.dropBreakXp[0]!) : 0;
  const most = hitEff + breakEff;
  const xpTotal = xp.total;
  // a level ends the stretch: the thresholds hold
  const next0 = xp.next[0]!;
  const next1 = xp.next[1]!;
  const interval = s.attackIntervalMs;
  const crit = s.critChance;
  const procs = s.freezeChance > 0 || s.stunChance > 0;
  const regen = sim.regenerates;
  const casts = sim.canCast && sim.spellDefs.length > 0;
  let checkAt = casts ? _spellCheckAt(sim) : Number.POSITIVE_INFINITY;
  const rng = sim.rng;
  const biteMs = p.intervalMs;
  const bite = sim.bites[p.id]!;
  const hit = sim.cachedHit;
  let x0 = xpTotal[0]!;
  let x1 = xpTotal[1]!;
  let health = sim.health;
  let hp = m.hp;
  let w = sim.nextSwingAt;
  let a = m.nextAttackAt;
  let t = t0;
  /**
   * when the monster's freeze or stun ends (read again where only they change: procs, spells, a new monster); the
   * infinities here are Number's, not module constants, which the engine reads as boxed values and then boxes
   * every time the loop writes (a tenth of the run in the collector)
   */
  let held = m.freezeUntil > m.stunUntil ? m.freezeUntil : m.stunUntil;
  let dealt = sim.damageDealt;
  let hits = 0;
  let kills = 0;
  let lethal = false;
  let strikeAt = -1;
  for (;;) {
    if (a < w) {
      if (a > until) break;
      t = a;
      // it waits while the monster is frozen or stunned
      if (held > a) {
        a = held;
        continue;
      }
      if (regen && sim.nextRegenAt <= a) {
        sim.health = health;
        _tickRegen(sim, a);
        health = sim.health;
      }
      if (health <= bite) {
        lethal = true;
        break;
      }
      health -= bite;
      a += biteMs;
      continue;
    }
    if (w > until) break;
    t = w;
    if (regen && sim.nextRegenAt <= w) {
      sim.health = health;
      _tickRegen(sim, w);
      health = sim.health;
    }
    if (w >= checkAt) {
      // its gear spells, by the event loop's own code, on the fight's numbers written back and read again
      sim.health = health;
      m.hp = hp;
      m.nextAttackAt = a;
      sim.damageDealt = dealt;
      xpTotal[0] = x0;
      xpTotal[1] = x1;
      sim.nextSwingAt = w + interval;
      sim.t = w;
      _autoCast(sim, w);
      checkAt = _spellCheckAt(sim);
      health = sim.health;
      hp = m.hp;
      a = m.nextAttackAt;
      dealt = sim.damageDealt;
      x0 = xpTotal[0]!;
      x1 = xpTotal[1]!;
      held = m.freezeUntil > m.stunUntil ? m.freezeUntil : m.stunUntil;
      if (sim.stats !== s) {
        // a level: the event loop's strike ends the swing (with the swing's first stats)
        strikeAt = w;
        break;
      }
    }
    if (!(x0 + most < next0) || !(x1 + most < next1)) {
      // this hit may cross a level: the event loop's strike
      strikeAt = w;
      break;
    }
    let h = hit;
    if (crit > 0 && h < hp && rng.chance(crit)) h = _critDamage(h);
    const d = h < hp ? h : hp;
    hp -= d;
    dealt += d;
    hits++;
    x0 += hitEff;
    x1 += hitEff;
    if (hp <= 0) {
      kills++;
      x0 += breakEff;
      x1 += breakEff;
      // CombatSim.respawn: a fresh monster (no status), its first bite an interval on
      m.spawn(p.id, w);
      hp = m.hp;
      a = w + biteMs;
      held = Number.NEGATIVE_INFINITY;
    } else if (procs) {
      _rollProcs(sim, m, h, w);
      held = m.freezeUntil > m.stunUntil ? m.freezeUntil : m.stunUntil;
    }
    w += interval;
  }
  sim.health = health;
  xpTotal[0] = x0;
  xpTotal[1] = x1;
  sim.damageDealt = dealt;
  if (p.hitXp > 0) sim.hitCounts[p.id]! += hits;
  if (kills > 0) {
    sim.kills += kills;
    const counts = sim.dropCounts[p.id];
    if (counts) counts[0]! += kills;
    else sim.dropCounts[p.id] = [kills];
  }
  m.hp = hp;
  m.nextAttackAt = a;
  sim.nextSwingAt = w;
  sim.t = t;
  if (strikeAt >= 0) {
    sim.nextSwingAt = w + interval;
    sim.strike(m, s, w);
    return false;
  }
  if (!lethal) return false;
  _monsterAttack(sim, m, a);
  return true;
}
