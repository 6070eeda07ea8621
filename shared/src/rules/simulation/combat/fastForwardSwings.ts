import { poisonTick } from "./afflictions.ts";
import type { CombatSim } from "./CombatSim.ts";
import { revive } from "./death.ts";
import { spellCheckAt } from "./fastForwardKills.ts";
import { critDamage, passiveHeal } from "./formulas.ts";
import { monsterAttack } from "./monsterAttack.ts";
import type { MonsterProto } from "./monsterProto.ts";
import { plainFighter, plainStretch } from "./plainStretch.ts";
import { tickRegen } from "./regen.ts";
import { autoCast } from "./simSpells.ts";
import { dotTickOn, rollProcs } from "./statusEffects.ts";

// module-level copies, not imported bindings (a test runner turns those into getters: see CombatSim.ts)
const _critDamage = critDamage;
const _passiveHeal = passiveHeal;
const _monsterAttack = monsterAttack;
const _revive = revive;
const _spellCheckAt = spellCheckAt;
const _tickRegen = tickRegen;
const _rollProcs = rollProcs;
const _dotTickOn = dotTickOn;
const _poisonTick = poisonTick;
const _autoCast = autoCast;
const _plainFighter = plainFighter;
const _plainStretch = plainStretch;

/**
 * A one-monster fight, run in a tight loop (DESIGN §3: event to event, without the event loop's dispatch):
 * the event loop's arithmetic in its order (ties: revival, burn or bleed tick, poison tick, swing, bite) and
 * its draws in theirs. A swing is inline (CombatSim.swing, strike and hitMonster: a crit, lifesteal, then the
 * kill or `rollProcs`, then a rapid shot); the rest is the event loop's own functions: `autoCast` from the
 * first time a gear spell may go off, `monsterAttack` for a bite that draws, meets a barrier, afflicts or
 * kills, `dotTickOn`, `poisonTick`, `revive`. A swing whose xp may cross a level is the event loop's `strike`;
 * after any level the loop goes on with the fighter's new numbers. A plain fighter's stretches (bites that draw
 * nothing, with a barrier and an insect's affliction; swings that draw a crit, a freeze or a stun) run in local
 * numbers (`plainStretch.ts`). Returns at `until` (false), or (true) right after a swing when a fresh monster
 * dies to one swing and `fastForwardKills` can take the cycles over. `fastForwardSwings.test.ts` checks that it
 * agrees exactly with the event loop alone.
 */
