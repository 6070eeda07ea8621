import { AFFIX_TIER_WEIGHTS, AFFIXES, type AffixTier, itemAffixTier } from "../../../data/affixes.ts";
import type { Affix, Item } from "../../../data/schemas.ts";
import type { AffixRoll, Player } from "../../../protocol/player.ts";
import type { Rng } from "../../state/rng.ts";

/** Affix tiers run 1–3 (spec §4 "Affix generation"), and 4 for gear past level 40 (affixes.ts). */
export const MAX_AFFIX_TIER = 4;

/** Crafting tier from the lab flags crafting:tier:1, 2, 3, 4 taken consecutively (a gap stops the count). */
export function craftingTier(featureFlags: Readonly<Record<string, boolean>>): number {
  let tier = 0;
  while (tier < MAX_AFFIX_TIER && featureFlags[`crafting:tier:${tier + 1}`] === true) tier++;
  return tier;
}

/** The affix entries an item of this gear class can roll at a tier, 'nothing' included. */
export function affixPool(tier: number, gearClass: Item["gearClass"]): readonly Affix[] {
  return AFFIXES.filter((a) => a.tier === tier && (a.clazz === "any" || a.clazz === gearClass));
}

const POOLS = new Map<string, readonly Affix[]>();
function cachedPool(tier: number, gearClass: Item["gearClass"]): readonly Affix[] {
  const key = `${tier}:${gearClass}`;
  let pool = POOLS.get(key);
  if (!pool) {
    pool = affixPool(tier, gearClass);
    POOLS.set(key, pool);
  }
  return pool;
}

/**
 * The affixes of one crafted item: each of its stat slots rolls a tier in 1..min(crafting tier, item tier)
 * by AFFIX_TIER_WEIGHTS, then an entry of that tier by weight; a 'nothing' entry (no stats) adds nothing.
 * No stat slots, or no crafting tier yet, means no affixes and no draws.
 */
export function rollAffixes(item: Item, player: Pick<Player, "featureFlags">, rng: Rng): AffixRoll[] {
  const maxTier = Math.min(craftingTier(player.featureFlags), itemAffixTier(item.type.tier));
  if (maxTier < 1 || item.statslots < 1) return [];
  const tierWeights: number[] = [];
  for (let t = 1; t <= maxTier; t++) tierWeights.push(AFFIX_TIER_WEIGHTS[t as AffixTier]);
  const rolls: AffixRoll[] = [];
  for (let slot = 0; slot < item.statslots; slot++) {
    const tier = rng.weighted(tierWeights) + 1;
    const pool = cachedPool(tier, item.gearClass);
    const entry = pool[rng.weighted(pool.map((a) => a.weight))]!;
    if (Object.keys(entry.stats).length === 0) continue;
    rolls.push({ id: entry.id, tier: entry.tier, stats: { ...entry.stats } });
  }
  return rolls;
}

/** Sum of the stats of a list of affixes, by effect key. */
export function affixStats(affixes: readonly AffixRoll[] | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  if (!affixes) return out;
  for (const a of affixes) for (const [k, v] of Object.entries(a.stats)) out[k] = (out[k] ?? 0) + v;
  return out;
}
