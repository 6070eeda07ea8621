import { GUEST_USERNAME } from "../../data/constants.ts";
import type { GroupPlayer } from "../../protocol/rooms.ts";
import { hashSeed } from "../newPlayer.ts";

/** How one member of a room is shown: its name, a tag when another member shows the same name, its colour and face. */
export interface MemberLabel {
  discordId: string;
  /** the player's name; the default guest name in the reader's language */
  name: string;
  /** "#3f2a", from the id, only while another member of the room shows the same name */
  tag: string | null;
  /** the hue (0-359) of the member's face, from the id, kept apart from the other members' */
  hue: number;
  /** what the face shows: the name's initial, and the tag's first digit when the name is shared */
  face: string;
}

// chosen: two faces closer than this on the colour wheel read as one colour at avatar size
const MIN_HUE_GAP = 30;
// chosen: the golden angle, so a face moved aside lands far from where the others are
const HUE_STEP = 137;

/**
 * The labels of a room's members, in the order given. `defaultName` is the default guest name as the
 * reader's language says it: a guest who kept it shows it, while the stored name stays the spec's.
 */
export function labelMembers(
  members: readonly Pick<GroupPlayer, "discordId" | "username">[],
  defaultName: string,
): MemberLabel[] {
  const names = members.map((m) => shownName(m.username, defaultName));
  const sameName = new Map<string, number>();
  for (const name of names) sameName.set(nameKey(name), (sameName.get(nameKey(name)) ?? 0) + 1);
  const hues = spreadHues(members.map((m) => m.discordId));
  return members.map((m, i) => {
    const name = names[i] ?? m.username;
    const tag = (sameName.get(nameKey(name)) ?? 0) > 1 ? tagOf(m.discordId, members) : null;
    const initial = [...name.trim()][0]?.toUpperCase() ?? "?";
    return {
      discordId: m.discordId,
      name,
      tag,
      hue: hues.get(m.discordId) ?? 0,
      face: tag ? `${initial}${tag.charAt(1).toUpperCase()}` : initial,
    };
  });
}

/** A player's name as shown: the default guest name in the reader's language (`defaultName`), any other as it is. */
export function shownName(username: string, defaultName: string): string {
  return username === GUEST_USERNAME ? defaultName : username;
}

/** The label's name with its tag, as a tooltip or a line of text says it. */
export function labelText(label: Pick<MemberLabel, "name" | "tag">): string {
  return label.tag ? `${label.name} ${label.tag}` : label.name;
}

const nameKey = (name: string) => name.trim().toLocaleLowerCase();

/** Four hex digits of the id's hash; all eight when another member's four are the same. */
function tagOf(discordId: string, members: readonly Pick<GroupPlayer, "discordId">[]): string {
  const hex = (id: string) => hashSeed(id).toString(16).padStart(8, "0");
  const short = hex(discordId).slice(0, 4);
  const clash = members.some((m) => m.discordId !== discordId && hex(m.discordId).slice(0, 4) === short);
  return `#${clash ? hex(discordId) : short}`;
}

/** Each id's hue from its hash, moved along the wheel while it sits too close to one already placed (ids in sorted order, so a hue does not depend on who joined first). */
function spreadHues(ids: readonly string[]): Map<string, number> {
  const placed = new Map<string, number>();
  for (const id of [...new Set(ids)].sort()) {
    let hue = hashSeed(id) % 360;
    for (let tries = 0; tries < 360 / MIN_HUE_GAP && tooClose(hue, placed.values()); tries++)
      hue = (hue + HUE_STEP) % 360;
    placed.set(id, hue);
  }
  return placed;
}

function tooClose(hue: number, others: Iterable<number>): boolean {
  for (const other of others) {
    const gap = Math.abs(hue - other) % 360;
    if (Math.min(gap, 360 - gap) < MIN_HUE_GAP) return true;
  }
  return false;
}
