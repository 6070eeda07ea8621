import { useTranslation } from "react-i18next";
import { UsersIcon } from "../icons/ui.tsx";
import { useRoomId, useRoomPlayerCount, useRoomStore } from "../stores/roomStore.ts";

/**
 * Room id and player count, only while in a room (spec §2). A long id gives way with an ellipsis (its
 * full text in the tooltip); the player count always shows. In the Discord activity the room is the voice
 * channel's, so it is named so rather than by its `discord:` id.
 */
export function RoomBadge() {
  const { t } = useTranslation("shell");
  const roomId = useRoomId();
  const count = useRoomPlayerCount();
  const instance = useRoomStore((s) => s.instance);
  // a stored room id is only shown once the server confirms the room with its member list
  if (!roomId || count === 0) return null;
  const room = instance ? t("topbar.voiceRoom") : t("topbar.room", { roomId });
  const players = t("topbar.players", { count });
  return (
    <span
      className="pg-chip pg-topbar__room"
      title={`${room} · ${players}`}
      data-testid="room-badge"
      data-room-id={roomId}
    >
      <UsersIcon size={16} />
      <span className="pg-topbar__room-id" data-testid="room-badge-id">
        {room}
      </span>
      <span className="pg-chip--muted pg-topbar__room-count">
        <span className="pg-topbar__room-sep">· </span>
        <span className="pg-topbar__room-players">{players}</span>
        {/* beside the party's faces on a narrow desktop: the number alone (the words for screen readers) */}
        <span className="pg-topbar__room-n" aria-hidden="true">
          {count}
        </span>
      </span>
    </span>
  );
}
