import i18next, { type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { type Language, useSettingsStore } from "../stores/settingsStore.ts";
import shell from "./en/shell.ts";
import { NAMESPACES } from "./namespaces.ts";

/**
 * i18next with English and French, one namespace per area so two people never edit the same file:
 * "shell" (shell, sign-in, settings, the spec's shared messages), "pages" (the game pages), "names"
 * (the names of the game data: items, nodes, spells, affixes), "activity" (the Discord Activity's own)
 * and "social" (rooms, group list, chat).
 * The language comes from the settings store (localStorage); /fr/login selects French. English "shell" is in
 * the first load (the splash and the auth gate); the other English namespaces (also the fallback) come with
 * the login page and the shell; French is fetched when it is first chosen.
 */
export const i18n: I18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { en: { shell } },
  lng: "en",
  fallbackLng: "en",
  supportedLngs: ["en", "fr"],
  ns: [...NAMESPACES],
  defaultNS: "shell",
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

/** Every English namespace, in its own chunk fetched once: the login page and the shell wait for it. */
export async function loadGameTexts(): Promise<void> {
  if (i18n.hasResourceBundle("en", "pages")) return;
  const { en } = await import("./en/index.ts");
  for (const ns of NAMESPACES) i18n.addResourceBundle("en", ns, en[ns]);
}

/** French comes in its own chunk, fetched when it is first chosen (tests load it up front). */
export async function loadFrench(): Promise<void> {
  const { fr } = await import("./fr/index.ts");
  for (const ns of NAMESPACES) i18n.addResourceBundle("fr", ns, fr[ns]);
}

/** Switches at once when the texts are in, else once they are (unless the player switched again meanwhile). */
function applyLanguage(language: Language): Promise<void> {
  if (typeof document !== "undefined") document.documentElement.lang = language;
  const switchTo = () => {
    if (i18n.language !== language && useSettingsStore.getState().language === language)
      void i18n.changeLanguage(language);
  };
  if (i18n.hasResourceBundle(language, "shell")) {
    switchTo();
    return Promise.resolve();
  }
  return loadFrench().then(switchTo);
}

/** Resolves once the texts of the language chosen at start-up are in: render after it. */
export const i18nReady: Promise<void> = applyLanguage(useSettingsStore.getState().language);
useSettingsStore.subscribe((s, prev) => {
  if (s.language !== prev.language) void applyLanguage(s.language);
});
