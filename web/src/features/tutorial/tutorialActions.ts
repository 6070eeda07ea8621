import { type TutorialAction, TutorialAnswerSchema } from "@pickle-garden/shared";
import { http } from "../../api/http.ts";
import { refreshPlayer, setPlayer, usePlayerStore } from "../../stores/playerStore.ts";

export const TUTORIAL_REFRESH_EVENT = "tutorial:refresh";

/** PATCH /api/user/tutorial with one action; the answer's state is applied, then the player refetched. */
export async function tutorialAction(action: TutorialAction): Promise<boolean> {
  try {
    const answer = await http.patch("/api/user/tutorial", action, { schema: TutorialAnswerSchema });
    const p = usePlayerStore.getState().player;
    if (p) setPlayer({ ...p, tutorial: answer.tutorial });
    return true;
  } catch (err) {
    console.warn(`tutorial ${action.action} failed`, err);
    return false;
  } finally {
    void refreshPlayer();
  }
}

let openAttempted = false;

/** Spec: opened automatically when the user has no tutorial record (one attempt). */
export function autoOpenTutorial(): void {
  if (openAttempted) return;
  openAttempted = true;
  void tutorialAction({ action: "open" });
}

/** For tests. */
export function resetTutorialAutoOpen(): void {
  openAttempted = false;
}
