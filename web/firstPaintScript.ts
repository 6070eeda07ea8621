import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Plugin } from "vite";

/**
 * The pages' first-paint script (`first-paint.js`: <html lang> and the theme before the app loads) is a
 * classic script, which Vite leaves as it is. In a build this plugin emits it under a content-hashed name
 * in `assets/` and points both pages at it, so it is cached for good like every other asset instead of
 * being a fixed name revalidated through Discord's proxy; the dev server serves the file itself.
 */
export function firstPaintScript(file: string): Plugin {
  const source = readFileSync(file, "utf8");
  const hash = createHash("sha256").update(source).digest("base64url").slice(0, 10);
  const fileName = `assets/first-paint-${hash}.js`;
  return {
    name: "pickle-garden:first-paint-script",
    apply: "build",
    transformIndexHtml: {
      order: "pre",
      handler: (html) =>
        html.replace(
          '<script src="/first-paint.js"></script>',
          `<script vite-ignore src="/${fileName}"></script>`,
        ),
    },
    generateBundle() {
      this.emitFile({ type: "asset", fileName, source });
    },
  };
}
