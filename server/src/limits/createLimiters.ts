import type { Limiters } from "./Limiter.ts";
import { memoryLimiters } from "./MemoryLimiter.ts";

/** The limits of this server, counted in this process. `close` ends what they hold. */
export async function createLimiters(): Promise<{ limiters: Limiters; close(): Promise<void> }> {
  return { limiters: memoryLimiters(), close: async () => undefined };
}
