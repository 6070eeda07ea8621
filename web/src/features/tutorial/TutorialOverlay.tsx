import { TUTORIAL_PATHS } from "@pickle-garden/shared";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { refreshPlayer, usePlayer } from "../../stores/playerStore.ts";
import { setDrawerOpen, useUiStore } from "../../stores/uiStore.ts";
import { autoOpenTutorial, TUTORIAL_REFRESH_EVENT, tutorialAction } from "./tutorialActions.ts";
import {
  anchorSelector,
  pathInfo,
  stepAnchor,
  stepDone,
  stepParams,
  TUTORIAL_STEP_IDS,
} from "./tutorialSteps.ts";
import "../features.css";

const HIGHLIGHT_ATTR = "data-tour-active";

/** The guided tour (spec shell §4 Tutorial): path choice, each step in order with its anchor, skip and jump. */
export function TutorialOverlay() {
  const { t } = useTranslation("pages");
  const { pathname } = useLocation();
  const hasPlayer = usePlayer(() => true) ?? false;
  const tutorial = usePlayer((p) => p.tutorial);
  const [busy, setBusy] = useState(false);
  const [collapsed, setCollapsed] = useState(false);
  // on a phone the open drawer holds the step's anchor: the card steps aside (CSS) meanwhile
  const drawerOpen = useUiStore((s) => s.drawerOpen);
  const completing = useRef(new Set<string>());

  // a new player has no record: open it (one attempt)
  useEffect(() => {
    if (hasPlayer && tutorial === null) autoOpenTutorial();
  }, [hasPlayer, tutorial]);

  // other parts of the app ask for a refetch with the window event tutorial:refresh
  useEffect(() => {
    const onRefresh = () => void refreshPlayer();
    window.addEventListener(TUTORIAL_REFRESH_EVENT, onRefresh);
    return () => window.removeEventListener(TUTORIAL_REFRESH_EVENT, onRefresh);
  }, []);

  const step = tutorial?.currentStep ?? null;
  const finished =
    !!tutorial && (step === "done" || TUTORIAL_STEP_IDS.every((id) => tutorial.done.includes(id)));
  const path = pathInfo(tutorial?.chosenPath ?? null);
  const open = !!tutorial && tutorial.ui.isOpen && !finished;

  // complete the current step when the client sees it done (route or player state)
  const done = usePlayer((p) => (step ? stepDone(step, path, { pathname, player: p }) : false)) ?? false;
  useEffect(() => {
    if (!step || !done || completing.current.has(step) || step === "lab-choose-path") return;
    completing.current.add(step);
    void tutorialAction({ action: "complete-step", stepId: step });
  }, [step, done]);

  // while the card is shown, the page gets room below it to scroll everything above the card
  useEffect(() => {
    if (!open) return;
    document.documentElement.classList.add("pg-tour-open");
    return () => document.documentElement.classList.remove("pg-tour-open");
  }, [open]);

  // point at the step's anchor while it is shown
  const anchor = step && open ? stepAnchor(step, path, pathname) : null;
  useEffect(() => {
    if (!anchor) return;
    const mark = () => {
      for (const el of document.querySelectorAll(`[${HIGHLIGHT_ATTR}]`)) {
        if (el.getAttribute("data-tour") !== anchor) el.removeAttribute(HIGHLIGHT_ATTR);
      }
      for (const el of document.querySelectorAll(anchorSelector(anchor)))
        el.setAttribute(HIGHLIGHT_ATTR, "true");
    };
    mark();
    const id = setInterval(mark, 1000);
    return () => {
      clearInterval(id);
      for (const el of document.querySelectorAll(`[${HIGHLIGHT_ATTR}]`)) el.removeAttribute(HIGHLIGHT_ATTR);
    };
  }, [anchor]);

  if (!tutorial) return null;
  const act = async (fn: () => Promise<unknown>) => {
    setBusy(true);
    await fn();
    setBusy(false);
  };
  if (!open) {
    if (finished) return null;
    return (
      <button
        type="button"
        className="pg-btn pg-tour__reopen"
        data-testid="tutorial-reopen"
        onClick={() => void act(() => tutorialAction({ action: "open" }))}
      >
        {t("tutorial.open")}
      </button>
    );
  }
  const index = TUTORIAL_STEP_IDS.indexOf(step as (typeof TUTORIAL_STEP_IDS)[number]);
  const known = index >= 0;
  const params = stepParams(path, (k) => t(k));
  const showAnchor = () => {
    if (!anchor) return;
    const reveal = () => {
      const el = document.querySelector<HTMLElement>(anchorSelector(anchor));
      el?.scrollIntoView?.({ block: "center", behavior: "smooth" });
      el?.focus?.();
    };
    const el = document.querySelector<HTMLElement>(anchorSelector(anchor));
    // a sidebar entry on a phone sits in the closed drawer: open it first
    if (anchor.startsWith("nav-") && (!el || el.getClientRects().length === 0)) {
      setDrawerOpen(true);
      setTimeout(reveal, 50);
    } else reveal();
  };
  return (
    <aside
      className={drawerOpen ? "pg-tour is-behind-drawer" : "pg-tour"}
      role="dialog"
      aria-labelledby="tour-title"
      aria-describedby="tour-body"
      data-testid="tutorial"
      data-step={step ?? ""}
    >
      <header className="pg-tour__header">
        <p className="pg-tour__kicker">
          {t("tutorial.title")} ·{" "}
          {known ? t("tutorial.stepOf", { n: index + 1, total: TUTORIAL_STEP_IDS.length }) : step}
        </p>
        <span className="pg-tour__tools">
          <button
            type="button"
            className="pg-btn pg-btn--ghost pg-btn--small"
            aria-expanded={!collapsed}
            aria-controls="tour-more"
            aria-label={collapsed ? t("tutorial.expand") : t("tutorial.collapse")}
            data-testid="tutorial-collapse"
            onClick={() => setCollapsed((c) => !c)}
          >
            {collapsed ? "▴" : "▾"}
          </button>
          <button
            type="button"
            className="pg-btn pg-btn--ghost pg-btn--small"
            onClick={() => void act(() => tutorialAction({ action: "close" }))}
            aria-label={t("tutorial.close")}
          >
            ✕
          </button>
        </span>
      </header>
      <h2 id="tour-title" className="pg-tour__title">
        {known ? t(`tutorial.steps.${step}.title`, params) : step}
      </h2>
      <div id="tour-more" className="pg-tour__more" hidden={collapsed}>
        <p id="tour-body">{known ? t(`tutorial.steps.${step}.body`, params) : ""}</p>
        {step === "lab-choose-path" ? (
          <fieldset className="pg-tour__paths">
            <legend>{t("tutorial.choosePath")}</legend>
            {TUTORIAL_PATHS.map((p) => (
              <button
                key={p}
                type="button"
                className="pg-btn pg-tour__path"
                disabled={busy}
                data-testid={`tutorial-path-${p}`}
                onClick={() =>
                  void act(async () => {
                    await tutorialAction({ action: "choose-path", path: p });
                    await tutorialAction({ action: "complete-step", stepId: "lab-choose-path" });
                  })
                }
              >
                <span className="pg-strong">{t(`shell:skills.${p}`)}</span>
                <span className="pg-muted">{t(`tutorial.paths.${p}`)}</span>
              </button>
            ))}
          </fieldset>
        ) : null}
        <div className="pg-tour__actions">
          {anchor ? (
            <button
              type="button"
              className="pg-btn pg-btn--primary pg-btn--small"
              onClick={showAnchor}
              data-testid="tutorial-show"
            >
              {t("tutorial.show")}
            </button>
          ) : null}
          <label className="pg-tour__jump">
            <span className="pg-visually-hidden">{t("tutorial.jump")}</span>
            <select
              className="pg-input pg-input--small"
              value={known ? step! : ""}
              disabled={busy}
              data-testid="tutorial-jump"
              onChange={(e) => {
                const to = e.target.value;
                const i = TUTORIAL_STEP_IDS.indexOf(to as (typeof TUTORIAL_STEP_IDS)[number]);
                if (i < 0) return;
                void act(() =>
                  tutorialAction({
                    action: "jump",
                    currentStep: to,
                    done: TUTORIAL_STEP_IDS.slice(0, i),
                    ui: { isOpen: true },
                  }),
                );
              }}
            >
              {known ? null : <option value="">{t("tutorial.jump")}</option>}
              {TUTORIAL_STEP_IDS.map((id, i) => (
                <option key={id} value={id}>
                  {i + 1}. {t(`tutorial.steps.${id}.title`, params)}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="pg-btn pg-btn--ghost pg-btn--small"
            disabled={busy}
            data-testid="tutorial-skip"
            onClick={() => void act(() => tutorialAction({ action: "skip" }))}
          >
            {t("tutorial.skip")}
          </button>
        </div>
      </div>
    </aside>
  );
}
