import {
  type AdvanceSummary,
  challengeRoomBoss,
  type GameEvent,
  grantWeeklyReward,
  nextEventAt,
  type PlaceEvents,
  type Player,
  type PlayerView,
  type RoomRule,
  type RoomState,
  SPEED_KEYS,
  type Speeds,
  settle,
  settledMembers,
  settleRoom,
  speedsOf,
  playerView as viewOf,
  type WeeklyGoal,
} from "@pickle-garden/shared";

/**
 * The game service's one door to the shared simulation (DESIGN §3): settling, rooms, the view. GameService
 * takes a GameRules, so unit tests can run the Master with a scripted simulation; production uses
 * `sharedRules`. The intents' rules are shared's table (shared/src/intents, run by runIntent.ts).
 */

export type SettleSummary = AdvanceSummary;

export interface SettleResult {
  player: Player;
  events: GameEvent[];
  summary: SettleSummary;
}

/** A rule's answer to an intent, as result.ts shapes it. */
export type IntentResult =
  | { ok: true; state: Player; events: GameEvent[] }
  | { ok: false; code: string; message: string };

export interface GameRules {
  /** settle: the simulation to `until` (at most `capMs` of it, the offline cap) and the tutorial it proves */
  advance(player: Player, until: number, capMs?: number): SettleResult;
  /**
   * a room's members settled together (docs/rooms.md); results in the order of `players`, each shared
   * place's events beside them (told once to all its members), and which members their place alone
   * moved (no event of their own: their publish is a placePatch); `holdBack` (a wake's settle): the
   * members a hit left untouched at a shared node keep their documents (their results are their inputs)
   */
  advanceRoom(
    room: RoomState,
    players: readonly Player[],
    until: number,
    holdBack?: boolean,
  ): { room: RoomState; results: SettleResult[]; places: PlaceEvents[]; placeOnly: boolean[] };
  /**
   * a member's intent on its room's shared place (its table entry's `roomRule`), every member settled to
   * `now`; results in the order of `players`
   */
  roomIntent(
    rule: RoomRule<unknown>,
    room: RoomState,
    players: readonly Player[],
    member: number,
    input: unknown,
    now: number,
  ): { ok: true; room: RoomState; results: SettleResult[] } | { ok: false; code: string; message: string };
  /** a member's boss challenge for its party, the room settled to `now` (docs/rooms.md "Party bosses") */
  challengeBoss(
    room: RoomState,
    players: readonly Player[],
    challenger: string,
    bossId: string,
    now: number,
  ): { ok: true; room: RoomState } | { ok: false; code: string; message: string };
  nextEventAt(player: Player): number | null;
  view(player: Player): PlayerView;
  /** the speeds the view shows (the group list reads them without the view) */
  speeds(player: Player): Speeds;
  /** JSON.stringify(view(player)), when the rules have a quicker way to it */
  viewJson?(player: Player): string;
  /** the garden's reward of a closed week, given its goal and the player's share */
  grantWeeklyReward(player: Player, goal: WeeklyGoal, share: number, now: number): IntentResult;
}

/*
 * Documents are immutable once a rule has returned them (rules copy before they change anything, the
 * service replaces the live document, never edits it), and a settle leaves most of a document as it was.
 * So the adapter's advance hands back the previous document's own objects wherever the new ones are
 * equal (shareUnchanged), and what is derived from an object can be remembered by the object itself:
 * its JSON text (jsonOf), hence the speeds' cache key and most of the get-user answer (viewJson).
 */

/** The JSON text of a document's object, remembered per object (documents are never edited in place). */
const jsonTexts = new WeakMap<object, string>();

function jsonOf(value: unknown): string {
  if (typeof value !== "object" || value === null) return JSON.stringify(value) ?? "null";
  let text = jsonTexts.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    jsonTexts.set(value, text);
  }
  return text;
}

/** Equal as JSON data, order of keys included; numbers by Object.is (so -0 and NaN stay what they were). */
function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return a !== 0 || Object.is(a, b);
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return Object.is(a, b);
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameData(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  for (let i = 0; i < ka.length; i++) {
    const key = ka[i] as string;
    if (key !== kb[i] || !sameData(ra[key], rb[key])) return false;
  }
  return true;
}

/**
 * `next` (a document just made by a rule, not yet seen by anyone else) with each top-level object that
 * equals the previous document's replaced by that object: the same data, and what was remembered about
 * the old object (its JSON text) still applies.
 */
export function shareUnchanged(previous: Player, next: Player): Player {
  if (previous === next) return next;
  const prev = previous as unknown as Record<string, unknown>;
  const out = next as unknown as Record<string, unknown>;
  for (const key in out) {
    const v = out[key];
    if (typeof v !== "object" || v === null) continue;
    const old = prev[key];
    if (old !== v && typeof old === "object" && old !== null && sameData(old, v)) out[key] = old;
  }
  return next;
}

