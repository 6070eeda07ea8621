import type { CombatSim } from "./CombatSim.ts";
import { revive } from "./death.ts";
import { spellCheckAt } from "./fastForwardKills.ts";
import { critDamage } from "./formulas.ts";
import { monsterAttack } from "./monsterAttack.ts";
import type { MonsterProto } from "./monsterProto.ts";
import { tickRegen } from "./regen.ts";
import { rollProcs } from "./statusEffects.ts";

const INF = Number.POSITIVE_INFINITY;

// module-level copies, not imported bindings (a test runner turns those into getters: see CombatSim.ts)
const _critDamage = critDamage;
const _monsterAttack = monsterAttack;
const _revive = revive;
const _spellCheckAt = spellCheckAt;
const _tickRegen = tickRegen;
const _rollProcs = rollProcs;

/**
 * Whether the fighter's stats allow `fastForwardSwings`: no rule of a swing or a bite but a crit, a freeze or
 * a stun draws, and neither leaves anything ticking (no lifesteal, rapid shot, burn, bleed, dodge, block,
 * barrier, no hit that follows health or mana, no insect that afflicts).
 */
export function plainSwingsFight(sim: CombatSim): boolean {
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
 * A one-monster fight of several swings a kill, run in a tight loop (DESIGN §3): the event loop's own
 * arithmetic in its order (ties: revival, swing, bite), its own draws in theirs (crit, then freeze and
 * stun on a swing that leaves the monster alive: `rollProcs`), without the event loop's dispatch. A swing
 * where a gear spell may go off, or whose xp may cross a level, is the event loop's `swing` (then the
 * stretch goes on while the fight is unchanged); a lethal bite is `monsterAttack`, the revival `revive`.
 * Returns at `until` or when the fight leaves this state. `fastForwardSwings.test.ts` checks that it
 * agrees exactly with the event loop alone.
 */
export function fastForwardSwings(sim: CombatSim, until: number): void {
  const m = sim.mons[0]!;
  const aff = sim.aff;
  const t0 = sim.t;
  if (
    sim.mons.length !== 1 ||
    m.burnNextTick !== INF ||
    m.bleedNextTick !== INF ||
    aff.poisonNextTick !== INF ||
    aff.weakenUntil > t0 ||
    aff.slowUntil > t0
  ) {
    return;
  }
  const rng = sim.rng;
  const xp = sim.xp;
  const xpTotal = xp.total;
  const xpNext = xp.next;
  // the fighter's numbers, read again after a level (the stats change)
  let s = sim.stats;
  let interval = s.attackIntervalMs;
  let hit = sim.cachedHit;
  let crit = s.critChance;
  let procs = s.freezeChance > 0 || s.stunChance > 0;
  let casts = sim.canCast && sim.spellDefs.length > 0;
  let checkAt = casts ? _spellCheckAt(sim) : INF;
  // per kind of monster: the xp of a hit, and of a hit and a kill at most
  let proto = null as MonsterProto | null;
  let hitEff = 0;
  let most = 0;
  for (;;) {
    if (sim.dead) {
      if (sim.respawnAt > until) return;
      sim.t = sim.respawnAt;
      _revive(sim, sim.respawnAt);
      if (casts) checkAt = _spellCheckAt(sim);
      continue;
    }
    const w = sim.nextSwingAt;
    const a = m.nextAttackAt;
    if (a < w) {
      // a bite: it waits while the monster is frozen or stunned; plain arithmetic unless it kills
      if (a > until) return;
      const held = m.freezeUntil > m.stunUntil ? m.freezeUntil : m.stunUntil;
      if (held > a) {
        m.nextAttackAt = held;
        continue;
      }
      if (sim.nextRegenAt <= a && sim.regenerates) _tickRegen(sim, a);
      const bite = sim.bites[m.proto.id]!;
      if (sim.health > bite) {
        sim.health -= bite;
        m.nextAttackAt = a + m.proto.intervalMs;
        continue;
      }
      sim.t = a;
      _monsterAttack(sim, m, a);
      continue;
    }
    if (w > until) return;
    const p = m.proto;
    if (p !== proto) {
      proto = p;
      hitEff = p.hitXp > 0 ? xp.eff(p.hitXp) : 0;
      most = hitEff;
      for (const b of p.dropBreakXp) if (b > 0 && hitEff + xp.eff(b) > most) most = hitEff + xp.eff(b);
    }
    if (w >= checkAt || !(xpTotal[0]! + most < xpNext[0]!) || !(xpTotal[1]! + most < xpNext[1]!)) {
      // a gear spell may go off or a level may be crossed: the event loop's swing, then on while unchanged
      sim.t = w;
      sim.swing(w);
      if (sim.stats !== s) {
        if (!sim.plainSwings) return;
        s = sim.stats;
        interval = s.attackIntervalMs;
        hit = sim.cachedHit;
        crit = s.critChance;
        procs = s.freezeChance > 0 || s.stunChance > 0;
        casts = sim.canCast && sim.spellDefs.length > 0;
        proto = null;
      }
      if (casts) checkAt = _spellCheckAt(sim);
      continue;
    }
    // the swing at w (CombatSim.swing, strike and hitMonster without their dispatch)
    sim.nextSwingAt = w + interval;
    if (sim.nextRegenAt <= w && sim.regenerates) _tickRegen(sim, w);
    let dealt = hit;
    if (crit > 0 && hit < m.hp && rng.chance(crit)) dealt = _critDamage(hit);
    const amount = dealt;
    if (dealt > m.hp) dealt = m.hp;
    m.hp -= dealt;
    sim.damageDealt += dealt;
    if (p.hitXp > 0) {
      sim.hitCounts[p.id]!++;
      xpTotal[0]! += hitEff;
      xpTotal[1]! += hitEff;
    }
    if (m.hp <= 0) {
      sim.t = w;
      sim.kill(m, w);
      // the next monster dies to one swing: fastForwardKills' steady cycles take over
      if (hit >= m.hp && sim.singleSpawn >= 0 && m.proto.dropWeight.length === 1) return;
    } else if (procs) {
      _rollProcs(sim, m, amount, w);
    }
  }
}
