import { IntentAnswerSchema } from "@pickle-garden/shared";
import { http } from "../api/http.ts";
import { answeredHere } from "../api/socket.ts";
import { i18n } from "../i18n/index.ts";
import { errorText } from "../messages/errorMessages.ts";
import { setPlayer } from "../stores/playerStore.ts";
import { pushMessage } from "../stores/uiStore.ts";

/**
 * One intent of shared/src/protocol/intents.ts: its answer (the player's new view, also on a refusal)
 * replaces the player; a refusal (a 422, which http.ts throws) is told with `failText` from the answer's
 * code and that code's text (errorMessages.ts).
 */
export async function intent(
  path: string,
  body: unknown,
  failText: (code: string | undefined, error: string) => string = (_code, error) =>
    i18n.t("inventory.equipFailed", { ns: "pages", error }),
): Promise<boolean> {
  try {
    const answer = await http.post(path, body, { schema: IntentAnswerSchema, headers: answeredHere() });
    setPlayer(answer.user);
    return true;
  } catch (err) {
    const parsed = IntentAnswerSchema.safeParse(errorBody(err));
    if (parsed.success) setPlayer(parsed.data.user);
    pushMessage(failText(parsed.success ? parsed.data.code : undefined, errorText(err)), "error");
    return false;
  }
}

function errorBody(err: unknown): unknown {
  return err && typeof err === "object" && "body" in err ? (err as { body: unknown }).body : null;
}
