import { create } from "zustand";

/** Player preferences kept in this browser: language and theme. */
export type Language = "en" | "fr";
export type Theme = "dark" | "light";

export interface SettingsState {
  language: Language;
  theme: Theme;
}

export const LANGUAGE_KEY = "pg.language";
export const THEME_KEY = "pg.theme";

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}
function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    /* private mode or a sandboxed frame: keep it in memory */
  }
}

export function initialLanguage(): Language {
  if (typeof window === "undefined") return "en";
  if (/^\/fr(\/|$)/.test(window.location.pathname)) return "fr";
  const stored = read(LANGUAGE_KEY);
  if (stored === "en" || stored === "fr") return stored;
  return (navigator.language ?? "").toLowerCase().startsWith("fr") ? "fr" : "en";
}
function initialTheme(): Theme {
  if (typeof window === "undefined") return "dark";
  return read(THEME_KEY) === "light" ? "light" : "dark";
}

export const useSettingsStore = create<SettingsState>()(() => ({
  language: initialLanguage(),
  theme: initialTheme(),
}));
export const settingsStore = useSettingsStore;

export function setLanguage(language: Language): void {
  write(LANGUAGE_KEY, language);
  useSettingsStore.setState({ language });
}
export function setTheme(theme: Theme): void {
  write(THEME_KEY, theme);
  useSettingsStore.setState({ theme });
}
