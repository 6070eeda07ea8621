import { z } from "zod";

/** Small building blocks shared by the protocol families. */

/** An item id as sent by a client: a positive integer, bounded so garbage never reaches a table lookup. */
export const ItemIdParam = z.number().int().min(1).max(99_999);
/** A finite number a client claims (health, mana…): parsed, never trusted. */
export const ClaimedNumber = z.number().finite();
/** A count of items or crafts a client asks for. */
export const Quantity = z.number().int().min(1).max(10_000);
/** Any identifier string a client sends (location, node id, panel id…). */
export const IdString = z.string().min(1).max(100);

export const ItemQuantitySchema = z.object({ id: z.number().int(), quantity: z.number().int().min(0) });
export type ItemQuantity = z.infer<typeof ItemQuantitySchema>;

/** An empty body (GET, dismiss…): any JSON object is tolerated, nothing in it is read. */
export const EmptyBodySchema = z.object({}).loose().optional();

export const OkSchema = z.object({ ok: z.literal(true) });
