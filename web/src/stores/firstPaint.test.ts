import { afterEach, describe, expect, it, vi } from "vitest";
import { initialLanguage, LANGUAGE_KEY, THEME_KEY } from "./settingsStore.ts";

/** web/first-paint.js runs before the app (index.html and activity.html load it in their <head>). */
const SOURCE = import.meta.glob<string>("../../first-paint.js", {
  query: "?raw",
  import: "default",
  eager: true,
});
const firstPaint = new Function(
  Object.values(SOURCE)[0] ?? "throw new Error('no first-paint.js')",
) as () => void;

afterEach(() => {
  localStorage.clear();
  window.history.replaceState(null, "", "/");
  document.documentElement.lang = "en";
  delete document.documentElement.dataset.theme;
});

describe("first-paint.js", () => {
  const cases = [
    { path: "/", stored: null, browser: "en-US" },
    { path: "/", stored: null, browser: "fr-FR" },
    { path: "/", stored: "fr", browser: "en-US" },
    { path: "/skills/mining", stored: "en", browser: "fr-CA" },
    { path: "/fr/login", stored: "en", browser: "en-US" },
    { path: "/fr", stored: null, browser: "de" },
    { path: "/french", stored: "nl", browser: "de" },
  ] as const;

  it.each(cases)("chooses the app's language ($path, stored $stored, browser $browser)", (c) => {
    window.history.replaceState(null, "", c.path);
    if (c.stored) localStorage.setItem(LANGUAGE_KEY, c.stored);
    vi.spyOn(navigator, "language", "get").mockReturnValue(c.browser);
    firstPaint();
    expect(document.documentElement.lang).toBe(initialLanguage());
  });

  it("sets the stored theme, dark by default", () => {
    firstPaint();
    expect(document.documentElement.dataset.theme).toBe("dark");
    localStorage.setItem(THEME_KEY, "light");
    firstPaint();
    expect(document.documentElement.dataset.theme).toBe("light");
  });
});
