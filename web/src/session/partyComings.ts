import { labelMembers, labelText } from "@pickle-garden/shared";
import { i18n } from "../i18n/index.ts";
import { usePlayerStore } from "../stores/playerStore.ts";
import { useRoomStore } from "../stores/roomStore.ts";
import { pushMessage } from "../stores/uiStore.ts";

/**
 * Who joined or left the player's room, as a short toast (a polite live region: it never takes the
 * focus). Read from the group list's changes; the party chat keeps the server's own join and leave lines.
 * The player's own arrival (a list that was empty) says nothing.
 */
export function watchPartyComings(): () => void {
  return useRoomStore.subscribe((s, prev) => {
    if (s.players === prev.players || !s.roomId || s.roomId !== prev.roomId || prev.players.length === 0)
      return;
    const me = usePlayerStore.getState().player?.discordId;
    const before = new Set(prev.players.map((p) => p.discordId));
    const now = new Set(s.players.map((p) => p.discordId));
    const joined = s.players.filter((p) => !before.has(p.discordId) && p.discordId !== me);
    const left = prev.players.filter((p) => !now.has(p.discordId) && p.discordId !== me);
    if (joined.length === 0 && left.length === 0) return;
    // labelled among everyone concerned, so two guests of one name are told apart here too
    const labels = labelMembers([...s.players, ...left], i18n.t("social:guestName"));
    const name = (id: string) => {
      const label = labels.find((l) => l.discordId === id);
      return label ? labelText(label) : id;
    };
    for (const p of joined) pushMessage(i18n.t("shell:messages.joinedGroup", { name: name(p.discordId) }));
    for (const p of left) pushMessage(i18n.t("shell:messages.leftGroup", { name: name(p.discordId) }));
  });
}
