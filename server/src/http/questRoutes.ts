import { EmptyBodySchema, QuestIdBodySchema } from "@pickle-garden/shared";
import { Router } from "express";
import type { GameService } from "../game/GameService.ts";
import { claimQuest, questBoard, rerollQuest, weeklyGoalOf } from "../game/questCalls.ts";
import { handle } from "./handle.ts";

/** /api/quests/* and /api/weekly-goal/*: the daily board and the garden's weekly goal (DESIGN §11). */
export function questRoutes(service: GameService): Router {
  const r = Router();
  const s = service;
  r.get(
    "/quests",
    handle(EmptyBodySchema, (_b, c) => questBoard(s, c.discordId)),
  );
  r.post(
    "/quests/claim",
    handle(QuestIdBodySchema, (b, c) => claimQuest(s, c.discordId, b)),
  );
  r.post(
    "/quests/reroll",
    handle(QuestIdBodySchema, (b, c) => rerollQuest(s, c.discordId, b)),
  );
  r.get(
    "/weekly-goal",
    handle(EmptyBodySchema, (_b, c) => weeklyGoalOf(s, c.discordId)),
  );
  return r;
}
