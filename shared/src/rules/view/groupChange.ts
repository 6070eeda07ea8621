import type { GroupMemberChange, GroupPlayer, GroupUpdate } from "../../protocol/rooms.ts";
import { sameValue } from "../state/sameValue.ts";
import { groupPlace } from "./groupPlayer.ts";

/** What a client shows of a member (the group list, the activity's roster): a change carries only these. */
export const GROUP_SHOWN_FIELDS = [
  "username",
  "avatar",
  "away",
  "health",
  "maxHealth",
  "currentAction",
  "isGathering",
  "fight",
] as const satisfies readonly (keyof GroupPlayer)[];

/**
 * The change from the list a member holds (`sent`) to the room's list now: each member whose shown fields
 * changed with only those, a member new to the list whole, and the member ids when who is in it changed.
 * `place` is the reader's own (groupPlace): the progress of members there is the reader's own, which its
 * own events keep (withOwnProgress), so it is left out. Null when nothing shown changed.
 */
export function groupChange(
  sent: readonly GroupPlayer[],
  now: readonly GroupPlayer[],
  place: string | null = null,
): Pick<GroupUpdate, "players" | "members"> | null {
  const players: GroupMemberChange[] = [];
  for (const p of now) {
    // a room is a handful of members, and the feed runs this for each of them several times a second
    const was = sent.find((s) => s.discordId === p.discordId);
    if (!was) {
      players.push(p);
      continue;
    }
    const own = place !== null && groupPlace(p) === place;
    let change: Record<string, unknown> | null = null;
    for (const key of GROUP_SHOWN_FIELDS) {
      if (sameValue(was[key], p[key]) || (own && sameProgressPlace(key, was, p))) continue;
      change ??= { discordId: p.discordId };
      change[key] = p[key];
    }
    if (change) players.push(change as GroupMemberChange);
  }
  const sameMembers = sent.length === now.length && sent.every((p, i) => p.discordId === now[i]?.discordId);
  if (sameMembers && players.length === 0) return null;
  return sameMembers ? { players } : { players, members: now.map((p) => p.discordId) };
}

/**
 * For a member at the reader's place: `key` differs only by the progress the reader shows from its own
 * view (the node's HP, the monster's), with what says where the member is (skill, location, fighting or
 * not) unchanged.
 */
function sameProgressPlace(
  key: (typeof GROUP_SHOWN_FIELDS)[number],
  was: GroupPlayer,
  p: GroupPlayer,
): boolean {
  if (key === "fight") return was.fight !== null && p.fight !== null;
  if (key !== "currentAction") return false;
  return (
    was.currentAction.skill === p.currentAction.skill &&
    was.currentAction.location === p.currentAction.location
  );
}

/** A group list with a change (or a whole list) applied: the client's side of groupChange. */
export function applyGroupChange(
  list: readonly GroupPlayer[],
  update: Pick<GroupUpdate, "players" | "members">,
): GroupPlayer[] {
  const byId = new Map<string, GroupPlayer>(list.map((p) => [p.discordId, p]));
  for (const change of update.players) {
    // a member new to the list comes whole (groupChange); a change merges over what was shown
    byId.set(change.discordId, { ...byId.get(change.discordId), ...change } as GroupPlayer);
  }
  const ids = update.members ?? [...new Set([...list, ...update.players].map((p) => p.discordId))];
  return ids.flatMap((id) => {
    const p = byId.get(id);
    return p ? [p] : [];
  });
}
