import { labelMembers, type MemberLabel } from "@pickle-garden/shared";
import { useRoomStore } from "@pickle-garden/web";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useActivityStore } from "./activityStore.ts";
import { mergeRoster, type RosterEntry } from "./roster.ts";

/** A roster entry with its label among the roster (two of one name told apart, colour and face). */
export type LabelledEntry = RosterEntry & { label: MemberLabel };

/** The roster as React state: Discord's participants merged with the instance room's members, labelled. */
export function useRoster(): LabelledEntry[] {
  const { t } = useTranslation("social");
  const defaultName = t("guestName");
  const participants = useActivityStore((s) => s.participants);
  const selfId = useActivityStore((s) => s.selfId);
  const cdn = useActivityStore((s) => s.cdn);
  const roomId = useActivityStore((s) => s.roomId);
  const members = useRoomStore((s) => (s.roomId === roomId ? s.players : null));
  return useMemo(() => {
    const roster = mergeRoster(participants, members ?? [], selfId, { cdn });
    const labels = labelMembers(
      roster.map((e) => ({ discordId: e.id, username: e.name })),
      defaultName,
    );
    return roster.flatMap((entry, i) => {
      const label = labels[i];
      return label ? [{ ...entry, label }] : [];
    });
  }, [participants, members, selfId, cdn, defaultName]);
}
