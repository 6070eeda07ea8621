import { LAB_NODES, type LabNode } from "@pickle-garden/shared";

/**
 * Grid geometry of the lab tree: each node's `pos` (x east, y south) mapped to pixels. Columns and rows
 * no node uses are dropped, so the tree stays compact.
 */
export const CELL_W = 106;
export const CELL_H = 72;
export const NODE_W = 100;
export const NODE_H = 60;
const PAD = 16;

export interface LaidOutNode {
  node: LabNode;
  /** centre, px */
  cx: number;
  cy: number;
}

export interface LabLayout {
  nodes: LaidOutNode[];
  /** prerequisite → node, as elbow paths (down from the parent, across, down into the child) */
  edges: { from: string; to: string; d: string }[];
  width: number;
  height: number;
  byId: Record<string, LaidOutNode>;
}

function elbow(x1: number, y1: number, x2: number, y2: number): string {
  if (y1 === y2 || x1 === x2) return `M${x1} ${y1}L${x2} ${y2}`;
  // turn half a row before the child, on the parent's side
  const ym = y2 > y1 ? y2 - CELL_H / 2 : y2 + CELL_H / 2;
  return `M${x1} ${y1}V${ym}H${x2}V${y2}`;
}

/** Each distinct value's rank, smallest first (a grid coordinate without its empty lines). */
function denseIndex(values: number[]): { of: Map<number, number>; count: number } {
  const distinct = [...new Set(values)].sort((a, b) => a - b);
  return { of: new Map(distinct.map((v, i) => [v, i])), count: distinct.length };
}

/** Nodes sorted north to south, west to east (that is also the keyboard order). */
export function layoutLab(nodes: readonly LabNode[] = Object.values(LAB_NODES)): LabLayout {
  const column = denseIndex(nodes.map((n) => n.pos.x));
  const row = denseIndex(nodes.map((n) => n.pos.y));
  const laid = [...nodes]
    .sort((a, b) => a.pos.y - b.pos.y || a.pos.x - b.pos.x)
    .map((node) => ({
      node,
      cx: PAD + column.of.get(node.pos.x)! * CELL_W + NODE_W / 2,
      cy: PAD + row.of.get(node.pos.y)! * CELL_H + NODE_H / 2,
    }));
  const byId = Object.fromEntries(laid.map((l) => [l.node._id, l]));
  const edges = laid.flatMap((l) =>
    l.node.prerequisites
      .filter((p) => byId[p])
      .map((p) => ({ from: p, to: l.node._id, d: elbow(byId[p]!.cx, byId[p]!.cy, l.cx, l.cy) })),
  );
  return {
    nodes: laid,
    edges,
    width: PAD * 2 + (column.count - 1) * CELL_W + NODE_W,
    height: PAD * 2 + (row.count - 1) * CELL_H + NODE_H,
    byId,
  };
}

/** A node the tour points at, by name: a skill's unlock (lab-node-mining, lab-buy-mining…) or the gold pouch. */
export function tourSkillOf(node: LabNode): string | null {
  if (node._id === "east:utility:gold-pouch") return "gold-pouch";
  const m = /^south:(mining|mycology|botany|smithing|tanning|tailoring|melee|magic|ranged):unlock$/.exec(
    node._id,
  );
  return m ? m[1]! : null;
}

/**
 * Where to scroll a `view`-sized window so it frames the root and `ids` (the nodes one can buy now):
 * their bounding box centred, shifted as little as needed to keep the root in sight when the box is wider.
 */
export function frameOf(
  layout: LabLayout,
  ids: readonly string[],
  view: { width: number; height: number },
): { left: number; top: number } {
  const root = layout.byId.root;
  if (!root) return { left: 0, top: 0 };
  const framed = [root, ...ids.flatMap((id) => layout.byId[id] ?? [])];
  const axis = (centre: (l: LaidOutNode) => number, half: number, size: number) => {
    const lo = Math.min(...framed.map(centre)) - half - PAD;
    const hi = Math.max(...framed.map(centre)) + half + PAD;
    const wanted = (lo + hi - size) / 2;
    const rootAt = centre(root);
    return Math.max(Math.min(wanted, rootAt - half - PAD), rootAt + half + PAD - size);
  };
  return {
    left: Math.max(
      0,
      axis((l) => l.cx, NODE_W / 2, view.width),
    ),
    top: Math.max(
      0,
      axis((l) => l.cy, NODE_H / 2, view.height),
    ),
  };
}
