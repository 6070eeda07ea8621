import activity from "./activity.ts";
import names from "./names.ts";
import pages from "./pages.ts";
import shell from "./shell.ts";
import social from "./social.ts";

/** Every French text, one namespace per area. */
export const fr = { shell, pages, names, activity, social } as const;
