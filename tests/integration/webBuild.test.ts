import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The real build (vite, into a folder of its own): both pages load the first-paint script from a
 * content-hashed file under assets/ (cached for good, see serveWebApp), and nothing the pages load keeps
 * a fixed name.
 */

const web = fileURLToPath(new URL("../../web/", import.meta.url));
const outDir = mkdtempSync(join(tmpdir(), "pg-web-build-"));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe("the web build", () => {
  it("names the first-paint script by its content, and both pages load it from there", async () => {
    await build({
      root: web,
      configFile: join(web, "vite.config.ts"),
      logLevel: "silent",
      build: { outDir, emptyOutDir: true },
    });
    const [script, ...more] = readdirSync(join(outDir, "assets")).filter((f) => f.startsWith("first-paint-"));
    expect(more).toEqual([]);
    expect(script).toMatch(/^first-paint-[\w-]{10}\.js$/);
    expect(readFileSync(join(outDir, "assets", script!), "utf8")).toBe(
      readFileSync(join(web, "first-paint.js"), "utf8"),
    );
    for (const page of ["index.html", "activity.html"]) {
      const html = readFileSync(join(outDir, page), "utf8");
      const sources = [...html.matchAll(/(?:src|href)="(\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
      expect(sources).toContain(`/assets/${script}`);
      expect(sources.filter((s) => !s!.startsWith("/assets/"))).toEqual([]);
    }
    expect(readdirSync(outDir).filter((f) => f.endsWith(".js"))).toEqual([]);
  }, 120_000);
});
