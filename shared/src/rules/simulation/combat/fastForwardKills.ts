import type { CombatSim } from "./CombatSim.ts";
import { catchUpRegen, tickRegen } from "./regen.ts";
import { autoCast, gearSpellDue } from "./simSpells.ts";

const INF = Number.POSITIVE_INFINITY;

// module-level copies, not imported bindings (a test runner turns those into getters: see CombatSim.ts)
const _autoCast = autoCast;
const _gearSpellDue = gearSpellDue;
const _catchUpRegen = catchUpRegen;
const _tickRegen = tickRegen;

/**
 * Steady one-hit kills, fast-forwarded (DESIGN §3: jump, never step). When every swing kills a fresh
 * monster outright, nothing in a kill cycle draws a random number: no crit is rolled (the plain hit already
 * kills), no proc (the monster is dead), no drop or spawn draw (one entry each), and the fighter has no
 * dodge, block, barrier, lifesteal or rapid shot, and no insect of the place afflicts (afflictions.ts: those of
 * tiers 7–10 have 6,000 hp and more, which no swing takes in one). Each cycle is then fixed arithmetic: the monster's bites
 * before the next swing (with lazy regeneration), the kill, its xp and its drop.
 *
 * The cycles run here in a tight loop with exactly the event loop's arithmetic and order, and stop before
 * anything the event loop must decide: a lethal bite, a level-up, `until`. At a swing where a gear spell
 * could go off (its chance is a draw) the event loop's own `autoCast` runs; when the fight is unchanged after
 * it (no level, a fresh monster of the same kind) the swing is an ordinary cycle, otherwise the event loop's
 * `strike` finishes it, and the stretch goes on when the fight is still steady. Spell checks are skipped
 * while every gear spell cools down or costs more mana than is left. Called at a cycle boundary (the
 * monster appeared at the last swing); does nothing when the fight is not in that steady state.
 * `fastForwardKills.test.ts` checks that it agrees exactly with the event loop alone.
 */
