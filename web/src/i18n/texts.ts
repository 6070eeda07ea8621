import enActivity from "./en/activity.ts";
import enNames from "./en/names.ts";
import enPages from "./en/pages.ts";
import enShell from "./en/shell.ts";
import enSocial from "./en/social.ts";
import frActivity from "./fr/activity.ts";
import frNames from "./fr/names.ts";
import frPages from "./fr/pages.ts";
import frShell from "./fr/shell.ts";
import frSocial from "./fr/social.ts";

/**
 * Every text of the game in English and French, as plain objects, and the game data's names over any
 * translator: no React, no browser, so the Discord bot writes its DMs and embeds with the website's own
 * words and names (`@pickle-garden/web/texts`).
 */
export const NAMESPACES = ["shell", "pages", "names", "activity", "social"] as const;
export const resources = {
  en: { shell: enShell, pages: enPages, names: enNames, activity: enActivity, social: enSocial },
  fr: { shell: frShell, pages: frPages, names: frNames, activity: frActivity, social: frSocial },
} as const;

export { createDataNames, type Translator } from "./dataNames.ts";
