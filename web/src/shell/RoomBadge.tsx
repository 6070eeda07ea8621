import { useTranslation } from "react-i18next";
import { UsersIcon } from "../icons/ui.tsx";
import { useRoomId, useRoomPlayerCount } from "../stores/roomStore.ts";

/** Room id and player count, only while in a room (spec §2). */
export function RoomBadge() {
  const { t } = useTranslation("shell");
  const roomId = useRoomId();
  const count = useRoomPlayerCount();
  // a stored room id is only shown once the server confirms the room with its member list
  if (!roomId || count === 0) return null;
  return (
    <span className="pg-chip pg-topbar__room" data-testid="room-badge">
      <UsersIcon size={16} />
      <span>{t("topbar.room", { roomId })}</span>
      <span className="pg-chip--muted">· {t("topbar.players", { count })}</span>
    </span>
  );
}
