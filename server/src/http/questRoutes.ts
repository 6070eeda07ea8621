import { EmptyBodySchema, QuestIdBodySchema } from "@pickle-garden/shared";
import type { Router } from "express";
import type { GameService } from "../game/GameService.ts";
import { questBoard, questIntent, weeklyGoalOf } from "../game/questCalls.ts";
import { handle } from "./handle.ts";

/** /api/quests/* and /api/weekly-goal/*: the daily board and the garden's weekly goal (DESIGN §11). */
export function questRoutes(r: Router, service: GameService): void {
  const s = service;
  r.get(
    "/quests",
    handle(EmptyBodySchema, (_b, c) => questBoard(s, c.discordId)),
  );
  r.post(
    "/quests/claim",
    handle(QuestIdBodySchema, (b, c) => questIntent(s, c.discordId, "claimQuest", b, c.answeredSocket)),
  );
  r.post(
    "/quests/reroll",
    handle(QuestIdBodySchema, (b, c) => questIntent(s, c.discordId, "rerollQuest", b, c.answeredSocket)),
  );
  r.get(
    "/weekly-goal",
    handle(EmptyBodySchema, (_b, c) => weeklyGoalOf(s, c.discordId)),
  );
}
