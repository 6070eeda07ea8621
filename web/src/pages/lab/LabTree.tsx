import { useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../../format.ts";
import { LockGlyph } from "../ui/icons.tsx";
import { frameOf, type LabLayout, NODE_H, NODE_W, tourSkillOf } from "./labLayout.ts";
import { type LabOwner, nextLevelCost } from "./labRules.ts";
import { labNodeText } from "./labText.ts";
import { statusOf } from "./nodeStatus.ts";
import { usePan } from "./usePan.ts";

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5] as const;

interface LabTreeProps {
  layout: LabLayout;
  shown: LabOwner;
  selected: string | null;
  onSelect: (id: string) => void;
}

export function LabTree({ layout, shown, selected, onSelect }: LabTreeProps) {
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
