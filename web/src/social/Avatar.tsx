import type { MemberLabel } from "@pickle-garden/shared";
import { useState } from "react";
import { avatarUrl } from "../shell/UserMenu.tsx";

/**
 * A member's face: its Discord avatar when it has one, else its label's face (the initial, and the tag's
 * first digit when its name is shared) on its label's colour.
 */
export function Avatar({
  label,
  avatar = null,
  size = 36,
}: {
  label: Pick<MemberLabel, "discordId" | "face" | "hue">;
  avatar?: string | null;
  size?: number;
}) {
  const [broken, setBroken] = useState(false);
  const src = avatarUrl(label.discordId, avatar);
  if (src && !broken) {
    return (
      <img
        className="pg-avatar"
        src={src}
        alt=""
        width={size}
        height={size}
        style={{ width: size, height: size }}
        data-testid="member-avatar"
        onError={() => setBroken(true)}
      />
    );
  }
  return (
    <svg
      className="pg-avatar"
      width={size}
      height={size}
      style={{ width: size, height: size }}
      viewBox="0 0 36 36"
      aria-hidden="true"
      data-testid="member-avatar"
      data-face={label.face}
    >
      <circle cx="18" cy="18" r="18" fill={`hsl(${label.hue} 55% 36%)`} />
      <text
        x="18"
        y={label.face.length > 1 ? 23 : 24}
        textAnchor="middle"
        fontSize={label.face.length > 1 ? 14 : 17}
        fontWeight="800"
        fill="#fff"
      >
        {label.face}
      </text>
    </svg>
  );
}
