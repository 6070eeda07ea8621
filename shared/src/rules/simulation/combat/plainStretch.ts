import { BARRIER_COOLDOWN_MS, STATUS_TICK_MS } from "../../../data/constants.ts";
import type { Spell } from "../../../data/schemas.ts";
import type { CombatStyle } from "../../../data/skills.ts";
import { poisonTick } from "./afflictions.ts";
import type { CombatSim } from "./CombatSim.ts";
import { spellCheckAt } from "./fastForwardKills.ts";
import {
  critDamage,
  hasAffinity,
  intellectXp,
  manaSpentRest,
  REGEN_TICK_MS,
  spellAmount,
} from "./formulas.ts";
import type { LiveMonster } from "./LiveMonster.ts";
import { monsterAttack } from "./monsterAttack.ts";
import { tickRegen } from "./regen.ts";
import { autoCastFrom, gearCooldownSet } from "./simSpells.ts";
import { rollProcs } from "./statusEffects.ts";

const INF = Number.POSITIVE_INFINITY;
const NO_AMOUNTS: number[] = [];

// module-level copies, not imported bindings (a test runner turns those into getters: see CombatSim.ts)
const _critDamage = critDamage;
const _monsterAttack = monsterAttack;
const _poisonTick = poisonTick;
const _spellCheckAt = spellCheckAt;
const _tickRegen = tickRegen;
const _autoCastFrom = autoCastFrom;
const _gearCooldownSet = gearCooldownSet;
const _hasAffinity = hasAffinity;
const _intellectXp = intellectXp;
const _manaSpentRest = manaSpentRest;
const _spellAmount = spellAmount;
const _rollProcs = rollProcs;
const BARRIER_CD = BARRIER_COOLDOWN_MS;
const TICK_MS = STATUS_TICK_MS;
const REGEN_MS = REGEN_TICK_MS;
// afflictions.ts's codes
const POISON = 1;
const WEAKEN = 2;
const SLOW = 3;
const STUN = 4;

/**
 * Whether a fighter's fights may run in `plainStretch`: bites that draw nothing (no dodge or block; a barrier and
 * an insect's affliction are arithmetic) and swings that draw only a crit, a freeze and a stun (no lifesteal,
 * rapid shot, burn or bleed, no hit that follows health or mana).
 */
export function plainFighter(sim: CombatSim): boolean {
  const s = sim.stats;
  return (
    s.dodgeChance <= 0 &&
    s.blockChance <= 0 &&
    !sim.dynamicHit &&
    s.lifestealChance <= 0 &&
    s.rapidShotChance <= 0 &&
    s.burnChance <= 0 &&
    s.bleedChance <= 0
  );
}

/**
 * A stretch of a plain fighter's fight (`plainFighter`) against one kind of monster with one drop, nothing
 * ticking on it: swings, bites and poison ticks in local numbers, the event loop's arithmetic and draws in its
 * order (ties: poison tick, swing, bite; CombatSim.swing, strike, hitMonster and kill, monsterAttack with its
 * barrier and affliction, afflictions.ts's poisonTick; the procs by `rollProcs`). The gear spells' checks and
 * damage casts are simSpells.ts's in local numbers while no event is recorded and no cast may cross a level
 * (the cooldowns by id written at a spell's first cast and at the end); a heal, an event or such a cast goes
 * to `autoCastFrom`.
 * Regeneration is caught up (its closed form) before each change of health and before each spell check: in
 * between nothing reads health or mana. Runs up to `until`, a swing whose xp may cross a level or whose spells
 * crossed one (left to the caller, which then has the fighter's new numbers), or a lethal bite or poison tick
 * (`monsterAttack` or `poisonTick`, then true: the caller revives). Does nothing when the fight is not in this
 * state.
 */
