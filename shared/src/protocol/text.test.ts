import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ChatMessageInSchema } from "./chat.ts";
import { UsernameBodySchema } from "./intents.ts";
import { normalizeText } from "./text.ts";

// letters, combining marks, emoji and their joiners, lone surrogates, bidi and zero-width characters
const PIECES = [
  "a",
  "é",
  "e\u0301",
  "🥒",
  "👨",
  "\u200D",
  "\uFE0F",
  "\uD83E",
  "\uDD52",
  "\u202E",
  "\u2066",
  "\u2069",
  "\u200B",
  "\n",
  " ",
];
const segmenter = new Intl.Segmenter("en", { granularity: "grapheme" });

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const wellFormed = (s: string) => !LONE_SURROGATE.test(s);

describe("normalizeText", () => {
  it("composes to NFC and removes controls, bidi overrides and isolates, zero-width characters", () => {
    expect(normalizeText("Cafe\u0301", 32)).toBe("Café");
    expect(normalizeText("\u202Eevil\u202C\u2066x\u2069", 32)).toBe("evilx");
    expect(normalizeText("a\u200Bb\u200Cc\u2060d\uFEFFe\u200Ef\u200Fg\u061Ch", 32)).toBe("abcdefgh");
    expect(normalizeText("line\nbreak\ttab\u0007", 32)).toBe("linebreaktab");
    expect(normalizeText("a\u200Db", 32)).toBe("ab");
  });

  it("keeps the joiner inside an emoji sequence and cuts by grapheme, never inside a surrogate pair", () => {
    const family = "👨\u200D👩\u200D👧";
    expect(normalizeText(family, 32)).toBe(family);
    const forty = "🥒".repeat(40);
    const cut = normalizeText(forty, 32);
    expect(cut).toBe("🥒".repeat(32));
    expect(cut.length).toBe(64);
    expect(normalizeText(`${family}${family}`, 1)).toBe(family);
  });

  it("trims, and anything of only invisible characters becomes empty", () => {
    expect(normalizeText("  \u200B\u202E \u2066  ", 32)).toBe("");
  });

  it("never leaves a lone surrogate or an override, whatever the input", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...PIECES), { maxLength: 120 }),
        fc.integer({ min: 1, max: 40 }),
        (pieces, max) => {
          const raw = pieces.join("");
          expect(normalizeText(raw, max)).toBe(normalizeText(normalizeText(raw, max), max));
          const out = normalizeText(raw, max);
          expect(wellFormed(out)).toBe(true);
          expect(/[\u202A-\u202E\u2066-\u2069\u200B]/.test(out)).toBe(false);
          expect([...segmenter.segment(out)].length).toBeLessThanOrEqual(max);
        },
      ),
    );
  });
});

describe("schemas", () => {
  it("chat text is normalised; an empty result is refused", () => {
    expect(ChatMessageInSchema.parse({ text: "hi\u202E there" }).text).toBe("hi there");
    expect(ChatMessageInSchema.safeParse({ text: "\u200B\u2066" }).success).toBe(false);
  });

  it("a name is normalised and cut to 32 graphemes", () => {
    expect(UsernameBodySchema.parse({ username: "🥒".repeat(40) }).username).toBe("🥒".repeat(32));
  });
});
