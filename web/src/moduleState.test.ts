import { describe, expect, it } from "vitest";

/**
 * Issue 8 §8: the client's state lives in stores (zustand), never in module-level variables, so every
 * piece of it can be read, subscribed to and reset. Biome formats every top-level statement at column 0
 * and every nested one indented, which is what these checks rely on.
 */

/** Memo caches of pure functions: what they hold is never observable, only faster to get again. */
const PURE_CACHES = new Set(["format.ts:FORMATS"]);

/** The web's sources and the Discord activity's, which runs the same client in Discord's frame. */
const SOURCES = import.meta.glob<string>(
  [
    "./**/*.{ts,tsx}",
    "../../activity/src/**/*.{ts,tsx}",
    "!./**/*.test.{ts,tsx}",
    "!../../activity/src/**/*.test.{ts,tsx}",
    "!./test/**",
  ],
  { query: "?raw", import: "default", eager: true },
);
const FILES = Object.entries(SOURCES).map(([path, text]) => ({ name: path.replace(/^\.\//, ""), text }));

describe("no module-level mutable state in the client (web/src, activity/src)", () => {
  it("reads the sources", () => {
    expect(FILES.length).toBeGreaterThan(50);
    const names = FILES.map((f) => f.name);
    expect(names).toContain("stores/playerStore.ts");
    expect(names).toContain("../../activity/src/launch.ts");
  });

  it("declares no top-level let or var", () => {
    const found = FILES.flatMap(({ name, text }) =>
      text
        .split("\n")
        .map((line, i) => ({ line, at: `${name}:${i + 1}` }))
        .filter(({ line }) => /^(export\s+)?(let|var)\s/.test(line))
        .map(({ line, at }) => `${at} ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });

  it("changes no top-level collection (a Map, Set, array or object filled at run time)", () => {
    const found = FILES.flatMap(({ name, text }) => {
      const declared = [
        ...text.matchAll(
          /^(?:export\s+)?const\s+(\w+)(?:\s*:[^=\n]+)?\s*=\s*(?:new\s+(?:Map|Set|WeakMap)\b|\[|\{)/gm,
        ),
      ].map((m) => m[1]!);
      return declared
        .filter((id) => !PURE_CACHES.has(`${name}:${id}`))
        .filter((id) =>
          new RegExp(
            `\\b${id}\\s*\\.\\s*(set|add|delete|clear|push|pop|shift|unshift|splice)\\s*\\(|\\b${id}\\s*(\\[[^\\]]+\\]|\\.\\w+)\\s*=[^=]`,
          ).test(text),
        )
        .map((id) => `${name}: ${id}`);
    });
    expect(found).toEqual([]);
  });
});
