import { z } from "zod";

/**
 * Text other players see (names, chat): lone surrogates dropped, Unicode NFC; control characters, bidi embeddings, overrides,
 * isolates and marks, and zero-width characters removed (a zero-width joiner stays only inside an
 * emoji sequence); trimmed; cut to at most `max` user-perceived characters (graphemes), never inside
 * one. The result may be empty: each caller decides what empty means.
 */

const CONTROLS = /[\p{Cc}\u061C\u200B\u200C\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/gu;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// a zero-width joiner not between two pictographs (an emoji's optional variation selector allowed)
const STRAY_JOINER = /(?<!\p{Extended_Pictographic}\uFE0F?)\u200D|\u200D(?!\p{Extended_Pictographic})/gu;

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

export function normalizeText(raw: string, max: number): string {
  const cleaned = raw
    .replace(LONE_SURROGATE, "")
    .normalize("NFC")
    .replace(CONTROLS, "")
    .replace(STRAY_JOINER, "")
    .trim();
  let out = "";
  let count = 0;
  for (const { segment } of graphemes.segment(cleaned)) {
    if (++count > max) break;
    out += segment;
  }
  return out.trim();
}

/** `text` within `max` UTF-16 units (what Discord and most limits count), cut between graphemes with an ellipsis. */
export function fitGraphemes(text: string, max: number): string {
  if (text.length <= max) return text;
  let out = "";
  for (const { segment } of graphemes.segment(text)) {
    if (out.length + segment.length > max - 1) break;
    out += segment;
  }
  return `${out}…`;
}

/** A zod string normalised by normalizeText (the raw input bounded first, so a huge one is refused, not cut). */
export const displayText = (max: number, rawMax = max * 8) =>
  z
    .string()
    .max(rawMax)
    .transform((s) => normalizeText(s, max));
