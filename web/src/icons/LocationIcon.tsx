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
  // the world past level 40: mining
  rockery: (
    <>
      {GROUND}
      <path d="M3 19.5l2-5 4-2 3 2.5 3-4 4 2 2 6.5z" fill="#7d8590" stroke={O} />
      <path d="M9 12.5l1-3 2 1.5M16 10.5l1-2" stroke="#4c9a3c" />
    </>
  ),
  old_well: (
    <>
      {GROUND}
      <path d="M6 19.5v-7h12v7z" fill="#9aa3a8" stroke={O} />
      <path d="M6 15h12M10 12.5v7M14 12.5v7" stroke={O} strokeOpacity="0.5" />
      <path d="M5 7l7-3.5L19 7zM7 7v5.5M17 7v5.5" fill="#8a5a3a" stroke={O} />
    </>
  ),
  cellar: (
    <>
      {GROUND}
      <path d="M4 19.5V12l8-5 8 5v7.5z" fill="#6b4a2e" stroke={O} />
      <path d="M8 19.5v-5h8v5M8 16h8M8 17.8h8" stroke={O} />
    </>
  ),
  crystal_grotto: (
    <>
      <path d="M2 20c1-8 5-14 10-14s9 6 10 14z" fill="#4a4256" stroke={O} />
      <path d="M8 20l1.5-6 1.5 6zM11 20l1.5-8.5L14 20zM14.5 20l1.3-4.5L17 20z" fill="#b98be0" stroke={O} />
    </>
  ),
  // mycology
  compost_heap: (
    <>
      {GROUND}
      <path d="M3 19.5c1.5-5 5-8 9-8s7.5 3 9 8z" fill="#6b4a2e" stroke={O} />
      <path d="M8 15l2-1M13 13.5l2 1M11 17l2-.5" stroke="#9fbf5a" />
    </>
  ),
  woodpile: (
    <>
      {GROUND}
      <circle cx="7" cy="16.5" r="3" fill="#b5895a" stroke={O} />
      <circle cx="13" cy="16.5" r="3" fill="#b5895a" stroke={O} />
      <circle cx="10" cy="11.5" r="3" fill="#b5895a" stroke={O} />
      <circle cx="16" cy="11.5" r="3" fill="#b5895a" stroke={O} />
      <path d="M19 18.5a1.5 1.5 0 0 1 3 0z" fill="#f5b82e" stroke={O} />
    </>
  ),
  birch_grove: (
    <>
      {GROUND}
      <path d="M7 19.5V5M12 19.5V3.5M17 19.5V6" stroke="#f4f1ea" strokeWidth={2.4} />
      <path d="M7 8v1M12 7v1M12 13v1M17 11v1M7 15v1" stroke="#222" strokeWidth={2.4} />
      <path d="M14.5 19.5a1.5 1.5 0 0 1 3 0z" fill="#d7261e" stroke={O} />
    </>
  ),
  old_oak: (
    <>
      {GROUND}
      <path d="M10 19.5l1-7h2l1 7z" fill="#6b4a2e" stroke={O} />
      <path d="M12 13c-5 0-8-2.5-8-5.5S7 2.5 12 2.5s8 2 8 5-3 5.5-8 5.5z" fill="#3f7d2e" stroke={O} />
      <path d="M14 19.5v-2h2.5v2" fill="#f7f3e8" stroke={O} />
    </>
  ),
  // botany
  vegetable_patch: (
    <>
      {GROUND}
      <path d="M3 19.5h18v-3H3z" fill="#6b4a2e" stroke={O} />
      <path d="M7 16.5v-5M7 13l-2-1.5M12 16.5v-6M12 12.5l2-2M17 16.5v-4.5M17 13.5l-2-1" stroke="#4c9a3c" />
      <circle cx="12" cy="9.5" r="1.5" fill="#e0453a" stroke={O} />
    </>
  ),
  herb_spiral: (
    <>
      {GROUND}
      <path
        d="M12 12.5a2 2 0 1 1 2 2 4 4 0 1 1-4-4 6 6 0 1 1-6 6"
        fill="none"
        stroke="#9aa3a8"
        strokeWidth={2}
      />
      <circle cx="12" cy="12.5" r="1.2" fill="#a38bd4" stroke="none" />
      <circle cx="17.5" cy="9" r="1.2" fill="#a38bd4" stroke="none" />
    </>
  ),
  bamboo_grove: (
    <>
      {GROUND}
      <path d="M7 19.5V3M12 19.5V5M17 19.5V2.5" stroke="#9fbf5a" strokeWidth={2.2} />
      <path d="M6 8h2M6 14h2M11 10h2M11 15h2M16 7h2M16 13h2" stroke="#5a7a2e" />
      <path d="M12 8l3-2M7 11l-3-1.5" stroke="#5fae4a" />
    </>
  ),
  willow_bank: (
    <>
      <ellipse cx="12" cy="18" rx="10" ry="3" fill="#4f9fd6" stroke={O} />
      <path d="M11 17V8" stroke="#6b4a2e" strokeWidth={2} />
      <path
        d="M11 8c-4 0-6 3-6.5 7M11 8c3 0 5.5 3 6 7M11 8c-1.5 1-2.5 4-2.5 7M11 8c1.5 1 2.5 4 2.5 7"
        stroke="#7fa34a"
      />
    </>
  ),
  // combat
  wasp_nest: (
    <>
      <path d="M12 3v2" stroke={O} />
      <ellipse cx="12" cy="12" rx="6" ry="7" fill="#c9b28f" stroke={O} />
      <path d="M6.5 10h11M6 13h12M6.8 16h10.4" stroke={O} strokeOpacity="0.5" />
      <ellipse cx="12" cy="18" rx="1.5" ry="1" fill="#3b2a1a" stroke="none" />
    </>
  ),
  log_pile: (
    <>
      {GROUND}
      <path d="M3 17.5a2.5 2.5 0 0 1 0-5h16a2.5 2.5 0 0 1 0 5z" fill="#6b4a2e" stroke={O} />
      <path d="M5 12.5a2.5 2.5 0 0 1 0-5h13a2.5 2.5 0 0 1 0 5z" fill="#8a5a3a" stroke={O} />
      <ellipse cx="19" cy="15" rx="1.5" ry="2.5" fill="#d9b98a" stroke={O} />
      <ellipse cx="18" cy="10" rx="1.5" ry="2.5" fill="#d9b98a" stroke={O} />
    </>
  ),
  tall_grass: (
    <>
      {GROUND}
      <path
        d="M4 19.5c0-6 1-10 2-14M8 19.5c0-5 2-9 4-12M12 19.5c0-6-1-11-2-15M16 19.5c0-5 1-9 3-13M20 19.5c0-4-1-7-2-10"
        stroke="#5fae4a"
        strokeWidth={1.6}
      />
    </>
  ),
  hornet_hive: (
    <>
      <path d="M4 3.5h16" stroke="#6b4a2e" strokeWidth={2} />
      <path d="M12 3.5c5 0 7 5 7 9.5S16 20.5 12 20.5 5 17.5 5 13s2-9.5 7-9.5z" fill="#d9b98a" stroke={O} />
      <path d="M5.5 9h13M5 13h14M6 17h12" stroke="#8a6a4a" strokeOpacity="0.7" />
      <ellipse cx="12" cy="19" rx="1.6" ry="1" fill="#3b2a1a" stroke="none" />
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