export function plainStretch(sim: CombatSim, m: LiveMonster, until: number): boolean {
  const p = m.proto;
  if (
    // one swing kills: fastForwardKills' cycles
    sim.cachedHit >= p.maxHp ||
    m.id !== sim.singleSpawn ||
    p.dropWeight.length !== 1 ||
    m.burnNextTick !== INF ||
    m.bleedNextTick !== INF
  ) {
    return false;
  }
  const aff = sim.aff;
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
  const healthRegen = s.healthRegen;
  const manaRegen = s.manaRegen;
  const maxHealth = sim.maxHealth;
  const casts = sim.canCast && sim.spellDefs.length > 0;
  let checkAt = casts ? _spellCheckAt(sim) : Number.POSITIVE_INFINITY;
  const defs = sim.spellDefs;
  const gearReadyAt = sim.gearReadyAt;
  // damage spells are cast here (a heal by simSpells.ts), with their hit on this monster
  const amounts = casts ? spellHits(defs, p.type) : NO_AMOUNTS;
  const quick = amounts !== NO_AMOUNTS;
  /** the gear spells cast here so far (bits by index): their spellReadyAt is written at the end */
  let castMask = 0;
  // FightXp's third skill
  const intellectNext = xp.next[2]!;
  const rng = sim.rng;
  const biteMs = p.intervalMs;
  const bite = sim.bites[p.id]!;
  const barrierMax = sim.barrierMax;
  // the bite's affliction (none when the ward takes all of it)
  const power = sim.afflictPower[p.id]!;
  const kind = power > 0 ? p.afflictKind : 0;
  const afflictMs = p.afflictMs;
  const hit = sim.cachedHit;
  let x0 = xpTotal[0]!;
  let x1 = xpTotal[1]!;
  let health = sim.health;
  let hp = m.hp;
  let w = sim.nextSwingAt;
  let a = m.nextAttackAt;
  let t = sim.t;
  /** regeneration seconds counted since mana was last brought up to date (mana is read only by spells) */
  let manaTicks = 0;
  let regenAt = sim.nextRegenAt;
  let barrier = sim.barrierRem;
  let barrierReadyAt = sim.barrierReadyAt;
  let poisonAt = aff.poisonNextTick;
  let poisonDps = aff.poisonDps;
  let poisonUntil = aff.poisonUntil;
  let stunSwingAt = aff.stunSwingAt;
  // the ends of a weaken and a slow (kept in `aff` too, with their power)
  let weakenUntil = aff.weakenUntil;
  let slowUntil = aff.slowUntil;
  /**
   * when the monster's freeze or stun ends (read again where only they change: procs, spells, a new monster); the
   * infinities here are Number's, not module constants, which the engine reads as boxed values and then boxes
   * every time the loop writes (a tenth of the run in the collector)
   */
  let held = m.freezeUntil > m.stunUntil ? m.freezeUntil : m.stunUntil;
  let dealt = sim.damageDealt;
  let hits = 0;
  let kills = 0;
  /** 1: a lethal bite at t, 2: a lethal poison tick at t, 3: a swing at w the event loop's strike ends */
  let stop = 0;
  for (;;) {
    // the next event: a poison tick, a swing, a bite (in this order at a tie)
    let at = a;
    let isPoison = false;
    if (a < w && a < poisonAt) {
      if (a > until) break;
      t = a;
      if (held > a) {
        // a bite waits while the monster is frozen or stunned (monsterAttack: nothing else)
        a = held;
        continue;
      }
    } else if (poisonAt <= w) {
      at = poisonAt;
      isPoison = true;
      if (at > until) break;
      t = at;
    } else {
      if (w > until) break;
      t = w;
      const nextW = slowUntil > w ? w + aff.swingInterval(interval, w) : w + interval;
      if (w >= checkAt) {
        // its gear spells: regeneration first (they read mana), by the event loop's own code
        sim.health = health;
        sim.nextRegenAt = regenAt;
        if (manaTicks > 0) catchUpMana(sim, manaTicks);
        manaTicks = 0;
        if (regen) _tickRegen(sim, w);
        regenAt = sim.nextRegenAt;
        health = sim.health;
        // simSpells.ts autoCast and castSpell for damage spells in local numbers, up to a cast that may cross a
        // level (`from`: the spell left to simSpells.ts); no event is recorded here
        let from = 0;
        for (; quick && !sim.rec && from < defs.length; from++) {
          const spell = defs[from]!;
          const cost = spell.manaCost;
          if (sim.mana < cost || gearReadyAt[from]! > w) continue;
          const spent = sim.manaSpent + cost;
          const grant = _intellectXp(spent);
          const grantEff = grant > 0 ? xp.eff(grant) : 0;
          if (!(xpTotal[2]! + grantEff < intellectNext) || !(x0 + most < next0) || !(x1 + most < next1))
            break;
          if (!rng.chance(spell.chance)) continue;
          sim.mana -= cost;
          const readyAt = w + spell.cooldownMs;
          if ((castMask & (1 << from)) === 0) {
            // a spell's first cast here writes its key by id (the object's order of keys is the event loop's)
            sim.spellReadyAt[spell.id] = readyAt;
            castMask |= 1 << from;
          }
          _gearCooldownSet(sim, spell, readyAt);
          sim.manaSpent = _manaSpentRest(spent, grant);
          if (grant > 0) {
            sim.manaGrants[grant] = (sim.manaGrants[grant] ?? 0) + 1;
            xpTotal[2] = xpTotal[2]! + grantEff;
          }
          // the swing's hit and kill below, for the spell's amount: written twice, as a call could not move
          // these locals without the writes back and reads again this stretch exists to avoid
          const amount = amounts[from]!;
          const d = amount < hp ? amount : hp;
          hp -= d;
          dealt += d;
          hits++;
          x0 += hitEff;
          x1 += hitEff;
          if (hp <= 0) {
            kills++;
            x0 += breakEff;
            x1 += breakEff;
            m.spawn(p.id, w);
            hp = m.hp;
            a = w + biteMs;
            held = Number.NEGATIVE_INFINITY;
          }
        }
        // spellCheckAt (with mana regeneration, the earliest end of a cooldown) without a call
        if (from === defs.length) checkAt = manaRegen > 0 ? sim.spellsReadyAt : _spellCheckAt(sim);
        else {
          // the rest by simSpells.ts, on the fight's numbers written back and read again (the cooldowns cast
          // here by id first: a level refreshes them from there)
          if (castMask !== 0) flushReadyAt(sim, castMask);
          castMask = 0;
          m.hp = hp;
          m.nextAttackAt = a;
          sim.damageDealt = dealt;
          xpTotal[0] = x0;
          xpTotal[1] = x1;
          sim.nextSwingAt = nextW;
          sim.t = w;
          _autoCastFrom(sim, w, from);
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
            stop = 3;
            break;
          }
        }
      }
      if (!(x0 + most < next0) || !(x1 + most < next1)) {
        // this hit may cross a level: the event loop's strike
        stop = 3;
        break;
      }
      let h = weakenUntil > w ? aff.weakenedHit(hit) : hit;
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
      w = nextW;
      continue;
    }
    if (regen && regenAt <= at) {
      // tickRegen's closed form: the whole seconds passed (the usual gap, under 3 s, without a division)
      const gap = at - regenAt;
      const n =
        gap < REGEN_MS ? 1 : gap < 2 * REGEN_MS ? 2 : gap < 3 * REGEN_MS ? 3 : Math.floor(gap / REGEN_MS) + 1;
      regenAt += n * REGEN_MS;
      manaTicks += n;
      if (healthRegen > 0) {
        // health never exceeds its max here: tickRegen's min, in one comparison
        health += n * healthRegen;
        if (health > maxHealth) health = maxHealth;
      }
    }
    if (isPoison) {
      // afflictions.ts poisonTick
      if (health <= poisonDps) {
        stop = 2;
        break;
      }
      health -= poisonDps;
      poisonAt = at + TICK_MS;
      if (poisonAt > poisonUntil) {
        poisonAt = Number.POSITIVE_INFINITY;
        poisonDps = 0;
        poisonUntil = Number.NEGATIVE_INFINITY;
      }
      continue;
    }
    // monsterAttack without a draw: the barrier takes what it can, the rest comes off health
    let damage = bite;
    if (barrierMax > 0 && damage > 0) {
      let left = barrier;
      if (left <= 0 && barrierReadyAt <= at) left = barrierMax;
      const absorbed = left > 0 ? (left < damage ? left : damage) : 0;
      left -= absorbed;
      damage -= absorbed;
      if (health <= damage) {
        stop = 1;
        break;
      }
      barrier = left;
      if (absorbed > 0 && left <= 0) barrierReadyAt = at + BARRIER_CD;
    } else if (health <= damage) {
      stop = 1;
      break;
    }
    health -= damage;
    a = at + biteMs;
    if (kind !== 0 && damage > 0) {
      // afflictions.ts afflict
      if (kind === POISON) {
        if (poisonAt === Number.POSITIVE_INFINITY) poisonAt = at + TICK_MS;
        poisonDps = power;
        poisonUntil = at + afflictMs;
      } else if (kind === STUN) {
        if (stunSwingAt !== w) {
          w += power;
          stunSwingAt = w;
        }
      } else if (kind === WEAKEN) {
        aff.weakenPct = power;
        weakenUntil = at + afflictMs;
        aff.weakenUntil = weakenUntil;
      } else if (kind === SLOW) {
        aff.slowPct = power;
        slowUntil = at + afflictMs;
        aff.slowUntil = slowUntil;
      }
    }
  }
  if (castMask !== 0) flushReadyAt(sim, castMask);
  sim.health = health;
  sim.nextRegenAt = regenAt;
  if (manaTicks > 0) catchUpMana(sim, manaTicks);
  sim.barrierRem = barrier;
  sim.barrierReadyAt = barrierReadyAt;
  aff.poisonNextTick = poisonAt;
  aff.poisonDps = poisonDps;
  aff.poisonUntil = poisonUntil;
  aff.stunSwingAt = stunSwingAt;
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
  if (stop === 3) {
    // CombatSim.swing's regeneration (a level changes the maxima), then its strike
    sim.nextSwingAt = w + aff.swingInterval(interval, w);
    if (regen) _tickRegen(sim, w);
    sim.strike(m, s, w);
    return false;
  }
  if (stop === 1) _monsterAttack(sim, m, t);
  else if (stop === 2) _poisonTick(sim, t);
  return stop !== 0;
}

