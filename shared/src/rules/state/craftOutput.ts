import type { Item } from "../../data/schemas.ts";
import type { Player } from "../../protocol/player.ts";
import { rollAffixes } from "../simulation/combat/rollAffixes.ts";
import type { NewItems } from "./addItems.ts";
import type { Rng } from "./rng.ts";

/**
 * What `quantity` crafted units of `item` become in the inventory: gear with stat slots rolls its affixes
 * per piece (combat/rollAffixes.ts; pieces that rolled nothing stack together), anything else is one stack.
 * The single place crafting hands its output to the affix rules.
 */
export function craftOutput(
  item: Item,
  quantity: number,
  player: Pick<Player, "featureFlags">,
  rng: Rng,
): NewItems[] {
  if (item.statslots <= 0 || item.equipmentslot === null) return [{ id: item.id, quantity }];
  const out: NewItems[] = [];
  let plain = 0;
  for (let i = 0; i < quantity; i++) {
    const affixes = rollAffixes(item, player, rng);
    if (affixes.length === 0) plain++;
    else out.push({ id: item.id, quantity: 1, affixes });
  }
  if (plain > 0) out.unshift({ id: item.id, quantity: plain });
  return out;
}

/** Whether crafted pieces of the item may each need a slot of their own (conservative space checks). */
export function mayRollAffixes(item: Item): boolean {
  return item.statslots > 0 && item.equipmentslot !== null;
}
