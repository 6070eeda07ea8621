import { useState } from "react";
import type { RosterEntry } from "./roster.ts";

/** A player's face: the Discord avatar, or an initial on a colour of its own when there is none. */
export function Face({
  entry,
  size = 32,
}: {
  entry: Pick<RosterEntry, "id" | "name" | "avatarUrl">;
  size?: number;
}) {
  const [broken, setBroken] = useState(false);
  const style = { width: size, height: size };
  if (entry.avatarUrl && !broken) {
    return (
      <img
        className="pga-face"
        src={entry.avatarUrl}
        alt=""
        width={size}
        height={size}
        style={style}
        onError={() => setBroken(true)}
      />
    );
  }
  // FNV-1a of the id: neighbouring ids get far-apart hues
  let hash = 0x811c9dc5;
  for (const c of entry.id) hash = Math.imul(hash ^ c.charCodeAt(0), 0x01000193);
  const hue = (hash >>> 0) % 360;
  return (
    <span
      className="pga-face pga-face--initial"
      aria-hidden="true"
      style={{ ...style, background: `hsl(${hue} 45% 38%)` }}
    >
      {entry.name.trim().charAt(0).toUpperCase() || "?"}
    </span>
  );
}
