import { ItemIcon, LocationIcon, MonsterIcon, SkillIcon } from "../../icons/index.ts";

/** The pages' icons: the shell's drawings (web/src/icons), decorative unless titled. */
export interface IconProps {
  size?: number;
  className?: string;
  title?: string;
}

export function ItemPic({ id, size = 32, className, title }: IconProps & { id: number }) {
  return <ItemIcon itemId={id} size={size} className={className} title={title} />;
}

export function SkillPic({ skill, size = 24, className }: IconProps & { skill: string }) {
  return <SkillIcon skill={skill} size={size} className={className} />;
}

export function MonsterPic({ id, size = 48, className }: IconProps & { id: number }) {
  return <MonsterIcon monsterId={id} size={size} className={className} />;
}

export function LocationPic({
  location,
  size = 40,
  className,
}: IconProps & { skill: string; location: string }) {
  return <LocationIcon location={location} size={size} className={className} />;
}

/** A small padlock, drawn (emoji fonts are missing on some systems). */
export function LockGlyph({ size = 14, className }: IconProps) {
  return (
    <svg
      className={`pg-lock-glyph ${className ?? ""}`}
      width={size}
      height={size}
      viewBox="0 0 16 16"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="3" y="7" width="10" height="7" rx="1.5" fill="currentColor" />
      <path d="M5 7V5a3 3 0 0 1 6 0v2" fill="none" stroke="currentColor" strokeWidth="1.8" />
    </svg>
  );
}
