import activity from "./activity.ts";
import names from "./names.ts";
import pages from "./pages.ts";
import shell from "./shell.ts";
import social from "./social.ts";

/** Every English text, one namespace per area. */
export const en = { shell, pages, names, activity, social } as const;