export function fastForwardSwings(sim: CombatSim, until: number): boolean {
  if (sim.mons.length !== 1) return false;
  const m = sim.mons[0]!;
  const aff = sim.aff;
  const rng = sim.rng;
  const xp = sim.xp;
  const xpTotal = xp.total;
  const xpNext = xp.next;
  // the fighter's numbers, read again after each level (the stats change)
  let s = null as CombatSim["stats"] | null;
  let interval = 0;
  let crit = 0;
  let lifesteal = 0;
  let rapid = 0;
  let procs = false;
  let steadyKills = false;
  let plain = false;
  let casts = false;
  let checkAt = Number.POSITIVE_INFINITY;
  // per kind of monster: the xp of a hit and of its kill (one drop), and of a hit and a kill at most
  let proto = null as MonsterProto | null;
  let hitEff = 0;
  let breakEff = 0;
  let most = 0;
  for (;;) {
    if (sim.stats !== s) {
      s = sim.stats;
      interval = s.attackIntervalMs;
      crit = s.critChance;
      lifesteal = s.lifestealChance;
      rapid = s.rapidShotChance;
      procs = s.freezeChance > 0 || s.stunChance > 0 || s.burnChance > 0 || s.bleedChance > 0;
      // fastForwardKills' own conditions on the fighter
      steadyKills = sim.plainBites && !sim.dynamicHit && lifesteal <= 0 && rapid <= 0;
      casts = sim.canCast && sim.spellDefs.length > 0;
      checkAt = casts ? _spellCheckAt(sim) : Number.POSITIVE_INFINITY;
      plain = _plainFighter(sim);
      proto = null;
    }
    if (sim.dead) {
      if (sim.respawnAt > until) return false;
      sim.t = sim.respawnAt;
      _revive(sim, sim.respawnAt);
      if (casts) checkAt = _spellCheckAt(sim);
      continue;
    }
    if (plain && _plainStretch(sim, m, until)) continue;
    const w = sim.nextSwingAt;
    const a = m.nextAttackAt;
    const poison = aff.poisonNextTick;
    const dot = m.burnNextTick < m.bleedNextTick ? m.burnNextTick : m.bleedNextTick;
    if (dot <= w && dot <= a && dot <= poison) {
      if (dot > until) return false;
      sim.t = dot;
      _dotTickOn(sim, m, m.burnNextTick <= m.bleedNextTick, dot);
      continue;
    }
    if (poison <= w && poison <= a) {
      if (poison > until) return false;
      sim.t = poison;
      _poisonTick(sim, poison);
      continue;
    }
    if (a < w) {
      if (a > until) return false;
      sim.t = a;
      if (!sim.plainBites) {
        _monsterAttack(sim, m, a);
        continue;
      }
      // a plain bite (CombatSim.run): it waits while the monster is frozen or stunned, else only takes health
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
      _monsterAttack(sim, m, a);
      continue;
    }
    if (w > until) return false;
    // the swing at w: CombatSim.swing, then strike and hitMonster without their dispatch
    sim.t = w;
    sim.nextSwingAt = w + aff.swingInterval(interval, w);
    if (sim.nextRegenAt <= w && sim.regenerates) _tickRegen(sim, w);
    if (w >= checkAt) {
      // a gear spell may go off: the event loop's own casting (each usable one draws its chance)
      _autoCast(sim, w);
      checkAt = _spellCheckAt(sim);
    }
    const p = m.proto;
    if (p !== proto) {
      proto = p;
      hitEff = p.hitXp > 0 ? xp.eff(p.hitXp) : 0;
      breakEff = p.dropBreakXp[0]! > 0 ? xp.eff(p.dropBreakXp[0]!) : 0;
      most = hitEff;
      for (const b of p.dropBreakXp) if (b > 0 && hitEff + xp.eff(b) > most) most = hitEff + xp.eff(b);
    }
    // a rapid shot may hit (and kill) once more, the same kind of monster only where the place has one kind
    const gain = rapid > 0 ? (sim.singleSpawn >= 0 ? 2 * most : Number.POSITIVE_INFINITY) : most;
    if (sim.stats !== s || !(xpTotal[0]! + gain < xpNext[0]!) || !(xpTotal[1]! + gain < xpNext[1]!)) {
      // a spell's xp crossed a level, or this swing's may: the event loop's strike (with the swing's first stats)
      sim.strike(m, s!, w);
      continue;
    }
    let hit = sim.dynamicHit ? sim.computeHit() : sim.cachedHit;
    if (aff.weakenUntil > w) hit = aff.weakenedHit(hit);
    if (crit > 0 && hit < m.hp && rng.chance(crit)) hit = _critDamage(hit);
    const dealt = hit < m.hp ? hit : m.hp;
    m.hp -= dealt;
    sim.damageDealt += dealt;
    if (p.hitXp > 0) {
      sim.hitCounts[p.id]!++;
      xpTotal[0]! += hitEff;
      xpTotal[1]! += hitEff;
    }
    if (lifesteal > 0 && rng.chance(lifesteal)) sim.heal(_passiveHeal(hit), "lifesteal", w);
    if (m.hp <= 0) {
      if (p.dropWeight.length === 1 && sim.singleSpawn === p.id) {
        // CombatSim.kill with nothing to draw (one drop, one kind of monster): its counts, its xp (no level: see
        // `gain`), the same monster again
        sim.kills++;
        const counts = sim.dropCounts[p.id];
        if (counts) counts[0]!++;
        else sim.dropCounts[p.id] = [1];
        xpTotal[0]! += breakEff;
        xpTotal[1]! += breakEff;
        m.spawn(p.id, w);
        m.nextAttackAt = w + p.intervalMs;
      } else {
        sim.kill(m, w);
      }
    } else if (procs) {
      _rollProcs(sim, m, hit, w);
    }
    if (rapid > 0 && rng.chance(rapid)) sim.hitMonster(m, hit, 2, w, false);
    // the next monster dies to one swing: fastForwardKills' steady cycles take over
    if (steadyKills && m.hp === m.maxHp && sim.cachedHit >= m.hp && m.id === sim.singleSpawn) {
      if (m.proto.dropWeight.length === 1) return true;
    }
  }
}
