import { describe, expect, it } from "vitest";
import { CELL_W, frameOf, layoutLab, NODE_W } from "./labLayout.ts";

describe("layoutLab", () => {
  it("drops the columns no node uses", () => {
    const columns = [...new Set(layoutLab().nodes.map((l) => l.cx))].sort((a, b) => a - b);
    expect(columns.slice(1).map((cx, i) => cx - columns[i]!)).toEqual(columns.slice(1).map(() => CELL_W));
  });
});

describe("frameOf", () => {
  const layout = layoutLab();
  const root = layout.byId.root!;
  const mining = layout.byId["south:mining:unlock"]!;

  it("centres the root and the buyable nodes when they fit", () => {
    const view = { width: 1000, height: 560 };
    const { left } = frameOf(layout, ["south:mining:unlock"], view);
    expect(left + view.width / 2).toBeCloseTo((mining.cx + root.cx) / 2);
  });

  it("keeps the root in view when they do not", () => {
    const view = { width: 320, height: 560 };
    const { left } = frameOf(layout, ["south:mining:unlock"], view);
    expect(root.cx - NODE_W / 2).toBeGreaterThanOrEqual(left);
    expect(root.cx + NODE_W / 2).toBeLessThanOrEqual(left + view.width);
  });
});
