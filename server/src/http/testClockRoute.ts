import { Router } from "express";
import { z } from "zod";
import type { TestClock } from "../clock.ts";

/**
 * POST /api/test/clock { advanceMs } → { now, dropped } (the router is mounted at /api/test/clock). Mounted
 * only with TEST_CLOCK=1 (refused in production). `beforeJump` does first what the time passing would have
 * done (GameService.beforeClockJump: players who left are dropped; `dropped` counts them), so a jump
 * behaves as that time passing; `{ advanceMs: 0 }` only drops (a test waits with it for a tab it closed).
 */
export const AdvanceClockSchema = z.object({
  advanceMs: z
    .number()
    .int()
    .min(0)
    .max(10 * 365 * 24 * 3600_000),
});

export function testClockRoute(clock: TestClock, beforeJump: () => Promise<number>): Router {
  const router = Router();
  router.post("/", async (req, res) => {
    const parsed = AdvanceClockSchema.safeParse(req.body);
    if (!parsed.success) {
      res
        .status(400)
        .json({ error: "InvalidRequest", message: "Send { advanceMs } (a whole number of ms, 0 or more)." });
      return;
    }
    const dropped = await beforeJump();
    res.json({ now: clock.advance(parsed.data.advanceMs), dropped });
  });
  router.get("/", (_req, res) => {
    res.json({ now: clock.now() });
  });
  return router;
}
