import type { ReactNode } from "react";
import { type IconProps, Svg } from "./Svg.tsx";

/** The insects of the combat areas, by monster id (shared MONSTER_ID: aphid 1 … hornet 10). */
const O = "rgb(0 0 0 / 0.6)";

const INSECTS: Record<number, ReactNode> = {
  // aphid: a plump green pear with little legs and antennae
  1: (
    <>
      <path d="M7 10l-3-1M7 13l-3.5 1M8 16l-2.5 2.5M16 16l2.5 2.5M17 13l3.5 1M17 10l3-1" stroke={O} />
      <path d="M12 5c3.5 0 6 4 6 8s-2.7 6.5-6 6.5-6-2.5-6-6.5 2.5-8 6-8z" fill="#8fd16a" stroke={O} />
      <path d="M10.5 5.5L8.5 2.5M13.5 5.5l2-3" stroke={O} />
      <circle cx="10.3" cy="8" r="0.8" fill="#222" stroke="none" />
      <circle cx="13.7" cy="8" r="0.8" fill="#222" stroke="none" />
    </>
  ),
  // black ant: three segments
  2: (
    <>
      <path d="M11 12l-5-3M11 13l-6 1M12 14l-4 5M13 12l5-3M13 13l6 1M12 14l4 5" stroke={O} />
      <circle cx="12" cy="6" r="2.5" fill="#2b2b2b" stroke={O} />
      <ellipse cx="12" cy="11" rx="2" ry="2.5" fill="#2b2b2b" stroke={O} />
      <ellipse cx="12" cy="17" rx="3.2" ry="4" fill="#2b2b2b" stroke={O} />
      <path d="M11 4l-2-2.5M13 4l2-2.5" stroke={O} />
    </>
  ),
  // dung fly: body with two wings
  3: (
    <>
      <ellipse
        cx="7.5"
        cy="10"
        rx="4.5"
        ry="2.6"
        transform="rotate(-30 7.5 10)"
        fill="#cfe8f2"
        fillOpacity="0.8"
        stroke={O}
      />
      <ellipse
        cx="16.5"
        cy="10"
        rx="4.5"
        ry="2.6"
        transform="rotate(30 16.5 10)"
        fill="#cfe8f2"
        fillOpacity="0.8"
        stroke={O}
      />
      <ellipse cx="12" cy="14" rx="3" ry="5" fill="#4d6b3a" stroke={O} />
      <circle cx="12" cy="8" r="2.4" fill="#4d6b3a" stroke={O} />
      <circle cx="10.8" cy="7.6" r="1" fill="#b8322a" stroke="none" />
      <circle cx="13.2" cy="7.6" r="1" fill="#b8322a" stroke="none" />
    </>
  ),
  // ladybug: red dome with spots
  4: (
    <>
      <path d="M6 12l-2.5-1M6 15l-2.5 1.5M18 12l2.5-1M18 15l2.5 1.5" stroke={O} />
      <path d="M12 7c4 0 6.5 3 6.5 7s-3 6-6.5 6-6.5-2-6.5-6S8 7 12 7z" fill="#e0453a" stroke={O} />
      <path d="M12 7v13" stroke={O} />
      <path d="M8.5 8a3.5 3 0 0 1 7 0z" fill="#222" stroke={O} />
      <circle cx="9" cy="12" r="1.1" fill="#222" stroke="none" />
      <circle cx="15" cy="12" r="1.1" fill="#222" stroke="none" />
      <circle cx="9.3" cy="16.5" r="1.1" fill="#222" stroke="none" />
      <circle cx="14.7" cy="16.5" r="1.1" fill="#222" stroke="none" />
    </>
  ),
  // beetle: dark shell with a horn
  5: (
    <>
      <path d="M7 11l-3-1.5M7 14l-3.5.5M7.5 17l-2.5 2M17 11l3-1.5M17 14l3.5.5M16.5 17l2.5 2" stroke={O} />
      <ellipse cx="12" cy="14.5" rx="5.5" ry="6" fill="#5b3b8c" stroke={O} />
      <path d="M12 8.5v12" stroke={O} />
      <path d="M9 8.5c0-2 1.3-3 3-3s3 1 3 3z" fill="#3b2a5a" stroke={O} />
      <path d="M12 5.5c0-1.5.8-3 2.5-3.5-.3 1.5-1 2.5-2.5 3.5z" fill="#3b2a5a" stroke={O} />
      <path d="M9.5 11c.7-.6 1.5-.9 2.5-1" stroke="rgb(255 255 255 / 0.4)" />
    </>
  ),
  // mosquito: thin body, long legs, proboscis
  6: (
    <>
      <path d="M11 12L4 8M11 13l-7 4M12 14l-5 7M13 12l7-4M13 13l7 4M12 14l5 7" stroke={O} strokeWidth={1} />
      <ellipse
        cx="8.5"
        cy="9"
        rx="3.5"
        ry="1.8"
        transform="rotate(-20 8.5 9)"
        fill="#e6f2f7"
        fillOpacity="0.7"
        stroke={O}
        strokeWidth={1}
      />
      <ellipse
        cx="15.5"
        cy="9"
        rx="3.5"
        ry="1.8"
        transform="rotate(20 15.5 9)"
        fill="#e6f2f7"
        fillOpacity="0.7"
        stroke={O}
        strokeWidth={1}
      />
      <ellipse cx="12" cy="14.5" rx="1.6" ry="4.5" fill="#8c5a4a" stroke={O} />
      <circle cx="12" cy="8" r="1.7" fill="#8c5a4a" stroke={O} />
      <path d="M12 6.3V2" stroke={O} />
    </>
  ),
  // wasp: yellow and black stripes, a stinger, narrow wings
  7: (
    <>
      <path d="M10 11l-5-2M10 13l-5 2M14 11l5-2M14 13l5 2" stroke={O} />
      <ellipse
        cx="8"
        cy="9"
        rx="3.8"
        ry="1.8"
        transform="rotate(-25 8 9)"
        fill="#e6f2f7"
        fillOpacity="0.8"
        stroke={O}
      />
      <ellipse
        cx="16"
        cy="9"
        rx="3.8"
        ry="1.8"
        transform="rotate(25 16 9)"
        fill="#e6f2f7"
        fillOpacity="0.8"
        stroke={O}
      />
      <circle cx="12" cy="6.5" r="2.2" fill="#2b2b2b" stroke={O} />
      <ellipse cx="12" cy="15" rx="3.2" ry="5" fill="#f2c230" stroke={O} />
      <path d="M9 13.5h6M9.2 16.5h5.6" stroke="#2b2b2b" strokeWidth={1.4} />
      <path d="M12 20v2.5" stroke="#2b2b2b" />
      <path d="M11 4.5l-1.5-2.5M13 4.5l1.5-2.5" stroke={O} />
    </>
  ),
  // stag beetle: a brown shell and two great antler jaws
  8: (
    <>
      <path d="M7 13l-3-1M7 16l-3 1.5M8 19l-2 2M17 13l3-1M17 16l3 1.5M16 19l2 2" stroke={O} />
      <ellipse cx="12" cy="15.5" rx="5" ry="5.5" fill="#6b3a1e" stroke={O} />
      <path d="M12 10v11" stroke={O} />
      <path d="M9.5 10c0-1.6 1.1-2.5 2.5-2.5s2.5.9 2.5 2.5z" fill="#4a2812" stroke={O} />
      <path
        d="M10.5 8C9 6 8.5 4 9.5 2c.3 1.5 1 2.5 2 3M13.5 8c1.5-2 2-4 1-6-.3 1.5-1 2.5-2 3"
        fill="#8a4a22"
        stroke={O}
      />
    </>
  ),
  // praying mantis: a green stick body, a triangle head and folded claws
  9: (
    <>
      <path d="M12 11l-4 10M12 11l4 10M12 14l-5 3M12 14l5 3" stroke={O} />
      <ellipse cx="12" cy="15" rx="1.6" ry="6" fill="#5fae4a" stroke={O} />
      <path d="M12 9.5l-3 2.5 1.5 2M12 9.5l3 2.5-1.5 2" stroke="#3f7d2e" strokeWidth={1.6} />
      <path d="M9.5 4.5h5L12 8.5z" fill="#5fae4a" stroke={O} />
      <circle cx="10.3" cy="5.2" r="0.8" fill="#222" stroke="none" />
      <circle cx="13.7" cy="5.2" r="0.8" fill="#222" stroke="none" />
      <path d="M11 4.5L9 2M13 4.5l2-2.5" stroke={O} />
    </>
  ),
  // hornet: a big brown and orange wasp with wide wings
  10: (
    <>
      <path d="M10 11l-5-2M10 13l-5 2.5M14 11l5-2M14 13l5 2.5" stroke={O} />
      <ellipse
        cx="7.5"
        cy="9"
        rx="4.5"
        ry="2.2"
        transform="rotate(-25 7.5 9)"
        fill="#f3e2c2"
        fillOpacity="0.8"
        stroke={O}
      />
      <ellipse
        cx="16.5"
        cy="9"
        rx="4.5"
        ry="2.2"
        transform="rotate(25 16.5 9)"
        fill="#f3e2c2"
        fillOpacity="0.8"
        stroke={O}
      />
      <circle cx="12" cy="6.5" r="2.5" fill="#8a3b1c" stroke={O} />
      <ellipse cx="12" cy="15" rx="3.8" ry="5.5" fill="#e07a1f" stroke={O} />
      <path d="M8.6 13.5h6.8M8.8 16.8h6.4" stroke="#5a2a10" strokeWidth={1.6} />
      <path d="M12 20.5v2" stroke="#5a2a10" />
    </>
  ),
};

/** A party boss (shared data/bosses.ts): its tier's insect, crowned. */
export function BossIcon({ tier, ...props }: IconProps & { tier: number }) {
  return (
    <Svg {...props} className={`pg-art ${props.className ?? ""}`} strokeWidth={1.2}>
      <g transform="translate(2.4 3.6) scale(0.8)">{INSECTS[tier]}</g>
      <path d="M7.5 4.5l.8-3.5 2 1.8L12 0.5l1.7 2.3 2-1.8.8 3.5z" fill="#f5c542" stroke={O} />
    </Svg>
  );
}

export function MonsterIcon({ monsterId, ...props }: IconProps & { monsterId: number }) {
  return (
    <Svg {...props} className={`pg-art ${props.className ?? ""}`} strokeWidth={1.2}>
      {INSECTS[monsterId] ?? <circle cx="12" cy="12" r="7" fill="#7c927a" stroke={O} />}
    </Svg>
  );
}
