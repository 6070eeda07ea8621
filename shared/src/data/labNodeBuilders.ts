import type { LabEffect, LabNode } from "./schemas.ts";

/** The lab tree's building blocks: a node from its parts, and its effects. */

type Pos = LabNode["pos"];

export const title = (s: string) => s[0]!.toUpperCase() + s.slice(1);

export const feature = (key: string): LabEffect => ({ type: "feature", key, op: "enable" });
export const add = (key: string, value: number): LabEffect => ({ type: "stat", key, op: "add", value });
export const times = (key: string, value: number): LabEffect => ({ type: "stat", key, op: "x", value });

export function node(
  _id: string,
  category: LabNode["category"],
  label: string,
  desc: string,
  cost: number[],
  prerequisites: string[],
  effects: LabEffect[],
  pos: Pos,
  extra: Pick<LabNode, "lock" | "unlockRoot" | "picklelogy"> = {},
): LabNode {
  const name = _id.split(":").slice(1).join("-");
  return {
    _id,
    category,
    label,
    icon: `lab/${name}`,
    desc,
    maxLevel: cost.length,
    cost,
    prerequisites,
    effects,
    pos,
    ...extra,
  };
}
