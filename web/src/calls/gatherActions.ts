import { type ActionSkill, REST_LOCATION } from "@pickle-garden/shared";
import { errorCodeText } from "../messages/errorMessages.ts";
import { pushMessage } from "../stores/uiStore.ts";
import { intent } from "./intent.ts";

/**
 * One intent: updateAction, "do this skill at this location" ('none'/'home' rests). The new action comes
 * over the socket, with the crafts of other skills the server stopped for it (their craftUpdate pushes).
 */
export async function setAction(skill: ActionSkill, location: string): Promise<boolean> {
  const done = await intent("updateAction", { skill, location });
  if (!done.ok) pushMessage(errorCodeText(done.code), "error");
  return done.ok;
}

/** Stop the current action and rest (the server puts a resting player at REST_LOCATION). */
export function rest(): Promise<boolean> {
  return setAction("none", REST_LOCATION);
}
