import { labelText } from "@pickle-garden/shared";
import { useTranslation } from "react-i18next";
import { Avatar } from "../social/Avatar.tsx";
import { activityText } from "../social/activityText.ts";
import { type RoomMember, useRoomMembers } from "../social/useRoomMembers.ts";
import { setSocialDrawer } from "../stores/chatStore.ts";

// chosen: five faces fit beside the room badge on a 1,024 px Activity frame; the rest are counted
const MAX_FACES = 5;

/** A member's name, status and activity in one sentence: the face's accessible name and tooltip. */
export function memberSummary(
  { label, status, self, player }: RoomMember,
  t: (key: string, o?: Record<string, unknown>) => string,
): string {
  const name = self ? `${labelText(label)} (${t("group.you")})` : labelText(label);
  const shown = t(`party.status.${status}`);
  return status === "resting"
    ? t("party.memberStatusOnly", { name, status: shown })
    : t("party.member", { name, status: shown, activity: activityText(player, t) });
}

/**
 * The party at a glance (in a room): each member's face with a ring of its status; hovering or focusing
 * one tells its name and activity, pressing it opens the group.
 */
export function PartyStrip() {
  const { t } = useTranslation("social");
  const members = useRoomMembers();
  if (members.length === 0) return null;
  const more = members.length - MAX_FACES;
  const openGroup = () => setSocialDrawer(true, "group");
  return (
    <ul className="pg-party" aria-label={t("party.label")} data-testid="party-strip">
      {members.slice(0, more > 0 ? MAX_FACES - 1 : MAX_FACES).map((m) => {
        const summary = memberSummary(m, t);
        return (
          <li key={m.player.discordId} className="pg-party__member">
            <button
              type="button"
              className={`pg-party__face pg-party__face--${m.status}`}
              aria-label={summary}
              data-testid="party-face"
              data-player-id={m.player.discordId}
              data-status={m.status}
              onClick={openGroup}
            >
              <Avatar label={m.label} avatar={m.player.avatar} size={26} />
            </button>
            <span className="pg-party__tip" aria-hidden="true" data-testid="party-tip">
              {summary}
            </span>
          </li>
        );
      })}
      {more > 0 ? (
        <li className="pg-party__member">
          <button
            type="button"
            className="pg-party__more"
            aria-label={`${t("party.more", { count: more + 1 })}. ${t("party.openGroup")}`}
            onClick={openGroup}
          >
            +{more + 1}
          </button>
        </li>
      ) : null}
    </ul>
  );
}
