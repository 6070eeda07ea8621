import type { LabNode } from "@pickle-garden/shared";
import { canBuy, isMaxed, type LabOwner, prerequisitesMet } from "./labRules.ts";

export type NodeStatus = "owned" | "maxed" | "available" | "unaffordable" | "locked";

export function statusOf(lab: LabOwner, node: LabNode): NodeStatus {
  const level = lab.lab.nodes[node._id]?.level ?? 0;
  if (node._id === "root") return "owned";
  if (isMaxed(lab, node._id)) return "maxed";
  if (!prerequisitesMet(lab, node._id)) return "locked";
  if (canBuy(lab, node._id)) return "available";
  return level > 0 ? "owned" : "unaffordable";
}
