import { labComplete, researchGrant } from "@pickle-garden/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { fundResearch } from "../../calls/labActions.ts";
import { formatExact, formatNumber } from "../../format.ts";
import { errorCodeText } from "../../messages/errorMessages.ts";
import { usePlayer } from "../../stores/playerStore.ts";
import { pushMessage } from "../../stores/uiStore.ts";

// chosen: the second button funds ten grants at once, for a player with a pile of gold to turn into RP
const MANY_GRANTS = 10;

/** Gold into RP through research grants, priced by the total level; shown once the gold pouch is bought. */
export function ResearchGrant() {
  const { t } = useTranslation("pages");
  const pouch = usePlayer((p) => !!p.featureFlags.goldPouch) ?? false;
  const gold = usePlayer((p) => p.gold) ?? 0;
  const price = usePlayer((p) => researchGrant(p).gold) ?? 0;
  const rp = usePlayer((p) => researchGrant(p).rp) ?? 0;
  const complete = usePlayer((p) => labComplete(p)) ?? false;
  const [busy, setBusy] = useState(false);
  // what the last grant did, said in the card and in a toast (the RP in the top bar moves quietly)
  const [funded, setFunded] = useState<string | null>(null);
  if (!pouch) return null;
  const buy = async (grants: number) => {
    setBusy(true);
    setFunded(null);
    const done = t("lab.grant.funded", {
      count: grants,
      gold: formatExact(price * grants),
      rp: formatNumber(rp * grants),
    });
    const funding = await fundResearch(grants);
    if (funding.ok) {
      setFunded(done);
      pushMessage(done, "success");
    } else pushMessage(errorCodeText(funding.code), "error");
    setBusy(false);
  };
  return (
    <section className="pg-card" data-testid="research-grant" aria-labelledby="research-grant-title">
      <h2 id="research-grant-title">{t("lab.grant.title")}</h2>
      {complete ? (
        <p className="pg-muted">{t("lab.grant.complete")}</p>
      ) : (
        <>
          <p className="pg-muted">{t("lab.grant.intro")}</p>
          <p className="pg-row">
            {[1, MANY_GRANTS].map((n) => (
              <button
                key={n}
                type="button"
                className="pg-btn pg-btn--small"
                disabled={busy || gold < price * n}
                aria-describedby={gold < price ? "research-grant-short" : undefined}
                onClick={() => buy(n)}
              >
                {t("lab.grant.fund", {
                  count: n,
                  gold: formatExact(price * n),
                  rp: formatNumber(rp * n),
                })}
              </button>
            ))}
            {gold < price ? (
              <span id="research-grant-short" className="pg-muted">
                {t("lab.grant.short", { gold: formatExact(price - gold) })}
              </span>
            ) : null}
          </p>
          {funded ? (
            <p className="pg-alert pg-alert--success" role="status" data-testid="research-grant-done">
              {funded}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
