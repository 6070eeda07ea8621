import { hasAffinity, IntentAnswerSchema, MONSTERS, SPELLS, type SpellId } from "@pickle-garden/shared";
import { http } from "../api/http.ts";
import { answeredHere } from "../api/socket.ts";
import { i18n } from "../i18n/index.ts";
import { monsterName, spellName } from "../i18n/names.ts";
import { errorText } from "../messages/errorMessages.ts";
import { setPlayer, usePlayerStore } from "../stores/playerStore.ts";
import { pushMessage } from "../stores/uiStore.ts";

const tr = (key: string, params: Record<string, unknown> = {}) => i18n.t(key, { ns: "pages", ...params });

/**
 * POST /api/user/cast-spell. The spec's client texts come first (mechanics §5/§8: intellect needed,
 * enough mana); the server decides and answers the player's view, from which the result line is read.
 */
export async function castSpell(spellId: SpellId): Promise<boolean> {
  const spell = SPELLS[spellId];
  const name = spellName(spellId);
  const before = usePlayerStore.getState().player;
  if (!before) return false;
  if (!before.featureFlags.intellect) {
    pushMessage(tr("combat.noIntellect", { spell: name }), "error");
    return false;
  }
  if (before.mana < spell.manaCost) {
    pushMessage(tr("combat.noMana", { spell: name }), "error");
    return false;
  }
  try {
    const answer = await http.post(
      "/api/user/cast-spell",
      { spellId },
      { schema: IntentAnswerSchema, headers: answeredHere() },
    );
    setPlayer(answer.user);
    if (spell.type === "heal") {
      const healed = Math.round(answer.user.health - before.health);
      if (healed > 0) pushMessage(tr("combat.healed", { spell: name, n: healed }), "success", false);
    } else {
      const target = before.currentMonsters[0];
      if (target) {
        const after = answer.user.currentMonsters.find((m) => m.uid === target.uid);
        const dealt = Math.round(target.hp - (after?.hp ?? 0));
        const monster = MONSTERS[target.id];
        const crit = !!monster && hasAffinity(spell.type, monster.type);
        if (dealt > 0) {
          pushMessage(
            tr(crit ? "combat.hitCrit" : "combat.hit", {
              spell: name,
              monster: monsterName(target.id),
              n: dealt,
            }),
            "success",
            false,
          );
        }
      }
    }
    return true;
  } catch (err) {
    pushMessage(errorText(err), "error");
    return false;
  }
}
