import { create } from "zustand";
import { safeLocalStorage } from "../safeStorage.ts";

/** Player preferences kept in this browser: language, theme, and whether the name prompt was dismissed. */
export type Language = "en" | "fr";
export type Theme = "dark" | "light";

export interface SettingsState {
  language: Language;
  theme: Theme;
  /** the guest said "not now" to the room's invitation to pick a name */
  namePromptDismissed: boolean;
}

export const LANGUAGE_KEY = "pg.language";
export const THEME_KEY = "pg.theme";
export const NAME_PROMPT_KEY = "pg.namePromptDismissed";

const read = (key: string) => safeLocalStorage.getItem(key);
const write = (key: string, value: string) => safeLocalStorage.setItem(key, value);

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
  namePromptDismissed: typeof window !== "undefined" && read(NAME_PROMPT_KEY) === "1",
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
export function dismissNamePrompt(): void {
  write(NAME_PROMPT_KEY, "1");
  useSettingsStore.setState({ namePromptDismissed: true });
}
