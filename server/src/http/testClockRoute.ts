import { Router } from "express";
import { z } from "zod";
import type { TestClock } from "../clock.ts";

/** POST /api/test/clock { advanceMs } → { now } (the router is mounted at /api/test/clock). Mounted only with TEST_CLOCK=1 (refused in production). */
export const AdvanceClockSchema = z.object({
  advanceMs: z
    .number()
    .int()
    .min(0)
    .max(10 * 365 * 24 * 3600_000),
});

export function testClockRoute(clock: TestClock): Router {
  const router = Router();
  router.post("/", (req, res) => {
    const parsed = AdvanceClockSchema.safeParse(req.body);
    if (!parsed.success) {
      res
        .status(400)
        .json({ error: "InvalidRequest", message: "Send { advanceMs } (a whole number of ms, 0 or more)." });
      return;
    }
    res.json({ now: clock.advance(parsed.data.advanceMs) });
  });
  router.get("/", (_req, res) => {
    res.json({ now: clock.now() });
  });
  return router;
}
