import type { CombatStyle } from "../../../data/skills.ts";
import type { CombatStats } from "./combatStats.ts";
import { type HitInput, playerHitDamage } from "./formulas.ts";

/**
 * What a plain swing deals now (formulas.ts playerHitDamage). One input object is filled again at each
 * call: a fight asks on every swing while its hit follows health or mana (berserk, mana damage).
 */
export class SwingDamage {
  private readonly input: HitInput;

  constructor(style: CombatStyle) {
    this.input = {
      level: 0,
      style,
      flatDamage: 0,
      damageFactor: 1,
      berserkPct: 0,
      health: 0,
      maxHealth: 1,
      dmgPerManaPct: 0,
      mana: 0,
      dmgPerRangedSpeedPct: 0,
      rangedSpeedPct: 0,
    };
  }

  of(s: CombatStats, health: number, maxHealth: number, mana: number): number {
    const h = this.input;
    h.level = s.styleLevel;
    h.style = s.style;
    h.flatDamage = s.flatDamage;
    h.damageFactor = s.damageFactor;
    h.berserkPct = s.berserkPct;
    h.health = health;
    h.maxHealth = maxHealth;
    h.dmgPerManaPct = s.dmgPerManaPct;
    h.mana = mana;
    h.dmgPerRangedSpeedPct = s.dmgPerRangedSpeedPct;
    h.rangedSpeedPct = s.rangedSpeedPct;
    return playerHitDamage(h);
  }
}
