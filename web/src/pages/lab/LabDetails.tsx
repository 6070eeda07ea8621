import { LAB_NODES, type LabNode } from "@pickle-garden/shared";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { buyLabNode } from "../../calls/labActions.ts";
import { formatNumber } from "../../format.ts";
import { tourSkillOf } from "./labLayout.ts";
import { type LabOwner, nextLevelCost } from "./labRules.ts";
import { labBuyText, labNodeText } from "./labText.ts";
import { statusOf } from "./nodeStatus.ts";

interface LabDetailsProps {
  node: LabNode;
  shown: LabOwner;
  onClose: () => void;
}

export function LabDetails({ node, shown, onClose }: LabDetailsProps) {
  const { t } = useTranslation("pages");
  const ref = useRef<HTMLElement>(null);
  // on a phone the details sit under the tree: bring them into view when a node is chosen
  // biome-ignore lint/correctness/useExhaustiveDependencies: run again for each node chosen
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: "nearest", behavior: "smooth" });
  }, [node._id]);
  const level = shown.lab.nodes[node._id]?.level ?? 0;
  const status = statusOf(shown, node);
  const cost = nextLevelCost(shown, node._id);
  const tour = tourSkillOf(node);
  const text = labNodeText(node, t);
  const prereqs = node.prerequisites
    .filter((p) => p !== "root")
    .map((p) => (LAB_NODES[p] ? labNodeText(LAB_NODES[p]!, t).label : p));
  const headingId = `lab-details-${node._id.replace(/[^a-z0-9]/gi, "-")}`;
  return (
    <section
      ref={ref}
      className="pg-card pg-lab__details"
      aria-labelledby={headingId}
      data-testid="lab-details"
    >
      <header className="pg-card__header">
        <h2 id={headingId} className="pg-card__title">
          {text.label}
        </h2>
        <button type="button" className="pg-btn pg-btn--ghost" onClick={onClose} aria-label={t("lab.close")}>
          ✕
        </button>
      </header>
      <p>{text.desc}</p>
      <p>{t("lab.level", { level, max: node.maxLevel })}</p>
      {status !== "maxed" && node._id !== "root" ? (
        <p>{t("lab.cost", { cost: formatNumber(cost) })}</p>
      ) : null}
      {prereqs.length > 0 ? (
        <p className="pg-muted">{t("lab.requires", { nodes: prereqs.join(", ") })}</p>
      ) : null}
      {node.picklelogy ? (
        <p className="pg-muted" data-testid="lab-requires-picklelogy">
          {t("lab.requiresPicklelogy", { level: node.picklelogy, have: shown.skills.picklelogy.level })}
        </p>
      ) : null}
      <p className={`pg-status pg-status--${status}`}>{t(`lab.status.${status}`)}</p>
      {node.lock && level > 0 ? (
        <p className="pg-alert pg-alert--success" data-testid="lab-unlocked">
          {t("lab.unlocked", { what: unlockedText(node, t) })}
        </p>
      ) : null}
      {node._id === "root" || status === "maxed" ? null : (
        <button
          type="button"
          className="pg-btn pg-btn--primary"
          data-testid="lab-buy"
          data-tour={tour ? `lab-buy-${tour}` : undefined}
          disabled={status !== "available"}
          onClick={() => void buyLabNode(node._id)}
        >
          {status === "unaffordable"
            ? t("lab.buyMissing", { action: labBuyText(node, t), n: formatNumber(cost - shown.lab.rp) })
            : labBuyText(node, t)}
        </button>
      )}
    </section>
  );
}

/** What a lock node opened, from the feature its effect enables. */
function unlockedText(node: LabNode, t: (key: string) => string): string {
  const feature = node.effects.find((e) => e.type === "feature")?.key ?? "";
  return t(`lab.unlocks.${feature}`);
}
