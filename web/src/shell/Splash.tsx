import type { ReactNode } from "react";
import { SproutIcon } from "../icons/ui.tsx";
// the splash paints before the shell's chunk is in
import "./shell.css";

/** Full-page waiting screen: the auth gate and the loading text. */
export function Splash({
  title,
  detail,
  children,
}: {
  title: string;
  detail?: string;
  children?: ReactNode;
}) {
  return (
    <div className="pg-splash" role="status" aria-live="polite" data-testid="splash">
      <SproutIcon size={56} className="pg-splash__sprout" />
      <h1>{title}</h1>
      {detail ? <p>{detail}</p> : null}
      {children}
    </div>
  );
}
