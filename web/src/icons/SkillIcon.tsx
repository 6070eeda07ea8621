import type { ReactNode } from "react";
import { type IconProps, Svg } from "./Svg.tsx";

/** One drawing per skill (plus 'combat' and resting 'none'), in the skill's colour. */
export type SkillIconId =
  | "picklelogy"
  | "mining"
  | "mycology"
  | "botany"
  | "smithing"
  | "tanning"
  | "tailoring"
  | "health"
  | "intellect"
  | "melee"
  | "magic"
  | "ranged"
  | "combat"
  | "none";

const DRAWINGS: Record<SkillIconId, ReactNode> = {
  picklelogy: (
    <>
      <path
        d="M6.5 17.5c-2-2-1.3-6 1.5-8.8s6.8-3.5 8.8-1.5.5 6-2.3 8.8-6 3.5-8 1.5z"
        fill="currentColor"
        fillOpacity="0.25"
      />
      <circle cx="16.5" cy="16.5" r="3" />
      <path d="M18.7 18.7l2.3 2.3" />
    </>
  ),
  mining: (
    <>
      <path d="M4.5 8.5c4-4.2 10.8-4.2 15 0-4.7-2.4-10.3-2.4-15 0z" fill="currentColor" fillOpacity="0.3" />
      <path d="M12 5.8L7 20.5" />
    </>
  ),
  mycology: (
    <>
      <path d="M3.8 12a8.2 7 0 0 1 16.4 0z" fill="currentColor" fillOpacity="0.3" />
      <path d="M9.6 12l-.8 7.5h6.4l-.8-7.5" />
      <circle cx="9" cy="9" r="1" fill="currentColor" />
      <circle cx="14.5" cy="8" r="1" fill="currentColor" />
    </>
  ),
  botany: (
    <>
      <path d="M5 19c0-8 5-13.5 14-14 0 9-5.5 14-14 14z" fill="currentColor" fillOpacity="0.3" />
      <path d="M5 19l8-8" />
    </>
  ),
  smithing: (
    <>
      <path
        d="M4 9h11c0 2.5 2 3.5 5 3.5V14h-5l-1.5 3h2v2.5H8V17h2l-1.5-3C5.5 14 4 12 4 9z"
        fill="currentColor"
        fillOpacity="0.3"
      />
    </>
  ),
  tanning: (
    <>
      <path
        d="M7 4.5h10l1 3 2.5 1-1.5 4 1.5 5-3 1.5L16.5 20h-9L6.5 19l-3-1.5 1.5-5-1.5-4 2.5-1z"
        fill="currentColor"
        fillOpacity="0.3"
      />
      <path d="M9 9.5c2 1 4 1 6 0" strokeDasharray="1.5 2" />
    </>
  ),
  tailoring: (
    <>
      <path d="M18.5 3.5L8 14" />
      <circle cx="17.3" cy="4.7" r="0.6" fill="currentColor" />
      <path d="M8 14c-3 1-5 3-3.5 5s5.5-.5 7.5-2.5 4.5-2 6 0" />
    </>
  ),
  health: (
    <path
      d="M12 20s-7.5-4.4-7.5-10A4.3 4.3 0 0 1 12 7.3 4.3 4.3 0 0 1 19.5 10c0 5.6-7.5 10-7.5 10z"
      fill="currentColor"
      fillOpacity="0.3"
    />
  ),
  intellect: (
    <>
      <path
        d="M9 17.5h6M9.5 20.5h5M12 3a6 6 0 0 0-3.5 10.9c.4.3.5.8.5 1.3v1.3h5v-1.3c0-.5.2-1 .5-1.3A6 6 0 0 0 12 3z"
        fill="currentColor"
        fillOpacity="0.25"
      />
      <path d="M12 7v4M10 9h4" />
    </>
  ),
  melee: (
    <>
      <path d="M19.5 4.5l-9.5 9.5-2-2 9.5-9.5h2z" fill="currentColor" fillOpacity="0.3" />
      <path d="M6 12l6 6M8.5 15.5l-4 4M4 18.5l1.5 1.5" />
    </>
  ),
  magic: (
    <>
      <path d="M4.5 19.5l10-10" />
      <path d="M17 3l1 2.6 2.6 1-2.6 1L17 10.2l-1-2.6-2.6-1 2.6-1z" fill="currentColor" fillOpacity="0.4" />
      <path d="M8 5l.5 1.3L9.8 7l-1.3.5L8 8.8l-.5-1.3L6.2 7l1.3-.7z" />
    </>
  ),
  ranged: (
    <>
      <path d="M6 3.5c6.5 1.5 13 8 14.5 14.5" />
      <path d="M6 3.5L20.5 18" strokeDasharray="0" strokeOpacity="0.5" />
      <path d="M3.5 20.5l10-10M3.5 20.5v-3.2M3.5 20.5h3.2M13.5 10.5l1.8-.3-.3 1.8" />
    </>
  ),
  combat: (
    <>
      <path d="M4 4l10.5 10.5M20 4L9.5 14.5" />
      <path d="M12.5 16.5l4 4M11.5 16.5l-4 4M15 13l3 3M9 13l-3 3" />
    </>
  ),
  none: (
    <>
      <path d="M4 11l8-6.5 8 6.5M6 9.5V20h12V9.5" />
      <path d="M14 3.5h3l-3 3h3" strokeWidth={1.4} />
    </>
  ),
};

export function SkillIcon({ skill, ...props }: IconProps & { skill: string }) {
  const id = (skill in DRAWINGS ? skill : "none") as SkillIconId;
  return (
    <Svg {...props} style={{ color: `var(--pg-skill-${id}, var(--pg-accent))`, ...props.style }}>
      {DRAWINGS[id]}
    </Svg>
  );
}
