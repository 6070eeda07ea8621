import type { ReactNode, SVGProps } from "react";

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, "children"> {
  /** px, default 24 */
  size?: number;
  /** when given, the icon is announced with this name; otherwise it is decorative (aria-hidden) */
  title?: string;
}

/** A 24×24 drawing; decorative unless titled. */
export function Svg({ size = 24, title, children, ...rest }: IconProps & { children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noSvgWithoutTitle: decorative icons are aria-hidden; titled ones get <title> and aria-label
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      {...(title ? { role: "img", "aria-label": title } : { "aria-hidden": true })}
      {...rest}
    >
      {title ? <title>{title}</title> : null}
      {children}
    </svg>
  );
}
