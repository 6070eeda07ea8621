import { CastSpellAnswerSchema, hasAffinity, MONSTERS, SPELLS, type SpellId } from "@pickle-garden/shared";
import { i18n } from "../i18n/index.ts";
import { monsterName, spellName } from "../i18n/names.ts";
import { errorCodeText } from "../messages/errorMessages.ts";
import { usePlayerStore } from "../stores/playerStore.ts";
import { pushMessage } from "../stores/uiStore.ts";
import { intent } from "./intent.ts";

const tr = (key: string, params: Record<string, unknown> = {}) => i18n.t(key, { ns: "pages", ...params });

/**
 * The castSpell intent. The spec's client texts come first (mechanics §5/§8: intellect needed, enough
 * mana); the server decides, and answers what the spell did (its `amount`) for the result line.
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
  const cast = await intent("castSpell", { spellId }, CastSpellAnswerSchema);
  if (!cast.ok) {
    pushMessage(errorCodeText(cast.code), "error");
    return false;
  }
  const amount = Math.round(cast.amount ?? 0);
  if (amount <= 0) return true;
  if (spell.type === "heal") {
    pushMessage(tr("combat.healed", { spell: name, n: amount }), "success", false);
    return true;
  }
  const target = before.currentMonsters[0];
  if (target) {
    const monster = MONSTERS[target.id];
    const crit = !!monster && hasAffinity(spell.type, monster.type);
    pushMessage(
      tr(crit ? "combat.hitCrit" : "combat.hit", { spell: name, monster: monsterName(target.id), n: amount }),
      "success",
      false,
    );
  }
  return true;
}