export function fastForwardKills(sim: CombatSim, until: number): void {
  if (sim.rec || sim.dead || sim.mons.length !== 1 || sim.singleSpawn < 0) return;
  const s = sim.stats;
  const m = sim.mons[0]!;
  const p = m.proto;
  const interval = s.attackIntervalMs;
  const w0 = sim.nextSwingAt;
  if (
    sim.afflicts ||
    m.id !== sim.singleSpawn ||
    p.dropWeight.length !== 1 ||
    m.hp !== p.maxHp ||
    sim.cachedHit < p.maxHp ||
    sim.dynamicHit ||
    s.lifestealChance > 0 ||
    s.rapidShotChance > 0 ||
    s.dodgeChance > 0 ||
    s.blockChance > 0 ||
    sim.barrierMax > 0 ||
    m.burnNextTick !== INF ||
    m.bleedNextTick !== INF ||
    m.nextAttackAt !== w0 - interval + p.intervalMs ||
    m.freezeUntil > w0 - interval ||
    m.stunUntil > w0 - interval ||
    // a poison, weaken or slow brought from an insect's place (the document keeps them when the fighter moves)
    sim.aff.poisonNextTick !== INF ||
    sim.aff.weakenUntil > w0 ||
    sim.aff.slowUntil > w0 ||
    w0 > until
  ) {
    return;
  }
  const biteMs = p.intervalMs;
  const attack = sim.bites[p.id]!;
  // bites strictly before the next swing (a bite due at the swing's time never comes: the swing kills first)
  const bites = Math.floor((interval - 1) / biteMs);
  const hitEff = p.hitXp > 0 ? sim.xp.eff(p.hitXp) : 0;
  const breakXp = p.dropBreakXp[0]!;
  const breakEff = breakXp > 0 ? sim.xp.eff(breakXp) : 0;
  const gain = hitEff + breakEff;
  const xpTotal = sim.xp.total;
  const xpNext = sim.xp.next;
  let w = w0;
  let cycles = 0;
  let lethalAt = -1;
  /** swings the event loop's own code ran (a spell could go off) */
  let slowSwings = 0;
  /** a slow swing changed the fight (a level, a death…): its state stands, the event loop goes on */
  let handedOver = false;
  const casts = sim.canCast && sim.spellDefs.length > 0;
  let checkAt = casts ? spellCheckAt(sim) : INF;
  while (w <= until) {
    if (xpTotal[0]! + gain >= xpNext[0]! || xpTotal[1]! + gain >= xpNext[1]!) break;
    const spawnedAt = w - interval;
    for (let j = 1; j <= bites; j++) {
      const at = spawnedAt + j * biteMs;
      if (sim.nextRegenAt <= at && sim.regenerates) _tickRegen(sim, at);
      if (sim.health <= attack) {
        lethalAt = at;
        break;
      }
      sim.health -= attack;
    }
    if (lethalAt >= 0) break;
    if (w >= checkAt) {
      // the swing's own regeneration, then its gear spells by the event loop's code (each draws its chance)
      _catchUpRegen(sim, w);
      if (_gearSpellDue(sim, w)) {
        m.nextAttackAt = spawnedAt + (bites + 1) * biteMs;
        sim.t = w;
        sim.nextSwingAt = w + interval;
        _autoCast(sim, w);
        checkAt = spellCheckAt(sim);
        slowSwings++;
        // the hit still kills a fresh monster with nothing changed: an ordinary cycle; else the event loop's strike
        const plain =
          sim.stats === s &&
          !sim.dead &&
          !sim.dynamicHit &&
          m.id === p.id &&
          m.hp === p.maxHp &&
          xpTotal[0]! + gain < xpNext[0]! &&
          xpTotal[1]! + gain < xpNext[1]!;
        if (!plain) {
          sim.strike(m, s, w);
          const steady =
            sim.stats === s &&
            !sim.dead &&
            !sim.dynamicHit &&
            m.id === p.id &&
            m.hp === p.maxHp &&
            sim.nextSwingAt === w + interval &&
            m.nextAttackAt === w + biteMs;
          if (!steady) {
            handedOver = true;
            break;
          }
          w += interval;
          continue;
        }
      }
    }
    // the swing at w: one hit, one kill, one drop, the next monster
    xpTotal[0]! += gain;
    xpTotal[1]! += gain;
    cycles++;
    w += interval;
  }
  if (cycles === 0 && lethalAt < 0 && slowSwings === 0) return;
  if (cycles > 0) {
    sim.kills += cycles;
    sim.damageDealt += cycles * p.maxHp;
    if (p.hitXp > 0) sim.hitCounts[p.id]! += cycles;
    let counts = sim.dropCounts[p.id];
    if (!counts) {
      counts = [0];
      sim.dropCounts[p.id] = counts;
    }
    counts[0]! += cycles;
  }
  if (handedOver) return;
  if (cycles > 0 || slowSwings > 0) {
    // the monster of the current cycle appeared at the last swing (a fresh spawn either way)
    m.spawn(p.id, w - interval);
    sim.t = w - interval;
    sim.nextSwingAt = w;
  }
  // the bite that would kill is left to the event loop
  m.nextAttackAt = lethalAt >= 0 ? lethalAt : w - interval + biteMs;
}

/**
 * No gear spell can go off before this time: each is cooling down or, without mana regeneration, costs more
 * than the mana left (in these cycles only a cast changes either).
 */
export function spellCheckAt(sim: CombatSim): number {
  // with mana regeneration every spell counts: the earliest end of their cooldowns, kept by simSpells.ts
  if (sim.stats.manaRegen > 0) return sim.spellsReadyAt;
  let at = INF;
  const defs = sim.spellDefs;
  for (let i = 0; i < defs.length; i++) {
    const spell = defs[i]!;
    if (sim.mana < spell.manaCost) continue;
    // refreshGearCooldowns' copy of spellReadyAt (-Infinity when never cast)
    const ready = sim.gearReadyAt[i]!;
    if (ready === Number.NEGATIVE_INFINITY) return ready;
    if (ready < at) at = ready;
  }
  return at;
}
