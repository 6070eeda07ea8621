import i18next, { type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { type Language, useSettingsStore } from "../stores/settingsStore.ts";
import { NAMESPACES, resources } from "./texts.ts";

/**
 * i18next with English and French, one namespace per area so two people never edit the same file:
 * "shell" (shell, sign-in, settings, the spec's shared messages), "pages" (the game pages), "names"
 * (the names of the game data: items, nodes, spells, affixes), "activity" (the Discord Activity's own)
 * and "social" (rooms, group list, chat).
 * The language comes from the settings store (localStorage); /fr/login selects French.
 */
export { NAMESPACES, resources };

export const i18n: I18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources,
  lng: useSettingsStore.getState().language,
  fallbackLng: "en",
  supportedLngs: ["en", "fr"],
  ns: [...NAMESPACES],
  defaultNS: "shell",
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

function applyLanguage(language: Language): void {
  if (i18n.language !== language) void i18n.changeLanguage(language);
  if (typeof document !== "undefined") document.documentElement.lang = language;
}
applyLanguage(useSettingsStore.getState().language);
useSettingsStore.subscribe((s, prev) => {
  if (s.language !== prev.language) applyLanguage(s.language);
});
