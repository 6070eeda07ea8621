import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * No import cycle but type-only ones (issue 31): a cycle of runtime imports makes a module's exports
 * undefined while it loads, depending on which module a test or a page happens to load first.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const SOURCES = ["shared/src", "server/src", "bot/src", "web/src", "activity/src"];
const PACKAGES: Record<string, string> = {
  "@pickle-garden/shared": "shared/src/index.ts",
  "@pickle-garden/web": "web/src/index.ts",
  "@pickle-garden/web/texts": "web/src/i18n/texts.ts",
};
const IMPORT =
  /(?:^|\n)\s*(import|export)\s+(type\s+)?([^;]*?)\s*from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** Whether an import's specifiers are all types (`import { type A, type B }` loads nothing we rely on). */
function onlyTypes(clause: string): boolean {
  const named = /^\{([^}]*)\}$/.exec(clause.trim());
  if (!named) return false;
  const names = (named[1] ?? "")
    .split(",")
    .map((n) => n.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((n) => n.startsWith("type "));
}

/** A module's runtime imports, as paths from the repository's root. */
function runtimeImports(file: string, text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[4] ?? m[5] ?? "";
    if (m[2] || (m[3] !== undefined && onlyTypes(m[3]))) continue;
    const target = spec.startsWith(".") ? relative(ROOT, resolve(ROOT, dirname(file), spec)) : PACKAGES[spec];
    if (target) found.push(target);
  }
  return found;
}

/** Every cycle's modules, found by a depth-first walk (each cycle reported once, from where it closes). */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  const visit = (node: string): void => {
    state.set(node, "open");
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === "open") found.push(path.slice(path.indexOf(next)));
      else if (!state.has(next) && graph.has(next)) visit(next);
    }
    path.pop();
    state.set(node, "done");
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return found;
}

describe("imports", () => {
  it("finds a cycle of runtime imports and ignores a type-only one", () => {
    const a = runtimeImports("x/a.ts", 'import { b } from "./b.ts";\nimport type { C } from "./c.ts";');
    const c = runtimeImports("x/c.ts", 'import { type A } from "./a.ts";\nexport * from "./b.ts";');
    const b = runtimeImports("x/b.ts", 'const load = () => import("./a.ts");');
    expect(a).toEqual(["x/b.ts"]);
    expect(c).toEqual(["x/b.ts"]);
    const graph = new Map([
      ["x/a.ts", a],
      ["x/b.ts", b],
      ["x/c.ts", c],
    ]);
    expect(cycles(graph)).toEqual([["x/a.ts", "x/b.ts"]]);
  });

  it("has no cycle but type-only ones in the product's code", () => {
    const graph = new Map(
      SOURCES.flatMap(sources).map((file) => [
        file,
        runtimeImports(file, readFileSync(join(ROOT, file), "utf8")),
      ]),
    );
    expect(graph.size).toBeGreaterThan(400);
    expect(cycles(graph).map((c) => c.join(" -> "))).toEqual([]);
  });
});
