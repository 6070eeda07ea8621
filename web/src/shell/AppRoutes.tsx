import { lazy, useEffect } from "react";
import { Route, Routes } from "react-router";
import { loadGameTexts } from "../i18n/index.ts";
import { refreshSession } from "../session/refreshSession.ts";
import { startSessionWatch } from "../session/sessionController.ts";
import { AuthGate } from "./AuthGate.tsx";
import { NotFound } from "./NotFound.tsx";

// the shell shows once a session and its player are in: its chunk and the game's texts are fetched at
// start, beside the session call
const loadShell = () =>
  Promise.all([import("./Shell.tsx"), loadGameTexts()]).then(([m]) => ({ default: m.Shell }));
const Shell = lazy(loadShell);
// every page is its own chunk (route-level code splitting)
const HomePage = lazy(() => import("../pages/HomePage.tsx"));
const InventoryPage = lazy(() => import("../pages/InventoryPage.tsx"));
const SkillPage = lazy(() => import("../pages/SkillPage.tsx"));
const LocationPage = lazy(() => import("../pages/LocationPage.tsx"));
const CombatPage = lazy(() => import("../pages/CombatPage.tsx"));
const CombatAreaPage = lazy(() => import("../pages/CombatAreaPage.tsx"));
const LabPage = lazy(() => import("../pages/LabPage.tsx"));
const QuestsPage = lazy(() => import("../pages/QuestsPage.tsx"));
const SettingsPage = lazy(() => import("../account/SettingsPage.tsx"));
// the login page can show the pages' error texts
const LoginPage = lazy(() =>
  Promise.all([import("../account/LoginPage.tsx"), loadGameTexts()]).then(([m]) => m),
);

/** Routes of spec §2: /login and /fr/login without the shell; everything else behind the auth gate. */
export function AppRoutes() {
  useEffect(() => {
    const stop = startSessionWatch();
    void refreshSession();
    void loadShell();
    return stop;
  }, []);
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/fr/login" element={<LoginPage />} />
      <Route
        element={
          <AuthGate>
            <Shell />
          </AuthGate>
        }
      >
        <Route index element={<HomePage />} />
        <Route path="settings" element={<SettingsPage />} />
        <Route path="inventory" element={<InventoryPage />} />
        <Route path="lab" element={<LabPage />} />
        <Route path="quests" element={<QuestsPage />} />
        <Route path="skills/combat" element={<CombatPage />} />
        <Route path="skills/combat/:location" element={<CombatAreaPage />} />
        <Route path="skills/:skill" element={<SkillPage />} />
        <Route path="skills/:skill/:location" element={<LocationPage />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
