import { afflict } from "./afflictions.ts";
import type { CombatSim } from "./CombatSim.ts";
import { die } from "./death.ts";
import { barrierAbsorb, blockedHit } from "./formulas.ts";
import type { LiveMonster } from "./LiveMonster.ts";
import { catchUpRegen } from "./regen.ts";

const NONE = Number.NEGATIVE_INFINITY;

// module-level copies, not imported bindings (a test runner turns those into getters: see CombatSim.ts)
const _die = die;
const _catchUpRegen = catchUpRegen;
const _afflict = afflict;
const _barrierAbsorb = barrierAbsorb;
const _blockedHit = blockedHit;

/**
 * A monster's attack at t: it waits while frozen or stunned; otherwise dodge, then block (on the fighter's
 * chances), then the barrier absorbs what it can, the rest comes off health, and at 0 the player dies; a
 * bite that reached health and left the player standing brings the insect's affliction (afflictions.ts).
 */
export function monsterAttack(sim: CombatSim, m: LiveMonster, t: number): void {
  const until = m.disabledUntil(t);
  if (until !== NONE) {
    m.nextAttackAt = until;
    return;
  }
  const p = m.proto;
  m.nextAttackAt = t + p.intervalMs;
  _catchUpRegen(sim, t);
  const s = sim.stats;
  let damage = sim.bites[p.id]!;
  let dodged = false;
  let blocked = false;
  if (s.dodgeChance > 0 && sim.rng.chance(s.dodgeChance)) {
    dodged = true;
    damage = 0;
    if (sim.rec) sim.popupPlayer("dodged", 0, t);
  } else if (s.blockChance > 0 && sim.rng.chance(s.blockChance)) {
    blocked = true;
    const after = _blockedHit(damage);
    if (sim.rec) sim.popupPlayer("blocked", damage - after, t);
    damage = after;
  }
  let absorbed = 0;
  if (damage > 0 && sim.barrierMax > 0) {
    sim.refreshBarrier(t);
    const b = _barrierAbsorb(sim.barrierRem, damage, t);
    absorbed = b.absorbed;
    sim.barrierRem = b.remaining;
    if (b.depletedReadyAt !== null) sim.barrierReadyAt = b.depletedReadyAt;
    damage -= absorbed;
    if (absorbed > 0 && sim.rec) sim.popupPlayer("barrier", absorbed, t);
  }
  sim.health = sim.health > damage ? sim.health - damage : 0;
  if (sim.rec) {
    sim.emit({
      type: "monsterAttack",
      at: t,
      monsterId: p.id,
      uid: m.uid,
      attack: p.attack,
      damage,
      absorbed,
      dodged,
      blocked,
      health: sim.health,
    });
  }
  if (sim.health <= 0) _die(sim, t);
  else if (damage > 0 && p.afflictKind !== 0) _afflict(sim, p, t);
}