/** tickRegen's mana for `ticks` regeneration seconds already counted on the clock (capped: the same in one go). */
function catchUpMana(sim: CombatSim, ticks: number): void {
  const r = sim.stats.manaRegen;
  if (r > 0 && sim.mana < sim.maxMana) sim.mana = Math.min(sim.maxMana, sim.mana + ticks * r);
}

/** The cooldown ends of the gear spells cast in local numbers (bits by index), by id (simSpells.ts castSpell). */
function flushReadyAt(sim: CombatSim, mask: number): void {
  const defs = sim.spellDefs;
  for (let i = 0; i < defs.length; i++)
    if ((mask & (1 << i)) !== 0) sim.spellReadyAt[defs[i]!.id] = sim.gearReadyAt[i]!;
}

let hitsDefs: readonly Spell[] = [];
let hitsType = "";
let hitsAmounts: number[] = NO_AMOUNTS;

/**
 * What each damage gear spell deals to a monster of this type (spellAmount), kept for the last gear and type (a
 * stretch ends at each death); NO_AMOUNTS when one of them heals (simSpells.ts casts those).
 */
function spellHits(defs: readonly Spell[], type: CombatStyle): number[] {
  if (defs !== hitsDefs || type !== hitsType) {
    hitsDefs = defs;
    hitsType = type;
    hitsAmounts =
      defs.length <= 30 && defs.every((d) => d.type !== "heal")
        ? defs.map((d) => _spellAmount(d.value, _hasAffinity(d.type, type)))
        : NO_AMOUNTS;
  }
  return hitsAmounts;
}
