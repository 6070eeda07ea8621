import type { ReactNode } from "react";
import { type GearClass, type ItemFamily, itemColor, itemShape } from "./itemShapes.ts";
import { type IconProps, Svg } from "./Svg.tsx";

const OUTLINE = "rgb(0 0 0 / 0.55)";

/** Base drawings; `f` is the fill. Tier shows as the colour and as 1–6 pips for gear. */
function body(family: ItemFamily, f: string, gearClass: GearClass | null): ReactNode {
  switch (family) {
    case "rock":
      return <path d="M4 16.5l2.5-7 5-3.5 5.5 2 3 6-2.5 4.5H7z" fill={f} stroke={OUTLINE} />;
    case "mushroom":
      return (
        <>
          <path d="M10 12.5l-.7 6.5h5.4l-.7-6.5" fill="#efe6d2" stroke={OUTLINE} />
          <path d="M3.5 12.8a8.5 7.3 0 0 1 17 0z" fill={f} stroke={OUTLINE} />
        </>
      );
    case "leaf":
      return (
        <>
          <path d="M5 19c0-8 5-13.5 14-14 0 9-5.5 14-14 14z" fill={f} stroke={OUTLINE} />
          <path d="M5 19l9-9" stroke={OUTLINE} />
        </>
      );
    case "drop":
      return (
        <>
          <ellipse cx="12" cy="13" rx="6.5" ry="7" fill={f} stroke={OUTLINE} />
          <path d="M9 8.5c1-1 2-1.4 3-1.4" stroke="rgb(255 255 255 / 0.5)" />
        </>
      );
    case "trophy":
      // the insect drop's shape, crowned
      return (
        <>
          <ellipse cx="12" cy="14.5" rx="6" ry="6" fill={f} stroke={OUTLINE} />
          <path d="M7 9.5l1-5 2.5 2.5L12 3.5l1.5 3.5L16 4.5l1 5z" fill="#f5c542" stroke={OUTLINE} />
          <path d="M9.5 12.5c.8-.8 1.6-1.1 2.5-1.1" stroke="rgb(255 255 255 / 0.5)" />
        </>
      );
    case "brick":
      return (
        <>
          <path d="M3.5 10.5l4-3h13v6.5l-4 3h-13z" fill={f} stroke={OUTLINE} />
          <path d="M3.5 10.5h13l4-3M16.5 10.5V17" stroke={OUTLINE} />
        </>
      );
    case "leather":
      return (
        <path
          d="M7 4.5h10l1 3 2.5 1-1.5 4 1.5 5-3 1.5L16.5 20h-9L6.5 19l-3-1.5 1.5-5-1.5-4 2.5-1z"
          fill={f}
          stroke={OUTLINE}
        />
      );
    case "cloth":
      return (
        <>
          <path d="M5 7h11v12H5z" fill={f} stroke={OUTLINE} />
          <ellipse cx="16" cy="13" rx="3" ry="6" fill={f} stroke={OUTLINE} />
          <path d="M8 10h5M8 13h5M8 16h5" stroke={OUTLINE} strokeOpacity="0.5" />
        </>
      );
    case "head":
      return gearClass === "magic" ? (
        <path d="M12 3l6 12.5c-3.5 2-8.5 2-12 0z" fill={f} stroke={OUTLINE} />
      ) : gearClass === "ranged" ? (
        <>
          <path d="M5 14a7 7 0 0 1 14 0z" fill={f} stroke={OUTLINE} />
          <path d="M13 14h8" stroke={OUTLINE} />
        </>
      ) : (
        <path d="M5 16v-4a7 7 0 0 1 14 0v4h-4v-3H9v3z" fill={f} stroke={OUTLINE} />
      );
    case "chest":
      return <path d="M8 4l4 2 4-2 4.5 3-2 4-1.5-.8V20h-10v-9.8L5.5 11l-2-4z" fill={f} stroke={OUTLINE} />;
    case "legs":
      return <path d="M6.5 4h11l1 16h-4.5L12 10l-2 10H5.5z" fill={f} stroke={OUTLINE} />;
    case "feet":
      return <path d="M7 5h5v8.5l6.5 2.5c1 .5 1.5 1.5 1.5 3H5.5L6 13z" fill={f} stroke={OUTLINE} />;
    case "hands":
      return (
        <path
          d="M7 20v-8L5 8.5c-.5-1 1-2 1.8-1l1.7 2.5V5c0-1 1.5-1 1.5 0v4-5c0-1 1.5-1 1.5 0v5-4c0-1 1.5-1 1.5 0v5-3c0-1 1.5-1 1.5 0V14l-1.5 6z"
          fill={f}
          stroke={OUTLINE}
        />
      );
    case "offhand":
      return gearClass === "magic" ? (
        <>
          <path d="M5 5h11a2 2 0 0 1 2 2v13H7a2 2 0 0 1-2-2z" fill={f} stroke={OUTLINE} />
          <path d="M5 18a2 2 0 0 1 2-2h11" stroke={OUTLINE} />
          <path d="M11.5 8l.6 1.5 1.5.5-1.5.6-.6 1.4-.6-1.4-1.4-.6 1.4-.5z" fill="#fff" stroke="none" />
        </>
      ) : gearClass === "ranged" ? (
        <>
          <path d="M8 7h8l-1 13H9z" fill={f} stroke={OUTLINE} />
          <path d="M10 7l-1-4M12 7V2.5M14 7l1-4" stroke={OUTLINE} />
        </>
      ) : (
        <path d="M12 3l7 3v5.5c0 4.3-3 7.8-7 9.5-4-1.7-7-5.2-7-9.5V6z" fill={f} stroke={OUTLINE} />
      );
    case "mainhand":
      return gearClass === "magic" ? (
        <>
          <path d="M6 20L16 8" stroke="#8a6a4a" strokeWidth={2.4} />
          <circle cx="17" cy="6.5" r="3" fill={f} stroke={OUTLINE} />
        </>
      ) : gearClass === "ranged" ? (
        <>
          <path d="M6 3.5c7 1 13.5 7.5 14.5 14.5" stroke={f} strokeWidth={2.6} />
          <path d="M6 3.5L20.5 18" stroke={OUTLINE} strokeWidth={1} />
        </>
      ) : (
        <>
          <path d="M20.5 3.5l-1.2 4.3-8.8 8.7-3-3 8.7-8.8z" fill={f} stroke={OUTLINE} />
          <path d="M5.5 11.5l7 7" stroke="#8a6a4a" strokeWidth={2.2} />
          <path d="M8.5 15.5l-4 4" stroke="#6b4a2e" strokeWidth={2.2} />
        </>
      );
    default:
      return (
        <>
          <rect x="4" y="4" width="16" height="16" rx="3" fill={f} stroke={OUTLINE} />
          <path d="M10 10a2 2 0 1 1 2.5 2c-.5.2-.5.7-.5 1.2M12 16v.2" stroke="#fff" />
        </>
      );
  }
}

/** An item's picture, drawn from its id; `title` (e.g. the item's name) makes it announced. */
export function ItemIcon({ itemId, ...props }: IconProps & { itemId: number }) {
  const shape = itemShape(itemId);
  const fill = itemColor(shape);
  const gear = shape.gearClass !== null;
  return (
    <Svg
      {...props}
      className={`pg-art ${props.className ?? ""}`}
      strokeWidth={1.2}
      data-item-family={shape.family}
      data-tier={shape.tier}
    >
      {body(shape.family, fill, shape.gearClass)}
      {gear
        ? Array.from({ length: shape.tier }, (_, i) => (
            <circle
              // biome-ignore lint/suspicious/noArrayIndexKey: pips are positional
              key={i}
              cx={3 + i * 2.2}
              cy={22}
              r={0.8}
              fill="var(--pg-gold)"
              stroke="none"
            />
          ))
        : null}
    </Svg>
  );
}
