import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { measure, PAGES } from "../../scripts/bundle-size.ts";

/**
 * The real build (vite, into a folder of its own): both pages load the first-paint script from a
 * content-hashed file under assets/ (cached for good, see serveWebApp), and nothing the pages load keeps
 * a fixed name; and each page's first-load JavaScript stays within its budget (`npm run size`'s).
 */

const web = fileURLToPath(new URL("../../web/", import.meta.url));
const outDir = mkdtempSync(join(tmpdir(), "pg-web-build-"));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe("the web build", () => {
  beforeAll(async () => {
    // the production build `npm run build` makes (vitest sets NODE_ENV=test, which builds React's development code)
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = "production";
    try {
      await build({
        root: web,
        configFile: join(web, "vite.config.ts"),
        logLevel: "silent",
        mode: "production",
        build: { outDir, emptyOutDir: true },
      });
    } finally {
      process.env.NODE_ENV = nodeEnv;
    }
  }, 120_000);

  it("names the first-paint script by its content, and both pages load it from there", () => {
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
  });

  it("keeps each page's first-load JavaScript within its budget", () => {
    for (const page of PAGES) {
      const { files, gzipKb, budgetKb } = measure(page, outDir);
      expect(files.length, page).toBeGreaterThan(1);
      expect(gzipKb, `${page}: ${files.map((f) => `${f.src} ${f.gzip}`).join(", ")}`).toBeLessThanOrEqual(
        budgetKb,
      );
    }
  });

  it("leaves zod's JSON Schema conversion out: the shell parses with zod but cannot convert", () => {
    const first = measure("index.html", outDir).files.map((f) => readFileSync(join(outDir, f.src), "utf8"));
    const code = first.join("\n");
    expect(code).toContain("not part of the web build");
    expect(code).not.toMatch(/draft-2020-12|\$defs/);
  });
});
