import { QUEST_CODES, WeeklyGoalAnswerSchema } from "@pickle-garden/shared";
import { http } from "../api/http.ts";
import { useQuestStore } from "../stores/questStore.ts";
import { intent } from "./intent.ts";

/** Quest intents (claim, reroll) and the garden's weekly goal; the board's change comes over the socket. */

const QUEST_ERRORS: Record<string, string> = {
  [QUEST_CODES.notDone]: "quests.errors.notDone",
  [QUEST_CODES.alreadyClaimed]: "quests.errors.alreadyClaimed",
  [QUEST_CODES.noRerollLeft]: "quests.errors.noRerollLeft",
  [QUEST_CODES.notEnoughGold]: "quests.errors.notEnoughGold",
  [QUEST_CODES.finished]: "quests.errors.finished",
  [QUEST_CODES.locked]: "quests.errors.locked",
};

async function questIntent(
  name: "claimQuest" | "rerollQuest",
  questId: string,
  okKey: string,
): Promise<void> {
  if (useQuestStore.getState().busy) return;
  useQuestStore.setState({ busy: questId, result: null });
  const done = await intent(name, { questId });
  const key = done.ok ? okKey : QUEST_ERRORS[done.code] || "quests.errors.failed";
  useQuestStore.setState({ busy: null, result: { questId, key, ok: done.ok } });
}

export const claimQuest = (questId: string) => questIntent("claimQuest", questId, "quests.claimed");
export const rerollQuest = (questId: string) => questIntent("rerollQuest", questId, "quests.rerolled");

/** GET /api/weekly-goal: this week's count and the player's share, and last week's reward if any. */
export async function loadWeeklyGoal(): Promise<void> {
  try {
    const weekly = await http.get("/api/weekly-goal", { schema: WeeklyGoalAnswerSchema });
    useQuestStore.setState({ weekly, weeklyError: false });
  } catch {
    useQuestStore.setState({ weeklyError: true });
  }
}
