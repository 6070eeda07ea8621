import { CRAFT_SLOT_COUNT, type CraftSkill, RECIPES, unlockedSlots } from "@pickle-garden/shared";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { cancelAllCrafts, SLOTS_FIELD } from "../../calls/craftActions.ts";
import { usePlayer } from "../../stores/playerStore.ts";
import { LockGlyph } from "../ui/icons.tsx";
import { MessageLog } from "../ui/MessageLog.tsx";
import { CraftSlotCard } from "./CraftSlotCard.tsx";

export const MAX_CRAFT_SLOTS = CRAFT_SLOT_COUNT;

/** A crafting skill page: every unlocked slot, the locked ones named, and the craft log. */
export function CraftingView({ skill }: { skill: CraftSkill }) {
  const { t } = useTranslation("pages");
  const slots = usePlayer((p) => p[SLOTS_FIELD[skill]]);
  const level = usePlayer((p) => p.skills[skill]?.level ?? 1) ?? 1;
  const unlocked = usePlayer((p) => unlockedSlots(p, skill)) ?? 0;
  const recipes = useMemo(
    () =>
      Object.values(RECIPES)
        .filter((r) => r.skill === skill)
        .sort((a, b) => a.level - b.level || a.itemId - b.itemId),
    [skill],
  );
  const since = useMemo(() => Date.now(), []);

  const count = Math.max(unlocked, 0);
  const busy = slots?.filter((s) => s.currentItem !== null).length ?? 0;
  const [stopping, setStopping] = useState(false);
  const stopAll = async () => {
    setStopping(true);
    await cancelAllCrafts(skill);
    setStopping(false);
  };
  return (
    <>
      {busy >= 2 && (
        <p className="pg-row">
          <button
            type="button"
            className="pg-btn pg-btn--danger"
            data-testid="craft-cancel-all"
            disabled={stopping}
            onClick={() => void stopAll()}
          >
            {t("craft.cancelAll", { count: busy })}
          </button>
        </p>
      )}
      <div className="pg-grid pg-grid--slots">
        {Array.from({ length: MAX_CRAFT_SLOTS }, (_, i) => {
          const slot = slots?.[i] ?? { currentItem: null, startTime: 0, remaining: 0 };
          if (i >= count) {
            return (
              <section
                // biome-ignore lint/suspicious/noArrayIndexKey: slots are fixed positions
                key={i}
                className="pg-card pg-slot pg-slot--locked"
                data-testid={`craft-slot-${i + 1}`}
              >
                <h3 className="pg-card__title">{t("craft.slot", { n: i + 1 })}</h3>
                <p className="pg-muted">
                  <LockGlyph /> {t("craft.slotLocked", { n: i + 1 })}
                </p>
              </section>
            );
          }
          return (
            <CraftSlotCard
              // biome-ignore lint/suspicious/noArrayIndexKey: slots are fixed positions
              key={i}
              skill={skill}
              slotId={i}
              slot={slot}
              recipes={recipes}
              skillLevel={level}
            />
          );
        })}
      </div>
      <MessageLog since={since} topic={skill} testId="craft-log" />
    </>
  );
}
