import { type ActionSkill, REST_LOCATION, UpdateActionAnswerSchema } from "@pickle-garden/shared";
import { http } from "../api/http.ts";
import { answeredHere } from "../api/socket.ts";
import { errorText } from "../messages/errorMessages.ts";
import { setPlayer, usePlayerStore } from "../stores/playerStore.ts";
import { pushMessage } from "../stores/uiStore.ts";

/**
 * One intent, one request: POST /api/user/update-action, "do this skill at this location" ('none'/'home'
 * rests). The server stops the running crafts of other skills itself (their craftUpdate pushes say so) and
 * pushes the rest of the player's state.
 */
export async function setAction(skill: ActionSkill, location: string): Promise<boolean> {
  try {
    const answer = await http.post(
      "/api/user/update-action",
      { skill, location },
      { schema: UpdateActionAnswerSchema, headers: answeredHere() },
    );
    const p = usePlayerStore.getState().player;
    if (p) setPlayer({ ...p, currentAction: answer.currentAction, currentMonsters: answer.currentMonsters });
    return true;
  } catch (err) {
    pushMessage(errorText(err), "error");
    return false;
  }
}

/** Stop the current action and rest (the server puts a resting player at REST_LOCATION). */
export function rest(): Promise<boolean> {
  return setAction("none", REST_LOCATION);
}
