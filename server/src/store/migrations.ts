/**
 * Numbered, pure, forward migrations of stored documents. Every stored document carries
 * `schemaVersion`; a load runs the migrations above it, in order, on a copy. A migration is frozen
 * once shipped: it never imports live code (rules, tables), so what it does never changes under it.
 *
 * Players are stored as the envelope `{ schemaVersion, player, meta }`; the envelope's schemaVersion
 * equals player.schemaVersion (PLAYER_SCHEMA_VERSION in @pickle-garden/shared). Whoever bumps
 * PLAYER_SCHEMA_VERSION adds the matching migration here (a test checks the two agree).
 */

import { playerV3 } from "./xpTableMigration.ts";

export type Doc = Record<string, unknown>;

export interface Migration {
  /** the schemaVersion this migration produces; the list is ordered and without gaps */
  to: number;
  description: string;
  up(doc: Doc): Doc;
}

export class MigrationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MigrationError";
  }
}

const isObject = (v: unknown): v is Doc => typeof v === "object" && v !== null && !Array.isArray(v);
const num = (v: unknown, fallback: number): number =>
  typeof v === "number" && Number.isFinite(v) ? v : fallback;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

const LEGACY_SPEED_FIELDS = [
  "meleeSpeed",
  "magicSpeed",
  "rangedSpeed",
  "miningSpeed",
  "mycologySpeed",
  "botanySpeed",
];
const EQUIPMENT_SLOTS_V1 = ["head", "chest", "legs", "feet", "hands", "offhand", "mainhand"];

/** FNV-1a then splitmix32, inlined (frozen): a legacy player's generator is seeded from its id. */
function legacySeed(id: string): [number, number, number, number] {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193) >>> 0;
  let x = h;
  const next = () => {
    x = (x + 0x9e3779b9) >>> 0;
    let z = x;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  return [next(), next(), next(), next() || 1];
}

function legacyAction(v: unknown): Doc {
  const a = isObject(v) ? v : {};
  return {
    skill: typeof a.skill === "string" ? a.skill : "none",
    location: typeof a.location === "string" ? a.location : "home",
    lastUpdate: num(a.lastUpdate, 0),
    nodeId: typeof a.nodeId === "number" ? a.nodeId : null,
    nodeHp: Math.max(0, num(a.nodeHp, 0)),
    nodeMaxHp: Math.max(0, num(a.nodeMaxHp, 0)),
    nextHitAt: null,
  };
}

function legacyEquipment(v: unknown): Doc {
  const slots = isObject(v) ? v : {};
  const out: Doc = {};
  for (const style of ["melee", "magic", "ranged"]) {
    const given = isObject(slots[style]) ? (slots[style] as Doc) : {};
    out[style] = Object.fromEntries(EQUIPMENT_SLOTS_V1.map((slot) => [slot, given[slot] ?? null]));
  }
  return out;
}

/**
 * 0 → 1: a document of the original game (a bare player, spec §3 fields, timers run by the client)
 * becomes the envelope with the simulation's bookkeeping filled in.
 */
function playerV1(doc: Doc): Doc {
  if (isObject(doc.player) && isObject(doc.meta)) return doc; // already an envelope
  const { _id, __v, ...legacy } = doc;
  for (const field of LEGACY_SPEED_FIELDS) delete legacy[field]; // derived now, never stored
  const discordId = String(legacy.discordId ?? _id ?? "");
  if (!discordId) throw new MigrationError("a legacy player without discordId cannot be migrated");
  const action = legacyAction(legacy.currentAction);
  const createdAt =
    typeof legacy.createdAt === "string" ? Date.parse(legacy.createdAt) || 0 : num(legacy.createdAt, 0);
  const barrier = isObject(legacy.barrier) ? legacy.barrier : {};
  const monsters = Array.isArray(legacy.currentMonsters) ? legacy.currentMonsters.filter(isObject) : [];
  const player: Doc = {
    ...legacy,
    schemaVersion: 1,
    discordId,
    username: typeof legacy.username === "string" ? legacy.username : "Guest Sprout",
    avatar: typeof legacy.avatar === "string" ? legacy.avatar : null,
    activeCharacter: typeof legacy.activeCharacter === "string" ? legacy.activeCharacter : "seed",
    featureFlags: isObject(legacy.featureFlags) ? legacy.featureFlags : {},
    gold: Math.max(0, num(legacy.gold, 0)),
    modifiers: isObject(legacy.modifiers) ? legacy.modifiers : {},
    equipmentSlots: legacyEquipment(legacy.equipmentSlots),
    barrier: {
      remaining: Math.max(0, num(barrier.remaining, 0)),
      max: Math.max(0, num(barrier.max, 0)),
      nextReadyAt: num(barrier.nextReadyAt, 0),
    },
    dead: legacy.dead === true,
    deathInfo: isObject(legacy.deathInfo) ? legacy.deathInfo : null,
    currentAction: action,
    previousAction: null,
    currentMonsters: monsters.map((m, i) => {
      const maxHp = Math.max(1, num(m.maxHp, 1));
      return {
        id: num(m.id, 0),
        uid: typeof m.uid === "string" ? m.uid : `legacy-${i}`,
        hp: clamp(num(m.hp, maxHp), 0, maxHp),
        maxHp,
        nextAttackAt: null,
        status: {},
      };
    }),
    tutorial: isObject(legacy.tutorial)
      ? {
          currentStep: String(legacy.tutorial.currentStep ?? "go-picklelogy"),
          done: Array.isArray(legacy.tutorial.done) ? legacy.tutorial.done.map(String) : [],
          chosenPath: legacy.tutorial.chosenPath ?? null,
          ui: { isOpen: isObject(legacy.tutorial.ui) ? legacy.tutorial.ui.isOpen !== false : true },
        }
      : null,
    combat: {
      spellReadyAt: {},
      manaSpent: 0,
      regenAcc: { health: 0, mana: 0 },
      nextRegenAt: null,
      quit: false,
    },
    subscription_active: legacy.subscription_active === true,
    createdAt,
    settledAt: action.lastUpdate || createdAt,
    rng: legacySeed(discordId),
  };
  return {
    player,
    meta: { awaySince: null, pendingOffline: null, lastDelivered: null, archived: false },
  };
}

