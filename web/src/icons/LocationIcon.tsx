import type { ReactNode } from "react";
import { type IconProps, Svg } from "./Svg.tsx";

/** A small scene per location id (gathering and combat areas), with home for resting. */
const O = "rgb(0 0 0 / 0.5)";
const GROUND = <path d="M2 19.5h20" stroke="#6b8f4e" strokeWidth={2} />;

const SCENES: Record<string, ReactNode> = {
  home: (
    <>
      <path d="M4 11l8-6.5 8 6.5v8.5H4z" fill="#c98f5a" stroke={O} />
      <path d="M10 19.5v-5h4v5" fill="#6b4a2e" stroke={O} />
    </>
  ),
  garden: (
    <>
      {GROUND}
      <path d="M8 19.5v-6M16 19.5v-8" stroke="#4c9a3c" />
      <circle cx="8" cy="11.5" r="2.5" fill="#f28ab2" stroke={O} />
      <circle cx="16" cy="9" r="2.5" fill="#f5d547" stroke={O} />
    </>
  ),
  pond: (
    <>
      <ellipse cx="12" cy="15" rx="9" ry="4.5" fill="#4f9fd6" stroke={O} />
      <path d="M7 14.5c1-.7 2-.7 3 0s2 .7 3 0M12 16.5c1-.7 2-.7 3 0" stroke="#cde9fb" />
      <path d="M18 11V5M18 8l2-1.5" stroke="#4c9a3c" />
    </>
  ),
  path: (
    <>
      <path d="M9 20l2-16h2l2 16z" fill="#c2a47c" stroke={O} />
      <circle cx="12" cy="15" r="1" fill="#8a6a4a" stroke="none" />
      <circle cx="12.3" cy="9" r="0.8" fill="#8a6a4a" stroke="none" />
    </>
  ),
  square: (
    <>
      <path d="M3 10h18v10H3z" fill="#b9b2a6" stroke={O} />
      <path d="M9 10v10M15 10v10M3 15h18" stroke={O} />
      <path d="M12 10V4l3 1.5-3 1.5" stroke={O} />
    </>
  ),
  fire_camp: (
    <>
      <path d="M5 19.5l14-3M19 19.5l-14-3" stroke="#8a6a4a" strokeWidth={2.2} />
      <path d="M12 16c-3 0-4-2-4-4 0-3 3-4 3-8 2 2 5 4 5 8 0 2-1 4-4 4z" fill="#f2a93b" stroke={O} />
      <path
        d="M12 16c-1.3 0-2-1-2-2 0-1.5 1.5-2.3 2-4 .8 1 2 2.3 2 4 0 1-.7 2-2 2z"
        fill="#f5d547"
        stroke="none"
      />
    </>
  ),
  shed: (
    <>
      {GROUND}
      <path d="M4 10l8-5 8 5v9.5H4z" fill="#8a6a4a" stroke={O} />
      <path d="M9 19.5v-6h6v6M9 13.5l6 6M15 13.5l-6 6" stroke={O} />
    </>
  ),
  tree_stump: (
    <>
      {GROUND}
      <path d="M6 19.5l1-9h10l1 9z" fill="#9c7650" stroke={O} />
      <ellipse cx="12" cy="10.5" rx="5" ry="1.8" fill="#d9b98a" stroke={O} />
    </>
  ),
  maple_tree_stump: (
    <>
      {GROUND}
      <path d="M6 19.5l1-8h10l1 8z" fill="#b5653c" stroke={O} />
      <ellipse cx="12" cy="11.5" rx="5" ry="1.8" fill="#e8b98a" stroke={O} />
      <path d="M15 7l1.5-3 1 2 2-1-.5 2.5 2 .5-3 2z" fill="#e0453a" stroke={O} />
    </>
  ),
  swamp: (
    <>
      <ellipse cx="12" cy="17" rx="10" ry="3.5" fill="#4d6b3a" stroke={O} />
      <path d="M7 17V7M10 17V10M16 17V8" stroke="#7a8f3c" strokeWidth={2} />
      <ellipse cx="7" cy="7" rx="1" ry="2" fill="#6b4a2e" stroke="none" />
      <ellipse cx="16" cy="8" rx="1" ry="2" fill="#6b4a2e" stroke="none" />
    </>
  ),
  swamp_night: (
    <>
      <ellipse cx="12" cy="17" rx="10" ry="3.5" fill="#2d3f3a" stroke={O} />
      <path d="M7 17V9M10 17V11" stroke="#4d6b3a" strokeWidth={2} />
      <path d="M18 3.5a3.5 3.5 0 1 0 2.5 6 3 3 0 0 1-2.5-6z" fill="#f5e9a8" stroke={O} />
    </>
  ),
  fountain: (
    <>
      <path d="M4 15h16l-2 5H6z" fill="#9aa3a8" stroke={O} />
      <path d="M11 15V9h2v6" fill="#9aa3a8" stroke={O} />
      <path d="M12 8c-2-3-5-3-6 0M12 8c2-3 5-3 6 0" stroke="#5aa9f0" />
      <path d="M6 8v3M18 8v3" stroke="#5aa9f0" strokeDasharray="1 1.5" />
    </>
  ),
  backyard: (
    <>
      {GROUND}
      <path
        d="M4 19.5V9l1.5-2L7 9v10.5M10.5 19.5V9L12 7l1.5 2v10.5M17 19.5V9l1.5-2L20 9v10.5"
        fill="#e9dcc6"
        stroke={O}
      />
      <path d="M3 12h18M3 16h18" stroke={O} />
    </>
  ),
  garage: (
    <>
      <path d="M3 10l9-5 9 5v9.5H3z" fill="#9aa3a8" stroke={O} />
      <path d="M6 19.5v-7h12v7M6 14.5h12M6 16.8h12" stroke={O} />
    </>
  ),
  ant_nest: (
    <>
      {GROUND}
      <path d="M3 19.5c2-6 5-9 9-9s7 3 9 9z" fill="#b5895a" stroke={O} />
      <ellipse cx="12" cy="13" rx="1.5" ry="1" fill="#3b2a1a" stroke="none" />
    </>
  ),
  aphid_nest: (
    <>
      <path d="M4 19c0-8 5-13.5 15-14 0 9-5.5 14-15 14z" fill="#5fc07a" stroke={O} />
      <circle cx="10" cy="13" r="1.3" fill="#b7e27a" stroke={O} />
      <circle cx="13" cy="10" r="1.3" fill="#b7e27a" stroke={O} />
      <circle cx="14.5" cy="13.5" r="1.3" fill="#b7e27a" stroke={O} />
    </>
  ),
  black_ant_nest: (
    <>
      {GROUND}
      <path d="M3 19.5c2-6 5-9 9-9s7 3 9 9z" fill="#5a4632" stroke={O} />
      <ellipse cx="12" cy="13" rx="1.5" ry="1" fill="#111" stroke="none" />
      <circle cx="7.5" cy="17" r="0.9" fill="#111" stroke="none" />
      <circle cx="16" cy="16.5" r="0.9" fill="#111" stroke="none" />
    </>
  ),
  trash_can: (
    <>
      <path d="M6 8h12l-1.2 12H7.2z" fill="#8a949c" stroke={O} />
      <path d="M4.5 8h15M10 5.5h4v2.5M9.5 11l.4 6.5M14.5 11l-.4 6.5" stroke={O} />
    </>
  ),
  rosebush_nest: (
    <>
      {GROUND}
      <path d="M12 19.5v-8M12 15l-3-2M12 14l3-1.5" stroke="#3f9e4d" />
      <circle cx="12" cy="8.5" r="3.5" fill="#e0453a" stroke={O} />
      <path d="M10.5 8.5a1.5 1.5 0 0 1 3 0" stroke={O} />
    </>
  ),
  beetle_nest: (
    <>
      {GROUND}
      <path d="M3 17.5a2.5 2.5 0 0 1 0-5h16a2.5 2.5 0 0 1 0 5z" fill="#7d5a3c" stroke={O} />
      <ellipse cx="19" cy="15" rx="1.5" ry="2.5" fill="#d9b98a" stroke={O} />
    </>
  ),
};

export function LocationIcon({ location, ...props }: IconProps & { location: string }) {
  return (
    <Svg {...props} className={`pg-art ${props.className ?? ""}`} strokeWidth={1.2}>
      {SCENES[location] ?? SCENES.garden}
    </Svg>
  );
}
