import { nextGoal, TUTORIAL_PATHS } from "@pickle-garden/shared";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { tutorialAction } from "../../calls/tutorialActions.ts";
import { goalView } from "../../pages/home/goalView.ts";
import { refreshPlayer, usePlayer } from "../../stores/playerStore.ts";
import { setDrawerOpen } from "../../stores/uiStore.ts";
import { markTarget, resolveTarget, revealTarget } from "./guideTarget.ts";
import { autoOpenTutorial, TUTORIAL_REFRESH_EVENT } from "./tutorialActions.ts";
import { FINALE, pathInfo, stepDone, stepGuide, stepParams, TUTORIAL_STEP_IDS } from "./tutorialSteps.ts";
import "../features.css";

/**
 * The guided tour (spec shell §4 Tutorial): path choice, each step in order pointing at one element
 * (data-guide-target="active", scrolled and panned into view), "Show me", skip and jump; at the end a
 * word of congratulation and the next goal. The card heads the main area, above the page, and stays under
 * the top bar as the page scrolls (issue 29: floating at the bottom, it covered Home's "Go there" and the
 * Picklelogy page's words until one scrolled): what scrolls into view stops below it.
 */
export function TutorialOverlay() {
  const { t } = useTranslation("pages");
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const player = usePlayer((p) => p);
  const tutorial = player?.tutorial;
  const [busy, setBusy] = useState(false);
  const [collapsed, setCollapsed] = useState(false);
  const completing = useRef(new Set<string>());
  const card = useRef<HTMLElement>(null);

  // a new player has no record: open it (one attempt)
  useEffect(() => {
    if (player && tutorial === null) autoOpenTutorial();
  }, [player, tutorial]);

  // other parts of the app ask for a refetch with the window event tutorial:refresh
  useEffect(() => {
    const onRefresh = () => void refreshPlayer();
    window.addEventListener(TUTORIAL_REFRESH_EVENT, onRefresh);
    return () => window.removeEventListener(TUTORIAL_REFRESH_EVENT, onRefresh);
  }, []);

  const step = tutorial?.currentStep ?? null;
  const finished =
    !!tutorial && (step === FINALE || TUTORIAL_STEP_IDS.every((id) => tutorial.done.includes(id)));
  const path = pathInfo(tutorial?.chosenPath ?? null);
  const open = !!tutorial && tutorial.ui.isOpen;
  const shownStep = finished ? FINALE : step;

  // complete the current step when the client sees it done (navigation; the server sees the rest)
  const done = !!player && !!step && !finished && stepDone(step, path, pathname, player);
  useEffect(() => {
    if (!step || !done || completing.current.has(step)) return;
    completing.current.add(step);
    void tutorialAction({ action: "complete-step", stepId: step });
  }, [step, done]);

  // the card sticks under the top bar: both measured, so what scrolls into view stops below the card
  // biome-ignore lint/correctness/useExhaustiveDependencies: the last step's card is another element
  useEffect(() => {
    const box = card.current;
    const bar = document.querySelector<HTMLElement>(".pg-topbar");
    if (!open || !box || !bar) return;
    const root = document.documentElement.style;
    const measure = () => {
      root.setProperty("--pg-tour-top", `${Math.round(bar.getBoundingClientRect().bottom)}px`);
      root.setProperty("--pg-tour-height", `${Math.ceil(box.getBoundingClientRect().height)}px`);
    };
    measure();
    const watch = new ResizeObserver(measure);
    watch.observe(box);
    watch.observe(bar);
    return () => {
      watch.disconnect();
      root.removeProperty("--pg-tour-top");
      root.removeProperty("--pg-tour-height");
    };
  }, [open, finished]);

  // point at the step's target: the first of its anchors on the page, marked, brought into view once
  const guide = open && player && shownStep ? stepGuide(shownStep, path, player) : null;
  // on the target's own page, wait for it there rather than point at the ways to this page meanwhile
  const onPage = guide?.targets.filter((a) => !a.startsWith("nav-") && a !== "open-lab") ?? [];
  const targets = guide?.route === pathname && onPage.length > 0 ? onPage : (guide?.targets ?? []);
  const targetsKey = targets.join(" ");
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page may hold a better target
  useEffect(() => {
    if (!targetsKey) return;
    const anchors = targetsKey.split(" ");
    let last: HTMLElement | null = null;
    const tick = () => {
      const el = resolveTarget(anchors);
      markTarget(el);
      if (el && el !== last) revealTarget(el);
      last = el;
    };
    tick();
    const id = setInterval(tick, 400);
    return () => {
      clearInterval(id);
      markTarget(null);
    };
  }, [targetsKey, pathname]);

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
  // "Show me": to the page of the step's target, then the target itself, scrolled to and focused
  const showMe = () => {
    if (!guide) return;
    setDrawerOpen(false);
    if (guide.route && pathname !== guide.route) navigate(guide.route);
    const anchors = guide.targets;
    setTimeout(() => {
      const el = resolveTarget(anchors);
      if (el) revealTarget(el, true);
    }, 80);
  };
  if (finished) {
    // the next goal Home shows too: one ranking (shared's nextGoal), never two answers
    const goal = player ? goalView(nextGoal(player), t).text : null;
    return (
      <aside
        ref={card}
        className="pg-tour"
        aria-labelledby="tour-title"
        aria-describedby="tour-body"
        data-testid="tutorial"
        data-step={FINALE}
      >
        <p className="pg-tour__kicker">{t("tutorial.title")}</p>
        <h2 id="tour-title" className="pg-tour__title">
          {t("tutorial.finale.title")}
        </h2>
        <p id="tour-body">{t("tutorial.finale.body")}</p>
        {goal ? (
          <p className="pg-strong" data-testid="tutorial-next-goal">
            {t("tutorial.finale.next", { goal })}
          </p>
        ) : null}
        <div className="pg-tour__actions">
          <button type="button" className="pg-btn pg-btn--small" onClick={showMe} data-testid="tutorial-show">
            {t("tutorial.show")}
          </button>
          <button
            type="button"
            className="pg-btn pg-btn--primary pg-btn--small"
            disabled={busy}
            data-testid="tutorial-finish"
            onClick={() => void act(() => tutorialAction({ action: "close" }))}
          >
            {t("tutorial.finale.finish")}
          </button>
        </div>
      </aside>
    );
  }
  return (
    <aside
      ref={card}
      className="pg-tour"
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
                data-tour={`tour-path-${p}`}
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
          {guide && guide.targets.length > 0 ? (
            <button
              type="button"
              className="pg-btn pg-btn--primary pg-btn--small"
              onClick={showMe}
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
