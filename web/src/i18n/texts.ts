import { en } from "./en/index.ts";
import { fr } from "./fr/index.ts";
import { NAMESPACES } from "./namespaces.ts";

/**
 * Every text of the game in English and French, as plain objects, and the game data's names over any
 * translator: no React, no browser, so the Discord bot writes its DMs and embeds with the website's own
 * words and names (`@pickle-garden/web/texts`).
 */
export { NAMESPACES };
export const resources = { en, fr } as const;

export { createDataNames, type Translator } from "./dataNames.ts";
