/**
 * The spec's craft error handling (mechanics §5 and §8): errors are lower-cased and matched;
 * 'not enough inventory', 'inventory full' or 'stack is full' cancel with 'Inventory full';
 * 'not enough of', or 'level' together with 'required', cancel with the server's text;
 * anything else is 'Error in slot N: {error}'.
 */
export interface CraftMessage {
  /** i18n key in the `pages` namespace */
  key: string;
  params: Record<string, string | number>;
  /** the slot was cancelled because of it */
  cancels: boolean;
}

export interface CraftContext {
  /** "Crafting" (translated) */
  verb: string;
  item: string;
  skill: string;
  /** slot number as players see it (1-based) */
  n: number;
}

export function craftErrorMessage(error: string, ctx: CraftContext): CraftMessage {
  const e = error.toLowerCase();
  if (e.includes("not enough inventory") || e.includes("inventory full") || e.includes("stack is full")) {
    return { key: "craft.inventoryFull", params: { ...ctx }, cancels: true };
  }
  if (e.includes("not enough of") || (e.includes("level") && e.includes("required"))) {
    return { key: "craft.cancelledError", params: { ...ctx, error }, cancels: true };
  }
  return { key: "craft.slotError", params: { n: ctx.n, error }, cancels: false };
}
