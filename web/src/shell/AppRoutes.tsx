import { lazy, useEffect } from "react";
import { Route, Routes } from "react-router";
import { refreshSession } from "../session/refreshSession.ts";
import { startSessionWatch } from "../session/sessionController.ts";
import { AuthGate } from "./AuthGate.tsx";
import { NotFound } from "./NotFound.tsx";
import { Shell } from "./Shell.tsx";

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
const LoginPage = lazy(() => import("../account/LoginPage.tsx"));

/** Routes of spec §2: /login and /fr/login without the shell; everything else behind the auth gate. */
export function AppRoutes() {
  useEffect(() => {
    const stop = startSessionWatch();
    void refreshSession();
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
