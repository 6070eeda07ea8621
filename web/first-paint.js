// The page's language and theme before the app's module loads (the first paint, screen readers, the
// browser's hyphenation): the same choice as initialLanguage() and the theme in
// web/src/stores/settingsStore.ts (a test holds them together); the app keeps both in step after that.
(() => {
  const root = document.documentElement;
  let stored = null;
  let theme = null;
  try {
    stored = localStorage.getItem("pg.language");
    theme = localStorage.getItem("pg.theme");
  } catch {
    // private mode or a sandboxed frame: the defaults
  }
  const french =
    /^\/fr(\/|$)/.test(location.pathname) ||
    stored === "fr" ||
    (stored !== "en" && (navigator.language || "").toLowerCase().startsWith("fr"));
  root.lang = french ? "fr" : "en";
  root.dataset.theme = theme === "light" ? "light" : "dark";
})();
