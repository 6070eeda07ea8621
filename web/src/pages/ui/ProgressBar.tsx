import type { CSSProperties } from "react";

export type BarTone = "hp" | "mana" | "barrier" | "xp" | "progress" | "node" | "monster";

export interface ProgressBarProps {
  value: number;
  max: number;
  /** accessible name of the bar */
  label: string;
  tone?: BarTone;
  /** text drawn over the bar (defaults to value/max) */
  text?: string;
  testId?: string;
  /** width transition between server values, ms (0 disables) */
  transitionMs?: number;
  small?: boolean;
}

/** A bar with role="progressbar": the width follows the server's value with a CSS transition. */
export function ProgressBar({
  value,
  max,
  label,
  tone = "progress",
  text,
  testId,
  transitionMs = 300,
  small = false,
}: ProgressBarProps) {
  const safeMax = max > 0 ? max : 1;
  const clamped = Math.min(Math.max(value, 0), safeMax);
  const pct = (clamped / safeMax) * 100;
  const style = { width: `${pct}%`, transitionDuration: `${transitionMs}ms` } satisfies CSSProperties;
  return (
    <div
      className={`pg-bar pg-bar--${tone}${small ? " pg-bar--small" : ""}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={Math.round(safeMax)}
      aria-valuenow={Math.round(clamped)}
      aria-valuetext={text ?? `${Math.round(clamped)}/${Math.round(safeMax)}`}
      data-testid={testId}
    >
      <div className="pg-bar__fill" style={style} />
      {small ? null : (
        <span className="pg-bar__text">{text ?? `${Math.round(clamped)}/${Math.round(safeMax)}`}</span>
      )}
    </div>
  );
}
