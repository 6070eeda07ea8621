import type { Router } from "express";
import type { IntentRoute } from "./handle.ts";

/** /api/quests/* and /api/weekly-goal/*: the daily board and the garden's weekly goal (DESIGN §11); claims and rerolls are intents (sharedIntentRoutes.ts). */
export function questRoutes(r: Router, intent: IntentRoute): void {
  r.get("/quests", intent("questBoard"));
  r.get("/weekly-goal", intent("weeklyGoal"));
}
