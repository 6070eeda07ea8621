import { levelProgress, levelsGained, type OfflineSummary, offlineLost } from "@pickle-garden/shared";
import type { TFunction } from "i18next";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { create } from "zustand";
import { syncOffline } from "../../calls/offlineCalls.ts";
import { awayParts, formatDuration, formatNumber } from "../../format.ts";
import { itemName } from "../../i18n/names.ts";
import { questTitle } from "../../pages/quests/questText.ts";
import { ItemPic } from "../../pages/ui/icons.tsx";
import { ProgressBar } from "../../pages/ui/ProgressBar.tsx";
import { safeLocalStorage } from "../../safeStorage.ts";
import { closeOfflineModal, useOfflineStore } from "../../stores/offlineStore.ts";
import { usePlayerStore } from "../../stores/playerStore.ts";
import { useSessionStore } from "../../stores/sessionStore.ts";
import { createOfflineSync } from "./offlineSync.ts";
import "../features.css";

/** The page's one offline sync controller, made on first use. */
const useOfflineControllerStore = create<{ controller: ReturnType<typeof createOfflineSync> | null }>()(
  () => ({
    controller: null,
  }),
);

/**
 * Who is signed in: the session's id, or the loaded player's when the Discord activity signs in with a
 * bearer token (no cookie session to read). Without one the sync never runs and the shell never starts.
 */
function currentIdentity(): string | null {
  return useSessionStore.getState().discordId ?? usePlayerStore.getState().player?.discordId ?? null;
}

/** One controller per page (survives StrictMode's double mount and route changes). */
function getController() {
  const made = useOfflineControllerStore.getState().controller;
  if (made) return made;
  const controller = createOfflineSync({
    fetchSummary: syncOffline,
    getIdentity: currentIdentity,
    inventorySize: () => usePlayerStore.getState().player ?? null,
    now: () => Date.now(),
    wait: (ms) => new Promise((r) => setTimeout(r, ms)),
    storage: safeLocalStorage,
  });
  useOfflineControllerStore.setState({ controller });
  return controller;
}

/** For tests: forget the page's controller. */
export function resetOfflineController(): void {
  useOfflineControllerStore.setState({ controller: null });
}

/** The offline summary modal; the shell waits for `useOfflineStore` status 'done' before resuming start-up. */
export function OfflineModal() {
  const sessionId = useSessionStore((s) => s.discordId);
  const playerId = usePlayerStore((s) => s.player?.discordId ?? null);
  const discordId = sessionId ?? playerId;
  const status = useOfflineStore((s) => s.status);
  const summary = useOfflineStore((s) => s.summary);

  useEffect(() => {
    if (!discordId) return;
    const c = getController();
    void c.markBack(true);
    const onVisibility = () => {
      if (document.visibilityState === "hidden") c.markAway();
      else void c.markBack();
    };
    const onHide = () => c.markAway();
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("pagehide", onHide);
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("pagehide", onHide);
    };
  }, [discordId]);

  if (status !== "open" || !summary) return null;
  return <OfflineDialog summary={summary} />;
}

