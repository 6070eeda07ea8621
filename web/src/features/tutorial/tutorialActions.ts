import { create } from "zustand";
import { tutorialAction } from "../../calls/tutorialActions.ts";

export const TUTORIAL_REFRESH_EVENT = "tutorial:refresh";

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
