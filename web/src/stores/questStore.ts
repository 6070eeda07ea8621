import {
  QUEST_CODES,
  type QuestBoardAnswer,
  QuestBoardAnswerSchema,
  type WeeklyGoalAnswer,
  WeeklyGoalAnswerSchema,
} from "@pickle-garden/shared";
import { create } from "zustand";
import { ApiError, http } from "../api/http.ts";
import { answeredHere } from "../api/socket.ts";
import { setPlayer } from "./playerStore.ts";

/**
 * Quest intents (claim, reroll) and the garden's weekly goal. The board itself is the player's `quests`
 * field, kept live by the socket's playerState; an intent's answer carries the new player at once.
 */

const QUEST_ERRORS: Record<string, string> = {
  [QUEST_CODES.notDone]: "quests.errors.notDone",
  [QUEST_CODES.alreadyClaimed]: "quests.errors.alreadyClaimed",
  [QUEST_CODES.noRerollLeft]: "quests.errors.noRerollLeft",
  [QUEST_CODES.notEnoughGold]: "quests.errors.notEnoughGold",
  [QUEST_CODES.finished]: "quests.errors.finished",
  [QUEST_CODES.locked]: "quests.errors.locked",
};

export interface QuestState {
  /** the quest whose intent is in flight */
  busy: string | null;
  /** the last outcome, as an i18n key of `pages` */
  result: { questId: string; key: string; ok: boolean } | null;
  weekly: WeeklyGoalAnswer | null;
  weeklyError: boolean;
}

export const useQuestStore = create<QuestState>()(() => ({
  busy: null,
  result: null,
  weekly: null,
  weeklyError: false,
}));

async function questIntent(path: string, questId: string, okKey: string): Promise<void> {
  if (useQuestStore.getState().busy) return;
  useQuestStore.setState({ busy: questId, result: null });
  try {
    const answer: QuestBoardAnswer = await http.post(
      path,
      { questId },
      { schema: QuestBoardAnswerSchema, headers: answeredHere() },
    );
    setPlayer(answer.user);
    useQuestStore.setState({ result: { questId, key: okKey, ok: true } });
  } catch (err) {
    const code = err instanceof ApiError ? (err.body as { code?: string } | null)?.code : undefined;
    const key = (code && QUEST_ERRORS[code]) || "quests.errors.failed";
    useQuestStore.setState({ result: { questId, key, ok: false } });
  } finally {
    useQuestStore.setState({ busy: null });
  }
}

export const claimQuest = (questId: string) => questIntent("/api/quests/claim", questId, "quests.claimed");
export const rerollQuest = (questId: string) => questIntent("/api/quests/reroll", questId, "quests.rerolled");

/** GET /api/weekly-goal: this week's count and the player's share, and last week's reward if any. */
export async function loadWeeklyGoal(): Promise<void> {
  try {
    const weekly = await http.get("/api/weekly-goal", { schema: WeeklyGoalAnswerSchema });
    useQuestStore.setState({ weekly, weeklyError: false });
  } catch {
    useQuestStore.setState({ weeklyError: true });
  }
}
