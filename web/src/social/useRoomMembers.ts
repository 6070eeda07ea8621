import {
  type GroupPlayer,
  labelMembers,
  type MemberLabel,
  type MemberStatus,
  memberStatus,
} from "@pickle-garden/shared";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { usePlayer } from "../stores/playerStore.ts";
import { useRoomStore } from "../stores/roomStore.ts";

/** A member of the player's room as the party strip, the sidebar and the group list show it. */
export interface RoomMember {
  player: GroupPlayer;
  label: MemberLabel;
  status: MemberStatus;
  self: boolean;
}

/** The room's members (empty without a room), labelled by the shared rule in the reader's language. */
export function useRoomMembers(): RoomMember[] {
  const { t } = useTranslation("social");
  const players = useRoomStore((s) => (s.roomId ? s.players : null));
  const me = usePlayer((p) => p.discordId);
  const defaultName = t("guestName");
  return useMemo(() => {
    if (!players) return [];
    const labels = labelMembers(players, defaultName);
    return players.flatMap((player, i) => {
      const label = labels[i];
      return label ? [{ player, label, status: memberStatus(player), self: player.discordId === me }] : [];
    });
  }, [players, defaultName, me]);
}
