/** Number and duration formatting of spec §9: K for thousands, M for millions; hours, minutes, seconds. */

function trimmed(n: number, decimals: number): string {
  return n.toFixed(decimals).replace(/\.?0+$/, "");
}

/**
 * 999 → "999", 1234 → "1.2K", 12_345 → "12.3K", 1_500_000 → "1.5M", 12.345 → "12.35".
 * Below 1000, fractions keep up to `decimals` digits (RP carries decimals).
 */
export function formatNumber(value: number, decimals = 2): string {
  if (!Number.isFinite(value)) return "0";
  const sign = value < 0 ? "-" : "";
  const abs = Math.abs(value);
  if (abs < 1000) {
    const s = trimmed(abs, decimals);
    // 999.999 rounds up to 1000: fall through to K
    if (Number(s) < 1000) return s === "0" ? "0" : `${sign}${s}`;
  }
  const k = abs / 1000;
  if (Number(k.toFixed(1)) < 1000) return `${sign}${trimmed(k, 1)}K`;
  return `${sign}${trimmed(abs / 1_000_000, 1)}M`;
}

/** Whole numbers with thousands separators for tooltips: 1234567 → "1,234,567". */
export function formatExact(value: number, locale = "en"): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);
}

export interface DurationUnits {
  h: string;
  m: string;
  s: string;
}
const DEFAULT_UNITS: DurationUnits = { h: "h", m: "m", s: "s" };

/**
 * 0 → "0s", 2400 → "2.4s", 65_000 → "1m 5s", 3_600_000 → "1h", 7_384_000 → "2h 3m 4s".
 * Under a minute one decimal is kept (cycle times); above, whole seconds.
 */
export function formatDuration(ms: number, units: DurationUnits = DEFAULT_UNITS): string {
  if (!Number.isFinite(ms) || ms <= 0) return `0${units.s}`;
  if (ms < 60_000) {
    const s = Math.round(ms / 100) / 10;
    if (s < 60) return `${trimmed(s, 1)}${units.s}`;
  }
  const total = Math.round(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const parts: string[] = [];
  if (h) parts.push(`${h}${units.h}`);
  if (m) parts.push(`${m}${units.m}`);
  if (s) parts.push(`${s}${units.s}`);
  return parts.join(" ");
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
