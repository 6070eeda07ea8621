import { INTENT_NAMES, INTENTS } from "@pickle-garden/shared";
import type { Router } from "express";
import type { IntentRoute } from "./handle.ts";

/**
 * Every intent of shared's table (shared/src/intents) at POST /api/intents/<name>, and at the spec's own
 * path where §7 names one (POST /api/lab/buy, PATCH /api/user/tutorial, …): one route per intent, made
 * from its entry, so a new intent needs no route of its own.
 */
export function sharedIntentRoutes(r: Router, intent: IntentRoute): void {
  for (const name of INTENT_NAMES) {
    const handler = intent(name);
    r.post(`/intents/${name}`, handler);
    const spec = INTENTS[name].specRoute;
    if (spec) r[spec.method](spec.path, handler);
  }
}
