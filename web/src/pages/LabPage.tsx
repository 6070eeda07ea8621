import { LAB_NODES, type LabNode } from "@pickle-garden/shared";
import { type PointerEvent, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { SupportGarden } from "../features/subscription/SupportGarden.tsx";
import { formatNumber } from "../format.ts";
import { buyLabNode, labWithPending, useLabBuyStore } from "../stores/labBuyStore.ts";
import { usePlayer } from "../stores/playerStore.ts";
import { frameOf, type LabLayout, layoutLab, NODE_H, NODE_W, tourSkillOf } from "./lab/labLayout.ts";
import { canBuy, isMaxed, nextLevelCost, prerequisitesMet } from "./lab/labRules.ts";
import { labNodeText } from "./lab/labText.ts";
import { LockGlyph } from "./ui/icons.tsx";
import "./pages.css";

const BANNER_MS = 4000;
const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5] as const;
/** a mouse press that moves farther than this pans the tree instead of clicking a node */
const DRAG_PX = 5;

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
  // the "Bought …" banner fades out, then goes
  useEffect(() => {
    if (result?.kind !== "ok") return;
    const timer = setTimeout(() => {
      if (useLabBuyStore.getState().result === result) useLabBuyStore.setState({ result: null });
    }, BANNER_MS);
    return () => clearTimeout(timer);
  }, [result]);

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
        <SupportGarden variant="header" />
      </header>
      <p className="pg-muted">{t("lab.intro")}</p>
      {result?.kind === "error" ? (
        <p role="alert" className="pg-alert pg-alert--error" data-testid="lab-error">
          {t(result.key)}
        </p>
      ) : null}
      {result?.kind === "ok" ? (
        <p
          role="status"
          className="pg-alert pg-alert--success pg-alert--fading"
          style={{ animationDuration: `${BANNER_MS}ms` }}
          data-testid="lab-success"
        >
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

/** Drag with the mouse to pan (touch scrolls natively); a drag never counts as a click on a node. */
function usePan() {
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

function LabTree({ layout, shown, selected, onSelect }: LabTreeProps) {
  const { t } = useTranslation("pages");
  const scroller = useRef<HTMLDivElement>(null);
  const [zoom, setZoom] = useState<number>(1);
  const pan = usePan();

  /** Zooms about the middle of the view, which stays where it is. */
  const zoomTo = (next: number) => {
    const el = scroller.current;
    if (el) {
      const cx = (el.scrollLeft + el.clientWidth / 2) / zoom;
      const cy = (el.scrollTop + el.clientHeight / 2) / zoom;
      requestAnimationFrame(() =>
        el.scrollTo?.({ left: cx * next - el.clientWidth / 2, top: cy * next - el.clientHeight / 2 }),
      );
    }
    setZoom(next);
  };
  const step = (dir: 1 | -1) => {
    const i = ZOOMS.indexOf(zoom as (typeof ZOOMS)[number]);
    const next = ZOOMS[Math.max(0, Math.min(ZOOMS.length - 1, i + dir))]!;
    if (next !== zoom) zoomTo(next);
  };

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
    <div className="pg-lab__view">
      <div className="pg-lab__zoom" role="toolbar" aria-label={t("lab.zoom")}>
        <button
          type="button"
          className="pg-btn pg-btn--small"
          onClick={() => step(-1)}
          disabled={zoom === ZOOMS[0]}
          data-testid="lab-zoom-out"
        >
          <span aria-hidden="true">−</span>
          <span className="pg-visually-hidden">{t("lab.zoomOut")}</span>
        </button>
        <button
          type="button"
          className="pg-btn pg-btn--small"
          onClick={() => zoomTo(1)}
          data-testid="lab-zoom-reset"
        >
          {formatNumber(zoom * 100)}&nbsp;%<span className="pg-visually-hidden"> {t("lab.zoomReset")}</span>
        </button>
        <button
          type="button"
          className="pg-btn pg-btn--small"
          onClick={() => step(1)}
          disabled={zoom === ZOOMS[ZOOMS.length - 1]}
          data-testid="lab-zoom-in"
        >
          <span aria-hidden="true">+</span>
          <span className="pg-visually-hidden">{t("lab.zoomIn")}</span>
        </button>
        <span className="pg-muted pg-lab__hint">{t("lab.panHint")}</span>
      </div>
      <div
        className={`pg-lab__scroller${pan.panning ? " is-panning" : ""}`}
        ref={scroller}
        data-testid="lab-tree"
        data-zoom={zoom}
        onPointerDown={pan.onPointerDown}
        onPointerMove={pan.onPointerMove}
        onPointerUp={pan.onPointerUp}
        onPointerCancel={pan.onPointerUp}
        onClickCapture={pan.onClickCapture}
      >
        <div style={{ width: layout.width * zoom, height: layout.height * zoom }}>
          {/* biome-ignore lint/a11y/useSemanticElements: a positioned drawing, not a form group */}
          <div
            className="pg-lab__tree"
            style={{ width: layout.width, height: layout.height, transform: `scale(${zoom})` }}
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
                  }${node.lock && level === 0 ? " is-flag-locked" : ""}`}
                  style={{ left: cx - NODE_W / 2, top: cy - NODE_H / 2, width: NODE_W, height: NODE_H }}
                  aria-pressed={selected === node._id}
                  data-testid={`lab-node-${node._id}`}
                  data-tour={tour ? `lab-node-${tour}` : undefined}
                  data-status={status}
                  onClick={() => onSelect(node._id)}
                  onFocus={(e) => e.currentTarget.scrollIntoView?.({ block: "nearest", inline: "nearest" })}
                >
                  <span className="pg-lab__label">
                    {node.lock && level === 0 ? <LockGlyph size={11} /> : null} {text.label}
                  </span>
                  <span className="pg-lab__meta">
                    {node.lock && level > 0
                      ? t("lab.unlockedShort")
                      : [
                          node.maxLevel > 1 || level > 0 ? `${level}/${node.maxLevel}` : "",
                          status === "maxed" || node._id === "root"
                            ? ""
                            : t("lab.rp", { rp: formatNumber(cost) }),
                        ]
                          .filter(Boolean)
                          .join(" · ")}
                  </span>
                  <span className="pg-visually-hidden">
                    , {t(`lab.status.${status}`)}
                    {status === "maxed" ? "" : `, ${costText}`}
                  </span>
                </button>
              );
            })}
          </div>
        </div>
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
            ? t("lab.buyMissing", { node: text.label, n: formatNumber(cost - shown.lab.rp) })
            : t("lab.buyNode", { node: text.label })}
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
