import type { Router } from "express";
import type { IntentRoute } from "./handle.ts";

/** /api/quests/* and /api/weekly-goal/*: the daily board and the garden's weekly goal (DESIGN §11). */
export function questRoutes(r: Router, intent: IntentRoute): void {
  r.get("/quests", intent("questBoard"));
  r.post("/quests/claim", intent("claimQuest"));
  r.post("/quests/reroll", intent("rerollQuest"));
  r.get("/weekly-goal", intent("weeklyGoal"));
}
