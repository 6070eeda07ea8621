import { type IconProps, Svg } from "./Svg.tsx";

/** UI glyphs, drawn here: currency, vitals, navigation. */

export function GoldIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <ellipse cx="12" cy="12" rx="8.5" ry="8.5" fill="var(--pg-gold)" stroke="none" />
      <ellipse cx="12" cy="12" rx="6" ry="6" stroke="rgb(0 0 0 / 0.25)" />
      <path
        d="M10 9.5c.5-.8 1.3-1.2 2.2-1.2 1.2 0 2 .6 2 1.5 0 2-4.2 1.3-4.2 3.4 0 .9.9 1.6 2.1 1.6.9 0 1.7-.4 2.2-1.1M12 7v1.3M12 15v1.4"
        stroke="rgb(0 0 0 / 0.45)"
      />
    </Svg>
  );
}

export function HealthIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path
        d="M12 20s-7.5-4.4-7.5-10A4.3 4.3 0 0 1 12 7.3 4.3 4.3 0 0 1 19.5 10c0 5.6-7.5 10-7.5 10z"
        fill="var(--pg-health)"
        stroke="none"
      />
      <path d="M8 9.5a2 2 0 0 1 2-1.5" stroke="rgb(255 255 255 / 0.6)" />
    </Svg>
  );
}

export function ManaIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path
        d="M12 3.5s6 6.4 6 10.5a6 6 0 0 1-12 0c0-4.1 6-10.5 6-10.5z"
        fill="var(--pg-mana)"
        stroke="none"
      />
      <path d="M9.2 14.5a2.8 2.8 0 0 0 2.3 2.7" stroke="rgb(255 255 255 / 0.6)" />
    </Svg>
  );
}

export function RpIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M9.5 3.5h5M10.5 3.5v5.2L5.4 17.6A2 2 0 0 0 7.1 20.5h9.8a2 2 0 0 0 1.7-2.9L13.5 8.7V3.5" />
      <path
        d="M7.3 15h9.4l1.9 2.6a2 2 0 0 1-1.7 2.9H7.1a2 2 0 0 1-1.7-2.9z"
        fill="var(--pg-rp)"
        stroke="none"
      />
      <circle cx="11" cy="12" r="0.9" fill="var(--pg-rp)" stroke="none" />
    </Svg>
  );
}

export function BarrierIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path
        d="M12 3l7 3v5.5c0 4.3-3 7.8-7 9.5-4-1.7-7-5.2-7-9.5V6z"
        fill="var(--pg-barrier)"
        fillOpacity="0.35"
      />
    </Svg>
  );
}

export function MenuIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4 7h16M4 12h16M4 17h16" />
    </Svg>
  );
}

export function CloseIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M6 6l12 12M18 6L6 18" />
    </Svg>
  );
}

export function ClockIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 7.5V12l3 2" />
    </Svg>
  );
}

export function UsersIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="9" cy="8.5" r="3.2" />
      <path d="M3.5 19.5c.6-3.2 2.8-5 5.5-5s4.9 1.8 5.5 5" />
      <path d="M15.5 5.6a3.2 3.2 0 0 1 0 6M17 14.7c1.9.5 3.2 2.2 3.6 4.8" />
    </Svg>
  );
}

export function ChevronDownIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M6 9l6 6 6-6" />
    </Svg>
  );
}

export function HomeIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4 11l8-6.5 8 6.5M6 9.5V20h12V9.5" />
      <path d="M10 20v-5h4v5" />
    </Svg>
  );
}

export function InventoryIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M5 9h14l-1 11H6z" />
      <path d="M9 9V7a3 3 0 0 1 6 0v2M9.5 13h5" />
    </Svg>
  );
}

export function LabIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M9.5 3.5h5M10.5 3.5v5.2L5.4 17.6A2 2 0 0 0 7.1 20.5h9.8a2 2 0 0 0 1.7-2.9L13.5 8.7V3.5M7.5 14.5h9" />
    </Svg>
  );
}

/** A scroll with a tick: the quest board. */
export function QuestIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M7 3.5h10a2 2 0 0 1 2 2v13a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2v-13a2 2 0 0 1 2-2z" />
      <path d="M8.5 12.5l2.3 2.3 4.7-5" />
    </Svg>
  );
}

export function SettingsIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="12" cy="12" r="3" />
      <path d="M12 2.8v2.4M12 18.8v2.4M2.8 12h2.4M18.8 12h2.4M5.5 5.5l1.7 1.7M16.8 16.8l1.7 1.7M5.5 18.5l1.7-1.7M16.8 7.2l1.7-1.7" />
      <circle cx="12" cy="12" r="6.3" />
    </Svg>
  );
}

export function LogoutIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M14 4H6v16h8M10 12h10M17 8.5l3.5 3.5-3.5 3.5" />
    </Svg>
  );
}

/** The guest's sprout. */
export function SproutIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M12 20v-8" />
      <path
        d="M12 12c0-3.5-2.5-5.5-6.5-5.5 0 3.5 2.5 5.5 6.5 5.5zM12 10.5c0-3 2.2-5 5.8-5 0 3-2.2 5-5.8 5z"
        fill="var(--pg-accent)"
        fillOpacity="0.6"
      />
      <path d="M7 20h10" />
    </Svg>
  );
}

/** The game's mark: a pickle with a sprout. */
export function LogoIcon(props: IconProps) {
  return (
    <Svg {...props} strokeWidth={1.4}>
      <path
        d="M7.2 18.8c-2.4-2.4-1.6-7.3 1.8-10.7s8.3-4.2 10.7-1.8.6 7.3-2.8 10.7-7.3 4.2-9.7 1.8z"
        fill="var(--pg-accent)"
        stroke="var(--pg-accent-contrast)"
      />
      <circle cx="10" cy="13" r="0.8" fill="var(--pg-accent-contrast)" stroke="none" />
      <circle cx="13" cy="10.5" r="0.8" fill="var(--pg-accent-contrast)" stroke="none" />
      <circle cx="14.5" cy="14" r="0.8" fill="var(--pg-accent-contrast)" stroke="none" />
      <path
        d="M17.5 5.5c0-2 1-3 3-3-.2 1.8-1.2 2.8-3 3z"
        fill="var(--pg-accent-strong)"
        stroke="var(--pg-accent-contrast)"
      />
    </Svg>
  );
}

export function ExternalIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M14 4h6v6M20 4l-9 9M18 14v6H4V6h6" />
    </Svg>
  );
}