/**
 * Speeds depend on the lab's modifiers, the gear, the levels and the character only, which rarely change:
 * remember them by those inputs (get-user and every publish read them). The modifiers and the gear are
 * kept by identity (a settle hands back the previous document's objects where they are equal), the rest by
 * a short key of the character and the melee, magic, ranged, health and intellect levels.
 */
const speedCache = new WeakMap<object, WeakMap<object, Map<string, Speeds>>>();

/**
 * The last speeds found for a skills object, with the inputs they were found for: a member's publish and
 * its room's group list read them several times a second while only its xp moves (a new skills object
 * at each of its own hits, the same one at every other member's).
 */
const speedsBySkills = new WeakMap<
  object,
  { modifiers: object; gear: object; character: string; speeds: Speeds }
>();

function speeds(player: Player): Speeds {
  const last = speedsBySkills.get(player.skills);
  if (
    last !== undefined &&
    last.modifiers === player.modifiers &&
    last.gear === player.equipmentSlots &&
    last.character === player.activeCharacter
  )
    return last.speeds;
  const found = speedsByInputs(player);
  speedsBySkills.set(player.skills, {
    modifiers: player.modifiers,
    gear: player.equipmentSlots,
    character: player.activeCharacter,
    speeds: found,
  });
  return found;
}

function speedsByInputs(player: Player): Speeds {
  let byGear = speedCache.get(player.modifiers);
  if (!byGear) {
    byGear = new WeakMap();
    speedCache.set(player.modifiers, byGear);
  }
  let byKey = byGear.get(player.equipmentSlots);
  if (!byKey) {
    byKey = new Map();
    byGear.set(player.equipmentSlots, byKey);
  }
  const s = player.skills;
  const key = `${player.activeCharacter},${s.melee.level},${s.magic.level},${s.ranged.level},${s.health.level},${s.intellect.level}`;
  let found = byKey.get(key);
  if (!found) {
    found = speedsOf(player);
    byKey.set(key, found);
  }
  return found;
}

/** The player view (shared's rule) with the remembered speeds. */
export function playerView(player: Player): PlayerView {
  return viewOf(player, speeds(player));
}

/** `"key":` for each key seen, escaped as JSON.stringify escapes it. */
const keyTexts = new Map<string, string>();

function keyText(key: string): string {
  let text = keyTexts.get(key);
  if (text === undefined) {
    text = `${JSON.stringify(key)}:`;
    if (keyTexts.size < 1_000) keyTexts.set(key, text);
  }
  return text;
}

/**
 * Exactly `JSON.stringify(playerView(player))`, built from the remembered texts of the document's objects:
 * after a settle only what changed is serialised again.
 */
export function playerViewJson(player: Player): string {
  const fields = player as unknown as Record<string, unknown>;
  // a document that carries a key named like a speed keeps it in its own place: leave that to stringify
  for (const key of SPEED_KEYS) if (key in fields) return JSON.stringify(playerView(player));
  let out = "{";
  for (const key in fields) {
    if (key === "rng") continue;
    const v = fields[key];
    let text: string | undefined;
    if (typeof v === "object") text = v === null ? "null" : jsonOf(v);
    else if (typeof v === "boolean") text = v ? "true" : "false";
    else text = JSON.stringify(v); // undefined for undefined, functions and symbols: left out, as stringify does
    if (text === undefined) continue;
    out += out.length > 1 ? `,${keyText(key)}${text}` : `${keyText(key)}${text}`;
  }
  const s = speeds(player);
  for (const key of SPEED_KEYS) {
    const text = JSON.stringify(s[key]);
    out += out.length > 1 ? `,${keyText(key)}${text}` : `${keyText(key)}${text}`;
  }
  return `${out}}`;
}

/** A settle's result sharing the previous document's unchanged parts. */
function shared(before: Player, result: SettleResult): SettleResult {
  return { ...result, player: shareUnchanged(before, result.player) };
}

export const sharedRules: GameRules = {
  advance: (player, until, capMs) =>
    shared(player, settle(player, until, capMs === undefined ? {} : { capMs })),
  advanceRoom: (room, players, until, holdBack) => {
    const r = settleRoom(room, players, until, { holdBack: holdBack === true });
    return {
      room: r.room,
      // a member moved by its place alone is compared on its place's fields only (placePatch)
      results: r.results.map((result, i) => (r.placeOnly[i] ? result : shared(players[i]!, result))),
      places: r.places,
      placeOnly: r.placeOnly,
    };
  },
  roomIntent: (rule, room, players, member, input, now) => {
    const r = rule(room, players, member, input, now);
    if (!r.ok) return r;
    const results = settledMembers(r.state, now).map((result, i) => shared(players[i]!, result));
    return { ok: true, room: r.state.room, results };
  },
  challengeBoss: challengeRoomBoss,
  nextEventAt,
  view: playerView,
  speeds,
  viewJson: playerViewJson,
  grantWeeklyReward,
};
