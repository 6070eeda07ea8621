import { type GroupPlayer, type MemberStatus, memberStatus } from "@pickle-garden/shared";

/**
 * The activity's roster (pure): Discord's participants of the instance merged with the room's members,
 * so it shows who is in the activity, who plays, and where.
 */

/** A participant as the SDK reports it (getInstanceConnectedParticipants, the participants update). */
export interface Participant {
  id: string;
  username: string;
  global_name?: string | null;
  nickname?: string | null;
  avatar?: string | null;
}

export interface RosterEntry {
  id: string;
  name: string;
  /** Discord's avatar or default avatar; null where Discord's CDN is not reachable (mock mode) */
  avatarUrl: string | null;
  self: boolean;
  /** in the Discord activity right now */
  inActivity: boolean;
  /** a member of the instance's room (in the game) */
  playing: boolean;
  skill: string | null;
  location: string | null;
  /** what the member does (the ring of its face); null for a participant not in the game yet */
  status: MemberStatus | null;
}

const CDN = "https://cdn.discordapp.com";

/** Discord's avatar URL, or its default avatar (chosen from the id the way Discord does). */
export function discordAvatarUrl(user: Pick<Participant, "id" | "avatar">): string {
  if (user.avatar) return `${CDN}/avatars/${user.id}/${user.avatar}.png?size=64`;
  const index = /^\d{1,20}$/.test(user.id) ? Number((BigInt(user.id) >> 22n) % 6n) : 0;
  return `${CDN}/embed/avatars/${index}.png`;
}

export function participantName(p: Participant): string {
  return p.nickname || p.global_name || p.username;
}

export function mergeRoster(
  participants: readonly Participant[],
  members: readonly GroupPlayer[],
  selfId: string | null,
  options: { cdn: boolean },
): RosterEntry[] {
  const byId = new Map<string, RosterEntry>();
  for (const p of participants) {
    byId.set(p.id, {
      id: p.id,
      name: participantName(p),
      avatarUrl: options.cdn ? discordAvatarUrl(p) : null,
      self: p.id === selfId,
      inActivity: true,
      playing: false,
      skill: null,
      location: null,
      status: null,
    });
  }
  for (const m of members) {
    const known = byId.get(m.discordId);
    byId.set(m.discordId, {
      id: m.discordId,
      name: known?.name ?? m.username,
      avatarUrl: known?.avatarUrl ?? (options.cdn ? discordAvatarUrl({ id: m.discordId }) : null),
      self: m.discordId === selfId,
      inActivity: known !== undefined,
      playing: true,
      skill: m.currentAction.skill,
      location: m.currentAction.location,
      status: memberStatus(m),
    });
  }
  return [...byId.values()].sort(
    (a, b) =>
      Number(b.self) - Number(a.self) ||
      Number(b.playing) - Number(a.playing) ||
      a.name.localeCompare(b.name),
  );
}
