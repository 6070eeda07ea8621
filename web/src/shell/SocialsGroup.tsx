import { useTranslation } from "react-i18next";
import { Avatar } from "../social/Avatar.tsx";
import { useRoomMembers } from "../social/useRoomMembers.ts";

/** The sidebar's Socials group (spec §2): the room's members, or the spec's empty line when there is no room. */
export function SocialsGroup() {
  const { t } = useTranslation("social");
  const members = useRoomMembers();
  if (members.length === 0) return <p className="pg-sidebar__empty">{t("shell:sidebar.socialsEmpty")}</p>;
  return (
    <ul className="pg-sidebar__members" data-testid="sidebar-members">
      {members.map(({ player, label, status, self }) => (
        <li key={player.discordId} className="pg-sidebar__member" data-player-id={player.discordId}>
          <Avatar label={label} avatar={player.avatar} size={26} />
          <span className="pg-sidebar__member-text">
            <span className="pg-sidebar__member-name">
              {label.name}
              {label.tag ? <span className="pg-muted"> {label.tag}</span> : null}
              {self ? <span className="pg-muted"> ({t("group.you")})</span> : null}
            </span>
            <span className={`pg-sidebar__member-status pg-sidebar__member-status--${status}`}>
              {t(`party.status.${status}`)}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}
