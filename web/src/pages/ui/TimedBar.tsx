import { type CSSProperties, useEffect, useRef } from "react";
import type { BarTone } from "./ProgressBar.tsx";

export interface TimedBarProps {
  /** local epoch ms when the cycle started */
  startAt: number;
  /** length of the cycle, ms */
  durationMs: number;
  label: string;
  tone?: BarTone;
  testId?: string;
  /** run again from 0 when the cycle ends (until the next server event resets startAt) */
  repeat?: boolean;
  /** paused bars stay empty */
  paused?: boolean;
}

/**
 * A bar filling from startAt to startAt + durationMs, animated by CSS alone (a keyframe animation with a
 * negative delay starts it part-way): no React update per frame. aria-valuenow (0-100) is refreshed
 * every 500 ms straight on the element, for screen readers and end-to-end tests.
 */
export function TimedBar({
  startAt,
  durationMs,
  label,
  tone = "progress",
  testId,
  repeat,
  paused,
}: TimedBarProps) {
  const ref = useRef<HTMLDivElement>(null);
  const duration = Math.max(durationMs, 1);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => {
      if (paused) {
        el.setAttribute("aria-valuenow", "0");
        return;
      }
      const elapsed = Date.now() - startAt;
      const frac = repeat ? (((elapsed % duration) + duration) % duration) / duration : elapsed / duration;
      el.setAttribute("aria-valuenow", String(Math.round(Math.min(Math.max(frac, 0), 1) * 100)));
    };
    update();
    const id = setInterval(update, 500);
    return () => clearInterval(id);
  }, [startAt, duration, repeat, paused]);

  const delay = Math.min(startAt - Date.now(), 0);
  const style: CSSProperties = paused
    ? { width: "0%" }
    : {
        animationName: "pg-fill",
        animationDuration: `${duration}ms`,
        animationDelay: `${delay}ms`,
        animationTimingFunction: "linear",
        animationIterationCount: repeat ? "infinite" : 1,
        animationFillMode: "both",
      };
  return (
    <div
      ref={ref}
      className={`pg-bar pg-bar--${tone} pg-bar--small`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={0}
      data-testid={testId}
    >
      <div
        key={`${startAt}:${duration}:${paused ? 1 : 0}`}
        className="pg-bar__fill pg-bar__fill--timed"
        style={style}
      />
    </div>
  );
}
