import {
  dayOf,
  LAB_NODES,
  labNodeCost,
  labPrerequisitesMet,
  rerollCost,
  rerollsLeft,
} from "@pickle-garden/shared";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatExact } from "../format.ts";
import { usePlayer, usePlayerShallow } from "../stores/playerStore.ts";
import { serverNow } from "../stores/serverTimeStore.ts";
import { labNodeText } from "./lab/labText.ts";
import { QuestCard } from "./quests/QuestCard.tsx";
import { WeeklyGoalCard } from "./quests/WeeklyGoalCard.tsx";
import "./pages.css";

const QUEST_NODE = "east:utility:quest";

/** How the board opens: the lab node, its price, and what must be bought before it (the Gold Pouch). */
function Locked() {
  const { t } = useTranslation("pages");
  const cost = usePlayer((p) => labNodeCost(p, QUEST_NODE)) ?? 0;
  const ready = usePlayer((p) => labPrerequisitesMet(p, QUEST_NODE)) ?? false;
  const node = LAB_NODES[QUEST_NODE];
  const after = (node?.prerequisites ?? [])
    .map((id) => (LAB_NODES[id] ? labNodeText(LAB_NODES[id]!, t).label : id))
    .join(", ");
  return (
    <p className="pg-alert pg-alert--warning" data-testid="quests-locked">
      {t(ready || !after ? "quests.locked" : "quests.lockedAfter", { cost: formatExact(cost), after })}{" "}
      <Link to="/lab">{t("quests.toLab")}</Link>
    </p>
  );
}

/** /quests — the daily board (DESIGN §11): three quests, progress live from playerState, claim or reroll. */
export default function QuestsPage() {
  const { t } = useTranslation("pages");
  const unlocked = usePlayer((p) => p.featureFlags.quest === true);
  const board = usePlayer((p) => p.quests);
  const gold = usePlayer((p) => p.gold) ?? 0;
  const reroll = usePlayerShallow((p) => ({ cost: rerollCost(p), left: rerollsLeft(p, serverNow()) }));
  if (unlocked === undefined || !board || !reroll)
    return <p className="pg-muted">{t("shell:auth.loading")}</p>;
  const current = board.day === dayOf(serverNow());
  return (
    <div className="pg-page" data-testid="quests-page">
      <header className="pg-page__header">
        <h1>{t("quests.title")}</h1>
      </header>
      {!unlocked ? (
        <Locked />
      ) : board.daily.length === 0 ? (
        <p className="pg-muted">{t("quests.empty")}</p>
      ) : (
        <>
          <p className="pg-lead">
            {t("quests.lead", { claimed: formatExact(board.claimedTotal) })}{" "}
            {current ? null : <span className="pg-muted">{t("quests.newSoon")}</span>}
          </p>
          <p className="pg-muted">
            {reroll.left > 0
              ? t("quests.rerollHint", { cost: formatExact(reroll.cost) })
              : t("quests.noReroll")}
          </p>
          <ul className="pg-grid pg-quests">
            {board.daily.map((q) => (
              <QuestCard key={q.id} quest={q} rerollCost={reroll.left > 0 ? reroll.cost : null} gold={gold} />
            ))}
          </ul>
        </>
      )}
      <WeeklyGoalCard />
    </div>
  );
}
