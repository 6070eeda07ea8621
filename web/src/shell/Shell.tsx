import { lazy, Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation } from "react-router";
import { SproutIcon } from "../icons/ui.tsx";
import { startRealtime } from "../session/realtime.ts";
import { NamePrompt } from "../social/NamePrompt.tsx";
import { NotFound } from "./NotFound.tsx";
import { PageErrorBoundary } from "./PageErrorBoundary.tsx";
import { Sidebar } from "./Sidebar.tsx";
import { Toasts } from "./Toasts.tsx";
import { TopBar } from "./TopBar.tsx";
import { useStartupReady } from "./useStartupReady.ts";
import "./shell.css";

// the overlays of spec §2, owned by the pages engineer, each in its own chunk
const OfflineModal = lazy(() =>
  import("../features/offline/OfflineModal.tsx").then((m) => ({ default: m.OfflineModal })),
);
const PanelOverlay = lazy(() =>
  import("../features/panels/PanelOverlay.tsx").then((m) => ({ default: m.PanelOverlay })),
);
const TutorialOverlay = lazy(() =>
  import("../features/tutorial/TutorialOverlay.tsx").then((m) => ({ default: m.TutorialOverlay })),
);
// the group and the chat show once the start-up is done: their chunk is fetched as the shell mounts
const loadSocialPanel = () => import("../social/SocialPanel.tsx").then((m) => ({ default: m.SocialPanel }));
const SocialPanel = lazy(loadSocialPanel);

export function PageLoading() {
  const { t } = useTranslation("shell");
  return (
    <p className="pg-page-loading" role="status" aria-label={t("auth.loading")}>
      <SproutIcon size={32} className="pg-splash__sprout" />
    </p>
  );
}

/**
 * Top bar, sidebar, main area, the group and chat, toasts and overlays (spec §2), around the current page. The main start-up
 * (socket, craft log, tutorial auto-open, panels) waits for the offline sync and its modal (spec §4).
 */
export function Shell() {
  const { t } = useTranslation("shell");
  const { pathname } = useLocation();
  const ready = useStartupReady();
  useEffect(() => (ready ? startRealtime() : undefined), [ready]);
  useEffect(() => {
    void loadSocialPanel();
  }, []);
  return (
    <div className="pg-shell">
      <a className="pg-skip-link" href="#pg-main">
        {t("app.skipToContent")}
      </a>
      <TopBar />
      <Sidebar />
      <main id="pg-main" className="pg-main" tabIndex={-1}>
        <NamePrompt />
        {/* the tour's card heads the main area, above the page: it never lies over what it points at */}
        {ready ? (
          <Suspense fallback={null}>
            <TutorialOverlay />
          </Suspense>
        ) : null}
        <PageErrorBoundary key={pathname} fallback={<NotFound />}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </main>
      {ready ? (
        <Suspense fallback={<PageLoading />}>
          <SocialPanel />
        </Suspense>
      ) : null}
      <Toasts />
      {/* one boundary each: an overlay whose chunk loads later does not hide the offline modal */}
      <Suspense fallback={null}>
        <OfflineModal />
      </Suspense>
      {ready ? (
        <Suspense fallback={null}>
          <PanelOverlay />
        </Suspense>
      ) : null}
    </div>
  );
}