/** 1 → 2: the quest board (DESIGN §11), empty: the first dailies are drawn at the next settle. */
function playerV2(doc: Doc): Doc {
  const player = isObject(doc.player) ? doc.player : {};
  return {
    ...doc,
    player: {
      ...player,
      schemaVersion: 2,
      quests: { day: -1, daily: [], rerollDay: -1, claimedTotal: 0, weeklyClaimed: -1 },
    },
  };
}

/**
 * 3 → 4: the subscription's spans (subscriptionWindows) join the document, empty: the server fills them
 * from Discord's entitlements at the next sign-in or check, and the flag follows them from then on.
 */
function playerV4(doc: Doc): Doc {
  const player = isObject(doc.player) ? doc.player : {};
  return {
    ...doc,
    player: { ...player, schemaVersion: 4, subscription_active: false, subscriptionWindows: [] },
  };
}

export const PLAYER_MIGRATIONS: readonly Migration[] = [
  { to: 1, description: "original game's bare player document → { player, meta } envelope", up: playerV1 },
  { to: 2, description: "the quest board, empty until the next settle draws it", up: playerV2 },
  {
    to: 3,
    description: "DESIGN §4's xp table: each skill's xp at the same fraction of the same level",
    up: playerV3,
  },
  {
    to: 4,
    description: "subscriptionWindows added (empty); the flag is cleared until Discord is asked",
    up: playerV4,
  },
];

export const PANEL_MIGRATIONS: readonly Migration[] = [
  {
    to: 1,
    description: "schemaVersion added; legacy inline votes dropped (votes live in their own table)",
    up: ({ votes: _votes, ...panel }) => ({
      ...panel,
      options: Array.isArray(panel.options) ? panel.options : [],
      dismissible: panel.dismissible !== false,
    }),
  },
];

/** 1 → 2: a logs line is its structured `log` alone; the English `text` the server wrote beside it goes. */
function chatV2(doc: Doc): Doc {
  if (!isObject(doc.log)) return doc; // a player's line keeps its words
  const { text: _text, ...line } = doc;
  return line;
}

export const CHAT_MIGRATIONS: readonly Migration[] = [
  { to: 1, description: "schemaVersion added", up: (doc) => doc },
  { to: 2, description: "logs lines keep their structured log, not the server's English text", up: chatV2 },
];

const latest = (list: readonly Migration[]) => list[list.length - 1]?.to ?? 0;

export const SCHEMA_VERSIONS = {
  player: latest(PLAYER_MIGRATIONS),
  panel: latest(PANEL_MIGRATIONS),
  chat: latest(CHAT_MIGRATIONS),
} as const;

export type DocKind = keyof typeof SCHEMA_VERSIONS;

const LISTS: Record<DocKind, readonly Migration[]> = {
  player: PLAYER_MIGRATIONS,
  panel: PANEL_MIGRATIONS,
  chat: CHAT_MIGRATIONS,
};

/** Brings a stored document up to the current schema; the input is never modified. */
export function migrate(kind: DocKind, stored: Doc): Doc {
  const from = num(stored.schemaVersion, 0);
  const list = LISTS[kind];
  if (from > latest(list)) {
    throw new MigrationError(
      `a ${kind} document has schemaVersion ${from}, newer than this server's ${latest(list)}: upgrade the server`,
    );
  }
  if (from === latest(list)) return stored;
  let doc = structuredClone(stored);
  for (const migration of list) {
    if (migration.to <= from) continue;
    doc = { ...migration.up(doc), schemaVersion: migration.to };
  }
  return doc;
}
