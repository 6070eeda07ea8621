import {
  type GroupPlayer,
  type GroupProgress,
  groupProgress,
  labelText,
  withOwnProgress,
} from "@pickle-garden/shared";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { locationName, monsterName } from "../i18n/names.ts";
import { ProgressBar } from "../pages/ui/ProgressBar.tsx";
import { usePlayer, usePlayerShallow } from "../stores/playerStore.ts";
import { useRoomStore } from "../stores/roomStore.ts";
import { Avatar } from "./Avatar.tsx";
import { activityText } from "./activityText.ts";
import { BossCard } from "./BossCard.tsx";
import { type RoomMember, useRoomMembers } from "./useRoomMembers.ts";

/**
 * The reader's own progress, from its own view: the members at its place share its node or monsters, and
 * the server leaves their progress out of groupUpdate (groupChange).
 */
function useOwnProgress(): GroupProgress | null {
  const source = usePlayerShallow((v) => ({
    currentAction: v.currentAction,
    currentMonsters: v.currentMonsters,
    featureFlags: v.featureFlags,
    combat: v.combat,
  }));
  return useMemo(() => (source ? groupProgress(source) : null), [source]);
}

function Member({ member: { player, label, self }, own }: { member: RoomMember; own: GroupProgress | null }) {
  const { t } = useTranslation("social");
  const p = withOwnProgress(player, own);
  const { nodeHp, nodeMaxHp } = p.currentAction;
  const name = labelText(label);
  return (
    <li className="pg-member" data-testid="group-member" data-player-id={p.discordId}>
      <Avatar label={label} avatar={p.avatar} />
      <div className="pg-member__body">
        <p className="pg-member__name">
          <span data-testid="member-name">{label.name}</span>
          {label.tag ? (
            <span className="pg-member__tag" data-testid="member-tag">
              {" "}
              {label.tag}
            </span>
          ) : null}
          {self ? <span className="pg-muted"> ({t("group.you")})</span> : null}
        </p>
        <ProgressBar
          value={p.health}
          max={p.maxHealth}
          label={t("group.health", { name })}
          tone="hp"
          small
          testId="member-health"
        />
        <p className="pg-member__activity" data-testid="member-activity">
          {activityText(p, t)}
        </p>
        {p.isGathering && nodeMaxHp > 0 ? (
          <ProgressBar
            value={nodeHp}
            max={nodeMaxHp}
            label={t("group.nodeHp", { name })}
            tone="node"
            small
            testId="member-progress"
          />
        ) : null}
        {p.fight ? <FightProgress name={name} fight={p.fight} /> : null}
      </div>
    </li>
  );
}

/** A fighter's progress: the monster it fights, by name, and its HP. */
function FightProgress({ name, fight }: { name: string; fight: NonNullable<GroupPlayer["fight"]> }) {
  const { t } = useTranslation("social");
  const monster = monsterName(fight.monsterId);
  return (
    <div className="pg-member__fight">
      <span className="pg-member__monster" data-testid="member-monster">
        {monster}
      </span>
      <ProgressBar
        value={fight.hp}
        max={fight.maxHp}
        label={t("group.monsterHp", { monster, name })}
        tone="monster"
        small
        testId="member-progress"
      />
    </div>
  );
}

/** The room's shared goal (DESIGN §11): its progress, the player's part and what each contributor gets. */
function PartyQuestCard() {
  const { t } = useTranslation("social");
  const quest = useRoomStore((s) => s.quest);
  const me = usePlayer((p) => p.discordId);
  if (!quest) return null;
  const goal = t(`group.quest.${quest.kind}`, { count: quest.count });
  const mine = me ? (quest.contributors[me] ?? 0) : 0;
  return (
    <div className="pg-party-quest" data-testid="party-quest">
      <p className="pg-party-quest__title" data-testid="party-quest-title">
        {t("group.quest.heading", { goal })}
      </p>
      <ProgressBar
        value={quest.progress}
        max={quest.count}
        label={t("group.quest.progress", { goal })}
        small={false}
        testId="party-quest-progress"
      />
      {quest.location && (
        <p className="pg-help" data-testid="party-quest-place">
          {t("group.quest.place", { place: locationName(quest.location) })}
        </p>
      )}
      <p className="pg-help">
        {t("group.quest.reward", { gold: quest.reward.gold, rp: quest.reward.rp, mine })}
      </p>
    </div>
  );
}

/** The room's members beside the game (spec §3 Group player): avatar, name, health, activity and progress. */
export function GroupList() {
  const { t } = useTranslation("social");
  const members = useRoomMembers();
  const roomId = useRoomStore((s) => s.roomId);
  const instance = useRoomStore((s) => s.instance);
  const hasBoss = useRoomStore((s) => s.boss !== null);
  const own = useOwnProgress();
  return (
    <section className="pg-social__section" aria-labelledby="pg-group-title" data-testid="group-list">
      <h2 id="pg-group-title" className="pg-social__title">
        {t("group.title")}
        {roomId && members.length > 0 ? (
          <span className="pg-muted"> · {t("group.members", { count: members.length })}</span>
        ) : null}
      </h2>
      {roomId && members.length > 1 ? <PartyQuestCard /> : null}
      {roomId && (members.length > 1 || hasBoss) ? <BossCard members={members} /> : null}
      {roomId && members.length > 0 ? (
        <ul className="pg-members">
          {members.map((m) => (
            <Member key={m.player.discordId} member={m} own={own} />
          ))}
        </ul>
      ) : (
        <p className="pg-help">{t(instance ? "group.emptyInstance" : "group.empty")}</p>
      )}
    </section>
  );
}
