import { LAB_NODES, type LabNode } from "@pickle-garden/shared";
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../format.ts";
import { usePlayer } from "../stores/playerStore.ts";
import { buyLabNode, labWithPending, useLabBuyStore } from "./lab/labBuyStore.ts";
import { frameOf, type LabLayout, layoutLab, NODE_H, NODE_W, tourSkillOf } from "./lab/labLayout.ts";
import { canBuy, isMaxed, nextLevelCost, prerequisitesMet } from "./lab/labRules.ts";
import { labNodeText } from "./lab/labText.ts";
import { LockGlyph } from "./ui/icons.tsx";
import "./pages.css";

type NodeStatus = "owned" | "maxed" | "available" | "unaffordable" | "locked";

function statusOf(lab: { lab: ReturnType<typeof labWithPending> }, node: LabNode): NodeStatus {
  const level = lab.lab.nodes[node._id]?.level ?? 0;
  if (node._id === "root") return "owned";
  if (isMaxed(lab, node._id)) return "maxed";
  if (!prerequisitesMet(lab, node._id)) return "locked";
  if (canBuy(lab, node._id)) return "available";
  return level > 0 ? "owned" : "unaffordable";
}

/** /lab: the lab tree drawn as a tree (intellect north, skill unlocks south), buy with an optimistic update. */
export default function LabPage() {
  const { t } = useTranslation("pages");
  const serverLab = usePlayer((p) => p.lab);
  const pending = useLabBuyStore((s) => s.pending);
  const result = useLabBuyStore((s) => s.result);
  const layout = useMemo(() => layoutLab(), []);
  const [selected, setSelected] = useState<string | null>(null);

  if (!serverLab) return <p className="pg-muted">{t("shell:auth.loading")}</p>;
  const shown = { lab: labWithPending({ lab: serverLab }, pending) };
  const selectedNode = selected ? LAB_NODES[selected] : undefined;

  return (
    <div className="pg-page pg-lab">
      <header className="pg-page__header">
        <h1>{t("lab.title")}</h1>
        <p className="pg-chip pg-chip--rp" data-testid="lab-rp" aria-live="polite">
          {t("lab.rp", { rp: formatNumber(shown.lab.rp) })}
        </p>
      </header>
      <p className="pg-muted">{t("lab.intro")}</p>
      {result?.kind === "error" ? (
        <p role="alert" className="pg-alert pg-alert--error" data-testid="lab-error">
          {t(result.key)}
        </p>
      ) : null}
      {result?.kind === "ok" ? (
        <p role="status" className="pg-alert pg-alert--success" data-testid="lab-success">
          {t("lab.bought", {
            node: LAB_NODES[result.nodeId] ? labNodeText(LAB_NODES[result.nodeId]!, t).label : result.nodeId,
          })}
        </p>
      ) : null}
      <div className="pg-lab__layout">
        <LabTree layout={layout} shown={shown} selected={selected} onSelect={setSelected} />
        {selectedNode ? (
          <LabDetails node={selectedNode} shown={shown} onClose={() => setSelected(null)} />
        ) : null}
      </div>
    </div>
  );
}

interface LabTreeProps {
  layout: LabLayout;
  shown: { lab: ReturnType<typeof labWithPending> };
  selected: string | null;
  onSelect: (id: string) => void;
}

function LabTree({ layout, shown, selected, onSelect }: LabTreeProps) {
  const { t } = useTranslation("pages");
  const scroller = useRef<HTMLDivElement>(null);

  // open on the root and the nodes one can buy now (the tree spreads far east and west)
  // biome-ignore lint/correctness/useExhaustiveDependencies: framed once, when the tree opens
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || typeof el.scrollTo !== "function") return;
    const buyable = layout.nodes
      .filter((l) => statusOf(shown, l.node) === "available")
      .map((l) => l.node._id);
    el.scrollTo(frameOf(layout, buyable, { width: el.clientWidth, height: el.clientHeight }));
  }, [layout]);

  return (
    <div className="pg-lab__scroller" ref={scroller} data-testid="lab-tree">
      {/* biome-ignore lint/a11y/useSemanticElements: a positioned drawing, not a form group */}
      <div
        className="pg-lab__tree"
        style={{ width: layout.width, height: layout.height }}
        role="group"
        aria-label={t("lab.tree")}
      >
        <svg className="pg-lab__edges" width={layout.width} height={layout.height} aria-hidden="true">
          {layout.edges.map((e) => {
            const owned = (shown.lab.nodes[e.to]?.level ?? 0) > 0;
            return (
              <path
                key={`${e.from}>${e.to}`}
                d={e.d}
                className={owned ? "pg-lab__edge pg-lab__edge--owned" : "pg-lab__edge"}
              />
            );
          })}
        </svg>
        {layout.nodes.map(({ node, cx, cy }) => {
          const level = shown.lab.nodes[node._id]?.level ?? 0;
          const status = statusOf(shown, node);
          const cost = nextLevelCost(shown, node._id);
          const tour = tourSkillOf(node);
          const text = labNodeText(node, t);
          const costText =
            status === "maxed" ? t("lab.status.maxed") : t("lab.cost", { cost: formatNumber(cost) });
          return (
            <button
              key={node._id}
              type="button"
              className={`pg-lab__node pg-lab__node--${status} pg-lab__node--${node.category}${
                selected === node._id ? " is-selected" : ""
              }${node.lock ? " is-flag-locked" : ""}`}
              style={{ left: cx - NODE_W / 2, top: cy - NODE_H / 2, width: NODE_W, height: NODE_H }}
              aria-pressed={selected === node._id}
              aria-label={`${text.label}, ${t("lab.level", { level, max: node.maxLevel })}, ${costText}, ${t(
                `lab.status.${status}`,
              )}`}
              data-testid={`lab-node-${node._id}`}
              data-tour={tour ? `lab-node-${tour}` : undefined}
              data-status={status}
              onClick={() => onSelect(node._id)}
              onFocus={(e) => e.currentTarget.scrollIntoView?.({ block: "nearest", inline: "nearest" })}
            >
              <span className="pg-lab__label">
                {node.lock ? <LockGlyph size={11} /> : null} {text.label}
              </span>
              <span className="pg-lab__meta">
                {node.maxLevel > 1 || level > 0 ? `${level}/${node.maxLevel}` : ""}
                {status === "maxed" || node._id === "root"
                  ? ""
                  : ` · ${t("lab.rp", { rp: formatNumber(cost) })}`}
              </span>
            </button>
          );
        })}
      </div>
    </div>
  );
}

interface LabDetailsProps {
  node: LabNode;
  shown: { lab: ReturnType<typeof labWithPending> };
  onClose: () => void;
}

function LabDetails({ node, shown, onClose }: LabDetailsProps) {
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
      <p className={`pg-status pg-status--${status}`}>{t(`lab.status.${status}`)}</p>
      {node._id === "root" || status === "maxed" ? null : (
        <button
          type="button"
          className="pg-btn pg-btn--primary"
          data-testid="lab-buy"
          data-tour={tour ? `lab-buy-${tour}` : undefined}
          aria-disabled={status !== "available"}
          onClick={() => void buyLabNode(node._id)}
        >
          {t("lab.buyNode", { node: text.label })}
        </button>
      )}
    </section>
  );
}
