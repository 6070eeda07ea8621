import { type ActionSkill, UpdateActionAnswerSchema } from "@pickle-garden/shared";
import { errorText, http } from "../../api/http.ts";
import { i18n } from "../../i18n/index.ts";
import { refreshPlayer, setPlayer, usePlayerStore } from "../../stores/playerStore.ts";
import { pushMessage } from "../../stores/uiStore.ts";
import { autoCancelOtherCrafts } from "../skill/craftActions.ts";

/**
 * POST /api/user/update-action: the intent "do this skill at this location" ('none'/'home' rests).
 * Starting a non-crafting activity first cancels running crafts (spec shell §4 Activity).
 */
export async function setAction(skill: ActionSkill, location: string): Promise<boolean> {
  if (skill !== "none") await autoCancelOtherCrafts(skill);
  try {
    const answer = await http.post(
      "/api/user/update-action",
      { skill, location },
      { schema: UpdateActionAnswerSchema },
    );
    const p = usePlayerStore.getState().player;
    if (p) setPlayer({ ...p, currentAction: answer.currentAction, currentMonsters: answer.currentMonsters });
    if (!answer.success) {
      pushMessage(i18n.t("common.errorPrefix", { ns: "pages", error: answer.error ?? "?" }), "error");
      return false;
    }
    void refreshPlayer();
    return true;
  } catch (err) {
    pushMessage(i18n.t("common.errorPrefix", { ns: "pages", error: errorText(err) }), "error");
    return false;
  }
}
