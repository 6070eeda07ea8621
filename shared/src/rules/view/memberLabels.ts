import { GUEST_USERNAME } from "../../data/constants.ts";
import type { GroupPlayer } from "../../protocol/rooms.ts";
import { hashSeed } from "../state/newPlayer.ts";

/** How one member of a room is shown: its name, a tag when another member shows the same name, its colour and face. */
export interface MemberLabel {
  discordId: string;
  /** the player's name; the default guest name in the reader's language */
  name: string;
  /** "#3f2a", from the id, only while another member of the room shows the same name */
  tag: string | null;
  /** the hue (0-359) of the member's face, from the id, kept apart from the other members' */
  hue: number;
  /** what the face shows: the name's initial, and a digit of its tag no other member of that name shows */
  face: string;
}

// chosen: faces closer than this on the colour wheel read as one colour at avatar size (six fit; past
// six members of a room, the tag and the face's digit tell them apart)
const MIN_HUE_GAP = 60;
// chosen: the golden angle, so a face moved aside lands far from where the others are
const HUE_STEP = 137;
// chosen: golden-angle steps tried along the wheel before settling for the farthest one
const HUE_TRIES = 24;

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
  const tags = members.map((m, i) =>
    (sameName.get(nameKey(names[i] ?? "")) ?? 0) > 1 ? tagOf(m.discordId, members) : null,
  );
  const marks = faceMarks(members, names, tags);
  return members.map((m, i) => {
    const name = names[i] ?? m.username;
    const initial = [...name.trim()][0]?.toUpperCase() ?? "?";
    return {
      discordId: m.discordId,
      name,
      tag: tags[i] ?? null,
      hue: hues.get(m.discordId) ?? 0,
      face: `${initial}${marks.get(m.discordId) ?? ""}`,
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

/**
 * For each tagged member, the digit of its tag its face shows beside the initial: the first one no other
 * member of the same name shows yet (ids in sorted order, so it does not depend on who joined first).
 */
function faceMarks(
  members: readonly Pick<GroupPlayer, "discordId">[],
  names: readonly string[],
  tags: readonly (string | null)[],
): Map<string, string> {
  const marks = new Map<string, string>();
  const taken = new Map<string, Set<string>>();
  const order = members.map((m, i) => ({ id: m.discordId, name: nameKey(names[i] ?? ""), tag: tags[i] }));
  for (const { id, name, tag } of order.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) {
    if (!tag) continue;
    const used = taken.get(name) ?? new Set<string>();
    const digits = [...tag.slice(1).toUpperCase()];
    const mark = digits.find((d) => !used.has(d)) ?? digits[0] ?? "";
    used.add(mark);
    taken.set(name, used);
    marks.set(id, mark);
  }
  return marks;
}

/** Each id's hue from its hash, moved along the wheel while it sits too close to one already placed (ids in sorted order, so a hue does not depend on who joined first). */
function spreadHues(ids: readonly string[]): Map<string, number> {
  const placed = new Map<string, number>();
  for (const id of [...new Set(ids)].sort()) {
    const start = hashSeed(id) % 360;
    // the first step along the wheel that is clear of the others, else the one farthest from them
    let best = start;
    for (let step = 0; step < HUE_TRIES; step++) {
      const hue = (start + step * HUE_STEP) % 360;
      if (nearest(hue, placed.values()) >= MIN_HUE_GAP) {
        best = hue;
        break;
      }
      if (nearest(hue, placed.values()) > nearest(best, placed.values())) best = hue;
    }
    placed.set(id, best);
  }
  return placed;
}

/** How far a hue is from the nearest of the others, around the wheel (360 when there is none). */
function nearest(hue: number, others: Iterable<number>): number {
  let min = 360;
  for (const other of others) {
    const gap = Math.abs(hue - other) % 360;
    min = Math.min(min, gap, 360 - gap);
  }
  return min;
}
