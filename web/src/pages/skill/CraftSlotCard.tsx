import {
  type CraftSkill,
  type CraftSlot,
  countItem,
  missingMaterial,
  RECIPES,
  type Recipe,
} from "@pickle-garden/shared";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { cancelCraft, startCraft } from "../../calls/craftActions.ts";
import { tutorialCraft } from "../../features/tutorial/tutorialSteps.ts";
import { formatDuration, formatNumber } from "../../format.ts";
import { itemName } from "../../i18n/names.ts";
import { batchProgress } from "../../stores/derived.ts";
import { usePlayer, usePlayerShallow } from "../../stores/playerStore.ts";
import { toLocalTime, useServerOffset } from "../ui/clock.ts";
import { ItemPic } from "../ui/icons.tsx";
import { ProgressBar } from "../ui/ProgressBar.tsx";
import { TimedBar } from "../ui/TimedBar.tsx";

export interface CraftSlotCardProps {
  skill: CraftSkill;
  slotId: number;
  slot: CraftSlot;
  recipes: readonly Recipe[];
  skillLevel: number;
}

/** One crafting slot: choose an item and a quantity, or watch the running batch and cancel it. */
export function CraftSlotCard({ skill, slotId, slot, recipes, skillLevel }: CraftSlotCardProps) {
  const { t } = useTranslation("pages");
  const running = slot.currentItem !== null && slot.remaining > 0;
  return (
    <section
      className="pg-card pg-slot"
      aria-labelledby={`slot-${skill}-${slotId}`}
      data-testid={`craft-slot-${slotId + 1}`}
    >
      <h3 id={`slot-${skill}-${slotId}`} className="pg-card__title">
        {t("craft.slot", { n: slotId + 1 })}
        <span className="pg-muted">
          {" "}
          · {running ? t("craft.crafting", { item: itemName(slot.currentItem!) }) : t("craft.idle")}
        </span>
      </h3>
      {running ? (
        <RunningSlot skill={skill} slotId={slotId} slot={slot} />
      ) : (
        <IdleSlot skill={skill} slotId={slotId} recipes={recipes} skillLevel={skillLevel} />
      )}
    </section>
  );
}

function RunningSlot({ skill, slotId, slot }: { skill: CraftSkill; slotId: number; slot: CraftSlot }) {
  const { t } = useTranslation("pages");
  const offset = useServerOffset();
  const [busy, setBusy] = useState(false);
  const itemId = slot.currentItem!;
  const recipe = RECIPES[itemId];
  const { done, total } = batchProgress(slot);
  return (
    <div className="pg-slot__running" data-tour={`craft-running-${skill}`}>
      <div className="pg-row">
        <ItemPic id={itemId} size={40} />
        <div className="pg-grow">
          <p className="pg-strong">{itemName(itemId)}</p>
          <p className="pg-muted">{t("craft.remaining", { count: slot.remaining, n: slot.remaining })}</p>
        </div>
      </div>
      <p className="pg-label">{t("craft.itemProgress")}</p>
      <TimedBar
        startAt={toLocalTime(slot.startTime, offset)}
        durationMs={recipe?.timeMs ?? 1000}
        label={`${t("craft.itemProgress")} ${t("craft.slot", { n: slotId + 1 })}`}
        testId={`craft-item-progress-${slotId + 1}`}
      />
      <p className="pg-label">{t("craft.batchProgress")}</p>
      <ProgressBar
        value={done}
        max={total}
        label={`${t("craft.batchProgress")} ${t("craft.slot", { n: slotId + 1 })}`}
        text={`${done}/${total}`}
        testId={`craft-batch-progress-${slotId + 1}`}
      />
      <button
        type="button"
        className="pg-btn pg-btn--danger"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          await cancelCraft(skill, slotId);
          setBusy(false);
        }}
      >
        {t("craft.cancel")}
      </button>
    </div>
  );
}

