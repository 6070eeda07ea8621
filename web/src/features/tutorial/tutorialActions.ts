import { type TutorialAction, TutorialAnswerSchema } from "@pickle-garden/shared";
import { create } from "zustand";
import { http } from "../../api/http.ts";
import { answeredHere } from "../../api/socket.ts";
import { setPlayer, usePlayerStore } from "../../stores/playerStore.ts";

export const TUTORIAL_REFRESH_EVENT = "tutorial:refresh";

/**
 * PATCH /api/user/tutorial with one action: one request, whose answer carries the whole tutorial (the only
 * thing an action changes); the server's playerState push brings anything else. No refetch after it.
 */
export async function tutorialAction(action: TutorialAction): Promise<boolean> {
  try {
    const answer = await http.patch("/api/user/tutorial", action, {
      schema: TutorialAnswerSchema,
      headers: answeredHere(),
    });
    const p = usePlayerStore.getState().player;
    if (p) setPlayer({ ...p, tutorial: answer.tutorial });
    return true;
  } catch (err) {
    console.warn(`tutorial ${action.action} failed`, err);
    return false;
  }
}

/** Whether this page already tried to open the tutorial by itself. */
const useAutoOpenStore = create<{ openAttempted: boolean }>()(() => ({ openAttempted: false }));

/** Spec: opened automatically when the user has no tutorial record (one attempt). */
export function autoOpenTutorial(): void {
  if (useAutoOpenStore.getState().openAttempted) return;
  useAutoOpenStore.setState({ openAttempted: true });
  void tutorialAction({ action: "open" });
}

/** For tests. */
export function resetTutorialAutoOpen(): void {
  useAutoOpenStore.setState({ openAttempted: false });
}
