// global styles first, so component styles that follow override them
import "./theme/global.css";
import { Suspense, useEffect, useState } from "react";
import { I18nextProvider } from "react-i18next";
import { BrowserRouter, MemoryRouter } from "react-router";
import { type SubscriptionShop, useSubscriptionStore } from "./features/subscription/subscriptionStore.ts";
import { i18n } from "./i18n/index.ts";
import { setActivitySessionToken } from "./session/sessionController.ts";
import { AppRoutes } from "./shell/AppRoutes.tsx";
import { Splash } from "./shell/Splash.tsx";
import { useSettingsStore } from "./stores/settingsStore.ts";

export interface AppProps {
  /**
   * The Discord activity's own session token: sent as a bearer token on every call and as socket auth
   * (cookies are unreliable in Discord's frame); no guest sign-in happens then.
   */
  sessionToken?: string;
  /** "memory" keeps navigation inside the app (e.g. in a frame); default "browser". */
  router?: "browser" | "memory";
  /** first path for the memory router */
  initialPath?: string;
  /** Discord's side of buying the garden-supporter subscription (the activity's); none on the website */
  shop?: SubscriptionShop;
}

function useThemeOnRoot(): void {
  const theme = useSettingsStore((s) => s.theme);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
}

/** The whole game: routes, shell and pages. The website's main.tsx and the activity both render it. */
export function App({ sessionToken, router = "browser", initialPath = "/", shop }: AppProps) {
  // the token must be in place before the first call goes out
  useState(() => {
    if (sessionToken) setActivitySessionToken(sessionToken);
    return null;
  });
  useEffect(() => {
    useSubscriptionStore.setState({ shop: shop ?? null });
  }, [shop]);
  useThemeOnRoot();
  const routes = (
    <Suspense fallback={<Splash title={i18n.t("shell:auth.loading")} />}>
      <AppRoutes />
    </Suspense>
  );
  return (
    <I18nextProvider i18n={i18n}>
      {router === "memory" ? (
        <MemoryRouter initialEntries={[initialPath]}>{routes}</MemoryRouter>
      ) : (
        <BrowserRouter>{routes}</BrowserRouter>
      )}
    </I18nextProvider>
  );
}
