import { LAB_NODES, type LabNode } from "@pickle-garden/shared";

/** Grid geometry of the lab tree: each node's `pos` (x east, y south) mapped to pixels. */
export const CELL_W = 112;
export const CELL_H = 104;
export const NODE_W = 96;
export const NODE_H = 76;
const PAD = 24;

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

/** Nodes sorted north to south, west to east (that is also the keyboard order). */
export function layoutLab(nodes: readonly LabNode[] = Object.values(LAB_NODES)): LabLayout {
  const xs = nodes.map((n) => n.pos.x);
  const ys = nodes.map((n) => n.pos.y);
  const minX = Math.min(...xs);
  const minY = Math.min(...ys);
  const maxX = Math.max(...xs);
  const maxY = Math.max(...ys);
  const laid = [...nodes]
    .sort((a, b) => a.pos.y - b.pos.y || a.pos.x - b.pos.x)
    .map((node) => ({
      node,
      cx: PAD + (node.pos.x - minX) * CELL_W + NODE_W / 2,
      cy: PAD + (node.pos.y - minY) * CELL_H + NODE_H / 2,
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
    width: PAD * 2 + (maxX - minX) * CELL_W + NODE_W,
    height: PAD * 2 + (maxY - minY) * CELL_H + NODE_H,
    byId,
  };
}

/** The gathering skill a node belongs to, for the tour's anchors (lab-node-mining, lab-buy-mining…). */
export function tourSkillOf(node: LabNode): string | null {
  const m = /^south:(mining|mycology|botany|smithing|tanning|tailoring|melee|magic|ranged):unlock$/.exec(
    node._id,
  );
  return m ? m[1]! : null;
}
