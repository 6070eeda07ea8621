import { useRoomStore } from "@pickle-garden/web";
import { useMemo } from "react";
import { useActivityStore } from "./activityStore.ts";
import { mergeRoster, type RosterEntry } from "./roster.ts";

/** The roster as React state: Discord's participants merged with the instance room's members. */
export function useRoster(): RosterEntry[] {
  const participants = useActivityStore((s) => s.participants);
  const selfId = useActivityStore((s) => s.selfId);
  const cdn = useActivityStore((s) => s.cdn);
  const roomId = useActivityStore((s) => s.roomId);
  const members = useRoomStore((s) => (s.roomId === roomId ? s.players : null));
  return useMemo(
    () => mergeRoster(participants, members ?? [], selfId, { cdn }),
    [participants, members, selfId, cdn],
  );
}