function IdleSlot({
  skill,
  slotId,
  recipes,
  skillLevel,
}: {
  skill: CraftSkill;
  slotId: number;
  recipes: readonly Recipe[];
  skillLevel: number;
}) {
  const { t } = useTranslation("pages");
  const ids = useId();
  const inventory = usePlayer((p) => p.inventory);
  const available = recipes.filter((r) => r.level <= skillLevel);
  const [itemId, setItemId] = useState<number | null>(available[0]?.itemId ?? null);
  const [quantity, setQuantity] = useState(1);
  const [busy, setBusy] = useState(false);
  // the tutorial's craft (three materials, then a piece of gear) fills the first slot in
  const suggested = usePlayerShallow((p) => tutorialCraft(p));
  const suggestion = slotId === 0 && suggested?.skill === skill ? suggested : null;
  const suggestedItem = suggestion?.itemId;
  const suggestedQuantity = suggestion?.quantity;
  useEffect(() => {
    if (suggestedItem === undefined || suggestedQuantity === undefined) return;
    setItemId(suggestedItem);
    setQuantity(suggestedQuantity);
  }, [suggestedItem, suggestedQuantity]);
  const recipe = itemId === null ? undefined : RECIPES[itemId];
  if (available.length === 0) return <p className="pg-muted">{t("craft.noRecipe")}</p>;
  const held = { inventory: inventory ?? [] };
  const materials = recipe
    ? Object.entries(recipe.inputs).map(([id, perCraft]) => {
        const have = countItem(held, Number(id));
        return { id: Number(id), need: perCraft * quantity, have, short: have < perCraft };
      })
    : [];
  // the rule's own check: a batch starts with one craft's materials; each next craft takes its own
  const enough = !recipe || missingMaterial(held, recipe) === null;
  return (
    <form
      className="pg-slot__form"
      onSubmit={async (e) => {
        e.preventDefault();
        if (itemId === null || busy) return;
        setBusy(true);
        await startCraft({ skill, slotId, itemId, quantity });
        setBusy(false);
      }}
    >
      <label htmlFor={`${ids}-item`} className="pg-label">
        {t("craft.chooseItem")}
      </label>
      <select
        id={`${ids}-item`}
        className="pg-input"
        value={itemId ?? ""}
        data-testid={`craft-item-${slotId + 1}`}
        onChange={(e) => setItemId(Number(e.target.value))}
      >
        {recipes.map((r) => (
          <option key={r.itemId} value={r.itemId} disabled={r.level > skillLevel}>
            {itemName(r.itemId)}
            {r.level > skillLevel
              ? ` (${t("common.requiresLevel", { level: r.level })})`
              : ` (${t("common.levelShort", { level: r.level })})`}
          </option>
        ))}
      </select>
      <label htmlFor={`${ids}-qty`} className="pg-label">
        {t("craft.quantity")}
      </label>
      <input
        id={`${ids}-qty`}
        className="pg-input"
        type="number"
        inputMode="numeric"
        min={1}
        max={10000}
        value={quantity}
        data-testid={`craft-qty-${slotId + 1}`}
        onChange={(e) => setQuantity(Math.min(Math.max(Math.floor(Number(e.target.value) || 1), 1), 10000))}
      />
      {recipe ? (
        <>
          <ul className="pg-materials" aria-label={t("craft.needs", { materials: "" })}>
            {materials.map((m) => (
              <li key={m.id} className={m.short ? "pg-missing" : ""}>
                <ItemPic id={m.id} size={20} /> {m.need} × {itemName(m.id)} (
                {t("craft.have", { n: formatNumber(m.have) })})
              </li>
            ))}
          </ul>
          <p className="pg-muted">
            {t("craft.perItem", { time: formatDuration(recipe.timeMs), xp: recipe.xp })}
          </p>
        </>
      ) : null}
      {!enough ? <p className="pg-warning">{t("craft.missingMaterials")}</p> : null}
      <button
        type="submit"
        className="pg-btn pg-btn--primary"
        disabled={busy || itemId === null}
        data-testid={`craft-start-${slotId + 1}`}
        data-tour={`craft-start-${skill}`}
      >
        {t("craft.start")}
      </button>
    </form>
  );
}
