import type { WeeklyGoalAnswer } from "@pickle-garden/shared";
import { create } from "zustand";

/**
 * The quests page's own state: the quest whose intent is in flight, its outcome and the garden's weekly
 * goal (calls/questActions.ts fills them). The board itself is the player's `quests` field, kept live by
 * the socket.
 */
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
