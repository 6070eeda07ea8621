import type { TutorialAction } from "@pickle-garden/shared";
import { intent } from "./intent.ts";

/** One tutorial action, the tutorial intent: the tutorial's change comes over the socket, to every tab. */
export async function tutorialAction(action: TutorialAction): Promise<boolean> {
  const done = await intent("tutorial", action);
  if (!done.ok) console.warn(`tutorial ${action.action} failed: ${done.code}`);
  return done.ok;
}
