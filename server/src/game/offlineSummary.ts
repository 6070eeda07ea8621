import {
  type AdvanceSummary,
  mergeOfflineSummary,
  type OfflineSummary,
  OfflineSummarySchema,
} from "@pickle-garden/shared";

/**
 * The pending offline summary (PlayerMeta.pendingOffline) as stored: the rule (mergeOfflineSummary in
 * shared) merges each away settle in; a stored one is read back defensively, documents outlive code.
 *
 * Summaries known to be well formed (parsed here, or merged from one that was) need no second parse: every
 * settle of an away player reads its pending summary back, and summaries are never mutated.
 */
const checked = new WeakSet<object>();

/** A stored summary, parsed (null when absent or malformed). */
export function readSummary(raw: unknown): OfflineSummary | null {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === "object" && checked.has(raw)) return raw as OfflineSummary;
  const parsed = OfflineSummarySchema.safeParse(raw);
  if (!parsed.success) return null;
  checked.add(parsed.data);
  return parsed.data;
}

/** One settle's summary merged into the pending one, remembered as well formed. */
export function mergeSummary(pending: OfflineSummary, s: AdvanceSummary): OfflineSummary {
  const merged = mergeOfflineSummary(pending, s);
  checked.add(merged);
  return merged;
}
