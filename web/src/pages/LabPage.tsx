import { LAB_NODES } from "@pickle-garden/shared";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { SupportGarden } from "../features/subscription/SupportGarden.tsx";
import { formatNumber } from "../format.ts";
import { labWithPending, useLabBuyStore } from "../stores/labBuyStore.ts";
import { usePlayer } from "../stores/playerStore.ts";
import { LabDetails } from "./lab/LabDetails.tsx";
import { LabTree } from "./lab/LabTree.tsx";
import { layoutLab } from "./lab/labLayout.ts";
import { labNodeText } from "./lab/labText.ts";
import { ResearchGrant } from "./lab/ResearchGrant.tsx";
import "./pages.css";

const BANNER_MS = 4000;

/** /lab: the lab tree drawn as a tree (intellect north, skill unlocks south), buy with an optimistic update. */
export default function LabPage() {
  const { t } = useTranslation("pages");
  const serverLab = usePlayer((p) => p.lab);
  const picklelogy = usePlayer((p) => p.skills.picklelogy);
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

  if (!serverLab || !picklelogy) return <p className="pg-muted">{t("shell:auth.loading")}</p>;
  const shown = { lab: labWithPending({ lab: serverLab }, pending), skills: { picklelogy } };
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
      <ResearchGrant />
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
