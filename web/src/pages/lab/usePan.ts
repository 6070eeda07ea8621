import { type PointerEvent, useRef, useState } from "react";

/** a mouse press that moves farther than this pans the tree instead of clicking a node */
const DRAG_PX = 5;

/** Drag with the mouse to pan (touch scrolls natively); a drag never counts as a click on a node. */
export function usePan() {
  const drag = useRef<{ x: number; y: number; left: number; top: number; moved: boolean } | null>(null);
  const [panning, setPanning] = useState(false);
  return {
    panning,
    onPointerDown(e: PointerEvent<HTMLDivElement>) {
      if (e.pointerType !== "mouse" || e.button !== 0) return;
      const el = e.currentTarget;
      drag.current = { x: e.clientX, y: e.clientY, left: el.scrollLeft, top: el.scrollTop, moved: false };
    },
    onPointerMove(e: PointerEvent<HTMLDivElement>) {
      const d = drag.current;
      if (!d) return;
      const dx = e.clientX - d.x;
      const dy = e.clientY - d.y;
      if (!d.moved && Math.hypot(dx, dy) < DRAG_PX) return;
      if (!d.moved) {
        d.moved = true;
        setPanning(true);
        e.currentTarget.setPointerCapture?.(e.pointerId);
      }
      e.currentTarget.scrollTo({ left: d.left - dx, top: d.top - dy });
    },
    onPointerUp() {
      setPanning(false);
      // the click that ends a drag comes after pointerup: let onClickCapture see it first
      setTimeout(() => {
        drag.current = null;
      });
    },
    onClickCapture(e: { preventDefault(): void; stopPropagation(): void }) {
      if (!drag.current?.moved) return;
      e.preventDefault();
      e.stopPropagation();
    },
  };
}