function OfflineDialog({ summary }: { summary: OfflineSummary }) {
  const { t } = useTranslation("pages");
  const inventoryFull = useOfflineStore((s) => s.inventoryFull);
  const ref = useRef<HTMLDivElement>(null);
  // nothing to fetch on close: the socket pushes the settled player (on a first load closing starts it,
  // and its first push is the whole view; on a return to the tab it is already connected)
  const close = closeOfflineModal;
  useEffect(() => {
    ref.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") closeOfflineModal();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  const lost = offlineLost(summary) > 0;
  // crafting texts only when crafting ran: something was crafted, it stopped, or a slot still runs
  const crafting =
    summary.craftedItemVariants.length > 0 ||
    summary.craftStoppedForInventory ||
    [summary.smithingSlots, summary.tanningSlots, summary.tailoringSlots].some((slots) =>
      slots.some((s) => s.currentItem !== null),
    );
  const levels = levelLines(summary);
  const g = summary.gathering;
  const c = summary.combat;
  return (
    <div className="pg-modal__backdrop">
      <div
        ref={ref}
        className="pg-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby="offline-title"
        tabIndex={-1}
        data-testid="offline-modal"
      >
        <h2 id="offline-title">{t("offline.title")}</h2>
        <p className="pg-muted" data-testid="offline-away">
          {t("offline.away", {
            time: awayParts(summary.awayMs)
              .map((p) => t(`offline.awayUnit.${p.unit}`, { count: p.count }))
              .join(" "),
          })}
        </p>
        {summary.bonusXp > 0 ? (
          <p className="pg-alert pg-alert--success" data-testid="offline-bonus">
            {t("shell:subscription.bonusXp", { n: formatNumber(summary.bonusXp) })}
          </p>
        ) : null}
        {lost ? (
          <p role="alert" className="pg-alert pg-alert--warning" data-testid="offline-lost">
            {t("offline.lostWhy", { items: lostList(summary, t) })}
          </p>
        ) : null}
        {summary.craftStoppedForInventory ? (
          <p role="alert" className="pg-alert pg-alert--warning" data-testid="offline-craft-stopped">
            {t("shell:messages.offlineCraftStopped")}
          </p>
        ) : null}
        {inventoryFull && !lost ? (
          <p role="alert" className="pg-alert pg-alert--warning" data-testid="offline-full">
            {t(crafting ? "shell:messages.offlineNoSlots" : "shell:messages.offlineFull")}
          </p>
        ) : null}
        {g ? (
          <section className="pg-offline__block" data-testid="offline-gathering">
            <h3>
              {t("offline.gathering", {
                skill: t(`shell:skills.${g.skill}`),
                location: t(`names:locations.${g.location}`),
              })}
            </h3>
            <p className="pg-muted">
              {t("offline.cycles", { count: g.cycles, n: formatNumber(g.cycles) })} ·{" "}
              {t("offline.duration", { time: formatDuration(g.duration * 1000) })} ·{" "}
              {t("offline.xp", { n: formatNumber(g.gainedXp) })}
            </p>
            <ItemList items={g.items} />
          </section>
        ) : null}
        {c ? (
          <section className="pg-offline__block" data-testid="offline-combat">
            <h3>{t("offline.combat", { skill: t(`shell:skills.${c.skill}`, { defaultValue: c.skill }) })}</h3>
            <p className="pg-muted">
              {t("offline.kills", { count: c.kills, n: formatNumber(c.kills) })} ·{" "}
              {t("offline.xp", { n: formatNumber(c.gainedXp) })} ·{" "}
              {t("offline.healthXp", { n: formatNumber(c.gainedHealthXp) })}
              {c.deaths ? ` · ${t("offline.deaths", { count: c.deaths, n: formatNumber(c.deaths) })}` : ""}
            </p>
            <ItemList items={summary.combatLoot.length > 0 ? summary.combatLoot : c.items} />
          </section>
        ) : null}
        {summary.craftedItemVariants.length > 0 ? (
          <section className="pg-offline__block" data-testid="offline-crafting">
            <h3>
              {t("offline.crafting", { skill: t(`shell:skills.${summary.craftingSkill ?? "smithing"}`) })}
            </h3>
            <ul className="pg-offline__items">
              {summary.craftedItemVariants.map((v, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: variants of one item differ only by affixes
                <li key={`${v.id}-${i}`}>
                  <ItemPic id={v.id} size={28} />{" "}
                  {t("offline.crafted", { n: formatNumber(v.quantity), item: itemName(v.id) })}
                  <span className="pg-muted"> · {t("offline.xp", { n: formatNumber(v.xp) })}</span>
                  {v.affixes.length > 0 ? <span className="pg-muted"> · ✦{v.affixes.length}</span> : null}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {levels.length > 0 || summary.gainedRp > 0 ? (
          <section className="pg-offline__block" data-testid="offline-xp">
            <h3>{t("offline.skillsTitle")}</h3>
            <ul className="pg-offline__xp">
              {levels.map((l) => {
                const skill = t(`shell:skills.${l.skill}`, { defaultValue: l.skill });
                return (
                  <li key={l.skill} data-testid={`offline-level-${l.skill}`}>
                    <span>
                      {l.to > l.from
                        ? t("offline.levelUp", { skill, from: l.from, to: l.to })
                        : t("offline.levelSame", { skill, level: l.to })}{" "}
                      <span className="pg-muted">{t("offline.xp", { n: formatNumber(l.xp) })}</span>
                    </span>
                    <ProgressBar
                      value={Math.round(l.fraction * 100)}
                      max={100}
                      label={t("offline.levelBar", { skill, level: l.to })}
                      text={`${Math.round(l.fraction * 100)} %`}
                      tone="xp"
                      small
                    />
                  </li>
                );
              })}
              {summary.gainedRp > 0 ? (
                <li>{t("offline.rp", { n: formatNumber(summary.gainedRp) })}</li>
              ) : null}
            </ul>
          </section>
        ) : null}
        {Object.keys(summary.questProgress).length > 0 || summary.questsReady.length > 0 ? (
          <section className="pg-offline__block" data-testid="offline-quests">
            <h3>{t("offline.questsTitle")}</h3>
            <p>
              {t("offline.questProgress", {
                n: formatNumber(Object.values(summary.questProgress).reduce((a, b) => a + b, 0)),
              })}
            </p>
            {summary.questsReady.length > 0 ? (
              <ul>
                {summary.questsReady.map((q) => (
                  <li key={q.id}>{t("offline.questReady", { quest: questTitle(q) })}</li>
                ))}
              </ul>
            ) : null}
          </section>
        ) : null}
        <button
          type="button"
          className="pg-btn pg-btn--primary"
          onClick={close}
          data-testid="offline-continue"
        >
          {t("offline.continue")}
        </button>
      </div>
    </div>
  );
}

/**
 * What was lost, by kind, the most first ("134 × Clay, 20 × Stone"); a summary kept from before kinds were counted says
 * how many items.
 */
function lostList(s: OfflineSummary, t: TFunction<"pages">): string {
  if (s.lostItems.length > 0)
    return [...s.lostItems]
      .sort((a, b) => b.quantity - a.quantity)
      .map((it) => t("offline.crafted", { n: formatNumber(it.quantity), item: itemName(it.id) }))
      .join(", ");
  const n = offlineLost(s);
  return t("offline.lostCount", { count: n, n: formatNumber(n) });
}

/** Each skill that gained xp (shared's levelsGained) with its bar inside the level reached. */
function levelLines(s: OfflineSummary) {
  return levelsGained(s.gainedXp, s.updatedSkills).map((line) => {
    const after = s.updatedSkills[line.skill] ?? { level: line.to, xp: 0 };
    return { ...line, fraction: levelProgress(after.level, after.xp).fraction };
  });
}

function ItemList({ items }: { items: { id: number; quantity: number }[] }) {
  const { t } = useTranslation("pages");
  if (items.length === 0) return null;
  return (
    <ul className="pg-offline__items">
      {items.map((it) => (
        <li key={it.id}>
          <ItemPic id={it.id} size={28} />{" "}
          {t("offline.crafted", { n: formatNumber(it.quantity), item: itemName(it.id) })}
        </li>
      ))}
    </ul>
  );
}
