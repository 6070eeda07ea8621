import { useSettingsStore } from "./stores/settingsStore.ts";

/**
 * Number and duration formatting of spec §9 (K for thousands, M for millions; hours, minutes, seconds)
 * in the player's language: "111.84 RP" / "111,84 PR", "2.4s" / "2,4 s", "1m 5s" / "1 min 5 s".
 */

export type Locale = "en" | "fr";
const currentLocale = (): Locale => useSettingsStore.getState().language;

const NBSP = "\u00a0";
/** chosen: English keeps the spec's "1.2K" and "2h 3m"; French spaces its units ("1,2 k", "2 h 3 min"). */
const UNITS: Readonly<Record<Locale, { k: string; m: string; h: string; min: string; s: string }>> = {
  en: { k: "K", m: "M", h: "h", min: "m", s: "s" },
  fr: { k: `${NBSP}k`, m: `${NBSP}M`, h: `${NBSP}h`, min: `${NBSP}min`, s: `${NBSP}s` },
};

const FORMATS = new Map<string, Intl.NumberFormat>();
function decimal(value: number, decimals: number, locale: Locale, grouping = false): string {
  const key = `${locale}/${decimals}/${grouping}`;
  let f = FORMATS.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { maximumFractionDigits: decimals, useGrouping: grouping });
    FORMATS.set(key, f);
  }
  return f.format(value);
}

const rounded = (n: number, decimals: number) => Number(n.toFixed(decimals));

/**
 * 999 → "999", 1234 → "1.2K", 12_345 → "12.3K", 1_500_000 → "1.5M", 12.345 → "12.35" (French: "12,35",
 * "1,2 k"). Below 1000, fractions keep up to `decimals` digits (RP carries decimals).
 */
export function formatNumber(value: number, decimals = 2, locale: Locale = currentLocale()): string {
  if (!Number.isFinite(value)) return "0";
  const sign = value < 0 ? "-" : "";
  const abs = Math.abs(value);
  const units = UNITS[locale];
  // 999.999 rounds up to 1000: fall through to K
  if (rounded(abs, decimals) < 1000) {
    const r = rounded(abs, decimals);
    return r === 0 ? "0" : `${sign}${decimal(r, decimals, locale)}`;
  }
  const k = rounded(abs / 1000, 1);
  if (k < 1000) return `${sign}${decimal(k, 1, locale)}${units.k}`;
  return `${sign}${decimal(rounded(abs / 1_000_000, 1), 1, locale)}${units.m}`;
}

/** Whole numbers with the language's thousands separators for tooltips: 1234567 → "1,234,567" / "1 234 567". */
export function formatExact(value: number, locale: Locale = currentLocale()): string {
  return decimal(value, 2, locale, true);
}

/**
 * 0 → "0s", 2400 → "2.4s", 65_000 → "1m 5s", 3_600_000 → "1h", 7_384_000 → "2h 3m 4s"
 * (French: "2,4 s", "1 min 5 s"). Under a minute one decimal is kept (cycle times); above, whole seconds.
 */
export function formatDuration(ms: number, locale: Locale = currentLocale()): string {
  const u = UNITS[locale];
  if (!Number.isFinite(ms) || ms <= 0) return `0${u.s}`;
  if (ms < 60_000) {
    const s = Math.round(ms / 100) / 10;
    if (s < 60) return `${decimal(s, 1, locale)}${u.s}`;
  }
  const total = Math.round(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const parts: string[] = [];
  if (h) parts.push(`${h}${u.h}`);
  if (m) parts.push(`${m}${u.min}`);
  if (s) parts.push(`${s}${u.s}`);
  return parts.join(" ");
}

export type AwayUnit = "seconds" | "minutes" | "hours" | "days";

/**
 * A time away in the units one says it in (each worded with its i18n plural): 40 s → 40 seconds, 95 min →
 * 1 hour 35 minutes, 25 h → 25 hours (minutes dropped from 10 hours on), 72 h → 3 days, 80 h → 3 days 8 hours
 * (hours dropped from a week on).
 */
export function awayParts(ms: number): { unit: AwayUnit; count: number }[] {
  const parts = (list: [AwayUnit, number][]) =>
    list.filter(([, n], i) => n > 0 || i === 0).map(([unit, count]) => ({ unit, count }));
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return parts([["seconds", seconds]]);
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return parts([["minutes", minutes]]);
  if (minutes < 10 * 60)
    return parts([
      ["hours", Math.floor(minutes / 60)],
      ["minutes", minutes % 60],
    ]);
  const hours = Math.round(ms / 3_600_000);
  if (hours < 48) return parts([["hours", hours]]);
  const days = Math.floor(hours / 24);
  if (days >= 7) return parts([["days", Math.round(hours / 24)]]);
  return parts([
    ["days", days],
    ["hours", hours % 24],
  ]);
}

/** Epoch ms → "HH:MM:SS" on a 24-hour clock, in the viewer's time zone unless one is given. */
export function formatClock(epochMs: number, timeZone?: string): string {
  const d = new Date(epochMs);
  if (timeZone) {
    return new Intl.DateTimeFormat("en-GB", {
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hour12: false,
      timeZone,
    }).format(d);
  }
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** A 0…1 fraction, clamped, as a CSS percentage string. */
export function percent(value: number, max: number): string {
  if (!(max > 0)) return "0%";
  return `${Math.max(0, Math.min(100, (value / max) * 100))}%`;
}
