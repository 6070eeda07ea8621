import type { CombatStyle } from "../../../data/skills.ts";
import { afflictCode } from "./afflictions.ts";
import { monsterAttackIntervalMs } from "./formulas.ts";
import { combatDropTable } from "./loot.ts";
import { monsterData } from "./monsters.ts";

/**
 * A monster's table values resolved once for the fight's hot path: stats, attack interval, and its
 * validated drop table as parallel arrays (a zero total weight fails here, at first use).
 */
export interface MonsterProto {
  id: number;
  name: string;
  level: number;
  maxHp: number;
  attack: number;
  intervalMs: number;
  hitXp: number;
  type: CombatStyle;
  dropItem: readonly number[];
  dropStack: readonly number[];
  dropBreakXp: readonly number[];
  dropWeight: readonly number[];
  /** its bite's affliction (AFFLICT_* of afflictions.ts, AFFLICT_NONE when none), full power, duration, ward tier */
  afflictKind: number;
  afflictPower: number;
  afflictMs: number;
  afflictTier: number;
}

const PROTOS = new Map<number, MonsterProto>();

export function monsterProto(id: number): MonsterProto {
  let p = PROTOS.get(id);
  if (!p) {
    const m = monsterData(id);
    const drops = combatDropTable(id);
    p = {
      id,
      name: m.name,
      level: m.level,
      maxHp: m.maxHp,
      attack: m.attack,
      intervalMs: monsterAttackIntervalMs(m.attackSpeed),
      hitXp: m.hitXp,
      type: m.type,
      dropItem: drops.map((d) => d.itemId),
      dropStack: drops.map((d) => d.stack),
      dropBreakXp: drops.map((d) => d.breakXp),
      dropWeight: drops.map((d) => d.weight),
      afflictKind: afflictCode(m.affliction?.kind),
      afflictPower: m.affliction?.power ?? 0,
      afflictMs: m.affliction?.durationMs ?? 0,
      afflictTier: m.affliction?.tier ?? 0,
    };
    PROTOS.set(id, p);
  }
  return p;
}
