import { type LabNode, LOCATION_IDS_BY_SKILL } from "@pickle-garden/shared";

type T = (key: string, params?: Record<string, unknown>) => string;

const FIXED = new Set([
  "gold-pouch",
  "inventory-1",
  "inventory-2",
  "quest",
  "multiplayer",
  "lucky-find",
  "research",
  "almanac",
]);

/**
 * A lab node's name and description in the player's language, read from its id
 * (direction:topic:name); a node no pattern knows keeps the data's English text.
 */
export function labNodeText(node: LabNode, t: T): { label: string; desc: string } {
  if (node._id === "root") return { label: t("lab.nodes.root.label"), desc: t("lab.nodes.root.desc") };
  const [, topic = "", name = ""] = node._id.split(":");
  const fallback = { label: node.label, desc: node.desc };
  if (FIXED.has(name)) return { label: t(`lab.nodes.${name}.label`), desc: t(`lab.nodes.${name}.desc`) };
  if (topic === "intellect" && name === "unlock") {
    return { label: t("lab.nodes.intellect.label"), desc: t("lab.nodes.intellect.desc") };
  }
  const m = /^(tier|damage|speed|rp-gain|slot)-(\d+)$/.exec(name);
  if (topic === "frontier" && m) {
    // named after the combat area of its tier; its effects add the same damage everywhere
    const place = t(`names:locations.${LOCATION_IDS_BY_SKILL.combat[Number(m[2]) - 1]}`);
    const v = node.effects[0]?.type === "stat" ? node.effects[0].value : 0;
    return { label: t("lab.nodes.frontier.label", { place }), desc: t("lab.nodes.frontier.desc", { v }) };
  }
  const skill = t(`shell:skills.${topic}`, { defaultValue: topic });
  const effect = node.effects[0];
  // the effect's real value (botany's "+5" node adds 1): add → value, x → percent
  const v =
    effect?.type === "stat"
      ? effect.op === "x"
        ? Math.round((effect.value - 1) * 1000) / 10
        : Math.round(effect.value * (effect.key.includes("gainRP") ? 100 : 1) * 100) / 100
      : 0;
  if (name === "unlock")
    return { label: t("lab.nodes.unlock.label", { skill }), desc: t("lab.nodes.unlock.desc", { skill }) };
  if (!m) return fallback;
  const n = Number(m[2]);
  const kind = m[1] === "rp-gain" ? "rpGain" : m[1] === "tier" ? "craftTier" : m[1]!;
  if (kind === "craftTier" && topic !== "crafting") return fallback;
  return {
    label: t(`lab.nodes.${kind}.label`, { skill, n }),
    desc: t(`lab.nodes.${kind}.desc`, { skill, n, v }),
  };
}

/**
 * What buying a node does, as its button says it: "Unlock Mining" for a skill's unlock (its name is already
 * a verb: "Buy Unlock Mining" reads twice), "Buy Gold Pouch" for the rest.
 */
export function labBuyText(node: LabNode, t: T): string {
  const [, topic = "", name = ""] = node._id.split(":");
  if (name === "unlock" && topic !== "intellect")
    return t("lab.nodes.unlock.buy", { skill: t(`shell:skills.${topic}`, { defaultValue: topic }) });
  return t("lab.buyNode", { node: labNodeText(node, t).label });
}
