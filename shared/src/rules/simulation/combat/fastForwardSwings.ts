import { poisonTick } from "./afflictions.ts";
import type { CombatSim } from "./CombatSim.ts";
import { revive } from "./death.ts";
import { spellCheckAt } from "./fastForwardKills.ts";
import { critDamage } from "./formulas.ts";
import { monsterAttack } from "./monsterAttack.ts";
import type { MonsterProto } from "./monsterProto.ts";
import { tickRegen } from "./regen.ts";
import { autoCast } from "./simSpells.ts";
import { rollProcs } from "./statusEffects.ts";

const INF = Number.POSITIVE_INFINITY;

// module-level copies, not imported bindings (a test runner turns those into getters: see CombatSim.ts)
const _critDamage = critDamage;
const _monsterAttack = monsterAttack;
const _revive = revive;
const _spellCheckAt = spellCheckAt;
const _tickRegen = tickRegen;
const _rollProcs = rollProcs;
const _poisonTick = poisonTick;
const _autoCast = autoCast;

/**
 * Whether the fighter's stats allow `fastForwardSwings`: the only draws of a swing are a crit, a freeze and a
 * stun, and it leaves nothing ticking on the monster (no lifesteal, rapid shot, burn or bleed), and its hit
 * follows neither health nor mana (no berserk, no mana damage).
 */
export function plainSwingsFight(sim: CombatSim): boolean {
  const s = sim.stats;
  return (
    !sim.dynamicHit &&
    s.lifestealChance <= 0 &&
    s.rapidShotChance <= 0 &&
    s.burnChance <= 0 &&
    s.bleedChance <= 0
  );
}

/**
 * A one-monster fight of several swings a kill, run in a tight loop (DESIGN §3): the event loop's own
 * arithmetic in its order (ties: revival, poison tick, swing, bite), its own draws in theirs (a crit, then a
 * freeze and a stun on a swing that leaves the monster alive: `rollProcs`), the swings inline and the rest by
 * the event loop's functions: a bite that draws, meets a barrier, afflicts or kills is `monsterAttack`, a
 * poison tick `poisonTick`, a revival `revive`, a swing's gear spells `autoCast` (from the first time one may go
 * off). A swing whose xp may cross a level ends in the event loop's `strike`, after which the stretch goes on
 * with the fighter's new numbers. Returns
 * at `until` or when the fight leaves this state. `fastForwardSwings.test.ts` checks that it agrees exactly
 * with the event loop alone.
 */
export function fastForwardSwings(sim: CombatSim, until: number): void {
  const m = sim.mons[0]!;
  if (sim.mons.length !== 1 || m.burnNextTick !== INF || m.bleedNextTick !== INF) return;
  const aff = sim.aff;
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
  let breakEff = 0;
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
    const poison = aff.poisonNextTick;
    if (poison <= w && poison <= a) {
      if (poison > until) return;
      sim.t = poison;
      _poisonTick(sim, poison);
      continue;
    }
    if (a < w) {
      if (a > until) return;
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
    if (w > until) return;
    // the swing at w: CombatSim.swing and strike, hitMonster without its dispatch
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
    if (sim.stats !== s || !(xpTotal[0]! + most < xpNext[0]!) || !(xpTotal[1]! + most < xpNext[1]!)) {
      // a spell's xp crossed a level, or this hit's may: the event loop's strike (with the swing's first stats)
      sim.strike(m, s, w);
      if (sim.stats !== s) {
        if (!sim.plainSwings) return;
        s = sim.stats;
        interval = s.attackIntervalMs;
        hit = sim.cachedHit;
        crit = s.critChance;
        procs = s.freezeChance > 0 || s.stunChance > 0;
        casts = sim.canCast && sim.spellDefs.length > 0;
        checkAt = casts ? _spellCheckAt(sim) : INF;
        proto = null;
      }
      continue;
    }
    let dealt = aff.weakenUntil > w ? aff.weakenedHit(hit) : hit;
    if (crit > 0 && dealt < m.hp && rng.chance(crit)) dealt = _critDamage(dealt);
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
      if (p.dropWeight.length === 1 && sim.singleSpawn === p.id) {
        // CombatSim.kill with nothing to draw (one drop, one kind of monster): its counts, its xp (no level: see
        // `most`), the same monster again
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
      // the next monster dies to one swing: fastForwardKills' steady cycles take over
      if (hit >= m.hp && sim.plainBites && sim.singleSpawn >= 0 && m.proto.dropWeight.length === 1) return;
    } else if (procs) {
      _rollProcs(sim, m, amount, w);
    }
  }
}
