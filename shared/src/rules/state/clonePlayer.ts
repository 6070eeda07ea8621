import type { Player } from "../../protocol/player.ts";

/** Deep copy of plain data (objects, arrays, primitives): the document is JSON, so nothing else occurs. */
export function deepClone<T>(value: T): T {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) {
    const out = new Array(value.length);
    for (let i = 0; i < value.length; i++) {
      const v = value[i];
      out[i] = typeof v === "object" && v !== null ? deepClone(v) : v;
    }
    return out as T;
  }
  const src = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  const keys = Object.keys(src);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    const v = src[key];
    out[key] = typeof v === "object" && v !== null ? deepClone(v) : v;
  }
  return out as T;
}

/*
 * clonePlayer is on every rule's path (every settle of every request clones the document), so it copies
 * the document's known shape by hand. Fixed-shape objects are rebuilt as literals of their schema's keys
 * in the schema's order (one hidden class per kind, whatever built the original, so every property access
 * here stays monomorphic; a spread of objects from many origins goes megamorphic and costs as much as
 * the generic walk). Records (flags, modifiers, skills, lab nodes, gear) keep whatever keys they have.
 * Optional keys (an item's level and affixes, a monster's statuses) are copied only when present. A
 * top-level field the schema does not name goes through deepClone; the result shares nothing with the
 * input.
 */

type Entry = Player["inventory"][number];
type Affix = NonNullable<Entry["affixes"]>[number];
type Slot = Player["smithingSlots"][number];
type Monster = Player["currentMonsters"][number];
type Status = Monster["status"];
type Action = Player["currentAction"];
type Dot = NonNullable<Status["burn"]>;

function numbers<T extends Record<string, unknown>>(record: T): T {
  const out: Record<string, unknown> = {};
  for (const key in record) out[key] = record[key];
  return out as T;
}

function affix(a: Affix): Affix {
  return { id: a.id, tier: a.tier, stats: numbers(a.stats) };
}

function entry(e: Entry): Entry {
  if (e.level === undefined && e.affixes === undefined) return { id: e.id, stack: e.stack };
  const out: Entry = { id: e.id, stack: e.stack };
  if (e.level !== undefined) out.level = e.level;
  if (e.affixes !== undefined) out.affixes = e.affixes.map(affix);
  return out;
}

function inventory(list: readonly Entry[]): Entry[] {
  const out = new Array<Entry>(list.length);
  for (let i = 0; i < list.length; i++) out[i] = entry(list[i] as Entry);
  return out;
}

function equipment(value: Player["equipmentSlots"]): Player["equipmentSlots"] {
  const out: Record<string, Record<string, Entry | null>> = {};
  const styles = value as Record<string, Record<string, Entry | null>>;
  for (const style in styles) {
    const slots = styles[style] as Record<string, Entry | null>;
    const copy: Record<string, Entry | null> = {};
    for (const slot in slots) {
      const e = slots[slot] as Entry | null;
      copy[slot] = e === null ? null : entry(e);
    }
    out[style] = copy;
  }
  return out as Player["equipmentSlots"];
}

function skills(value: Player["skills"]): Player["skills"] {
  const out: Record<string, { level: number; xp: number }> = {};
  const all = value as Record<string, { level: number; xp: number }>;
  for (const id in all) {
    const s = all[id] as { level: number; xp: number };
    out[id] = { level: s.level, xp: s.xp };
  }
  return out as Player["skills"];
}

function lab(value: Player["lab"]): Player["lab"] {
  const nodes: Player["lab"]["nodes"] = {};
  for (const id in value.nodes) {
    const n = value.nodes[id] as Player["lab"]["nodes"][string];
    nodes[id] = { level: n.level, boughtAt: n.boughtAt };
  }
  return { rp: value.rp, earnedRpLifetime: value.earnedRpLifetime, nodes };
}

function action(a: Action): Action {
  return {
    skill: a.skill,
    location: a.location,
    lastUpdate: a.lastUpdate,
    nodeId: a.nodeId,
    nodeHp: a.nodeHp,
    nodeMaxHp: a.nodeMaxHp,
    nextHitAt: a.nextHitAt,
  };
}

function dot(d: Dot): Dot {
  return { until: d.until, dps: d.dps, acc: d.acc, nextTickAt: d.nextTickAt };
}

function status(s: Status): Status {
  const out: Status = {};
  if (s.freeze !== undefined) out.freeze = { until: s.freeze.until };
  if (s.stun !== undefined) out.stun = { until: s.stun.until };
  if (s.burn !== undefined) out.burn = dot(s.burn);
  if (s.bleed !== undefined) out.bleed = dot(s.bleed);
  return out;
}

function monsters(list: readonly Monster[]): Monster[] {
  const out = new Array<Monster>(list.length);
  for (let i = 0; i < list.length; i++) {
    const m = list[i] as Monster;
    out[i] = {
      id: m.id,
      uid: m.uid,
      hp: m.hp,
      maxHp: m.maxHp,
      nextAttackAt: m.nextAttackAt,
      status: status(m.status),
    };
  }
  return out;
}

function slots(list: readonly Slot[]): Slot[] {
  const out = new Array<Slot>(list.length);
  for (let i = 0; i < list.length; i++) {
    const s = list[i] as Slot;
    out[i] = { currentItem: s.currentItem, startTime: s.startTime, remaining: s.remaining };
    if (s.total !== undefined) (out[i] as Slot).total = s.total;
  }
  return out;
}

function tutorial(t: NonNullable<Player["tutorial"]>): NonNullable<Player["tutorial"]> {
  return {
    currentStep: t.currentStep,
    done: t.done.slice(),
    chosenPath: t.chosenPath,
    ui: { isOpen: t.ui.isOpen },
  };
}

function combat(c: Player["combat"]): Player["combat"] {
  const out: Player["combat"] = {
    spellReadyAt: numbers(c.spellReadyAt),
    manaSpent: c.manaSpent,
    regenAcc: { health: c.regenAcc.health, mana: c.regenAcc.mana },
    nextRegenAt: c.nextRegenAt,
    quit: c.quit,
  };
  // only a fighter past level 40 has any (optional in stored players)
  if (c.afflictions) out.afflictions = deepClone(c.afflictions);
  return out;
}

/** A private draft of a player: rules mutate the draft and return it, the caller's player stays as it was. */
export function clonePlayer(player: Player): Player {
  const out = { ...player };
  const fields = out as Record<string, unknown>;
  for (const key in fields) {
    const v = fields[key];
    if (typeof v !== "object" || v === null) continue;
    switch (key) {
      case "featureFlags":
        out.featureFlags = numbers(player.featureFlags);
        break;
      case "lab":
        out.lab = lab(player.lab);
        break;
      case "skills":
        out.skills = skills(player.skills);
        break;
      case "inventory":
        out.inventory = inventory(player.inventory);
        break;
      case "modifiers":
        out.modifiers = numbers(player.modifiers);
        break;
      case "equipmentSlots":
        out.equipmentSlots = equipment(player.equipmentSlots);
        break;
      case "barrier":
        out.barrier = {
          remaining: player.barrier.remaining,
          max: player.barrier.max,
          nextReadyAt: player.barrier.nextReadyAt,
        };
        break;
      case "deathInfo":
        out.deathInfo = {
          startedAt: (player.deathInfo as NonNullable<Player["deathInfo"]>).startedAt,
          respawnAt: (player.deathInfo as NonNullable<Player["deathInfo"]>).respawnAt,
        };
        break;
      case "currentAction":
        out.currentAction = action(player.currentAction);
        break;
      case "previousAction":
        out.previousAction = action(player.previousAction as Action);
        break;
      case "currentMonsters":
        out.currentMonsters = monsters(player.currentMonsters);
        break;
      case "smithingSlots":
        out.smithingSlots = slots(player.smithingSlots);
        break;
      case "tanningSlots":
        out.tanningSlots = slots(player.tanningSlots);
        break;
      case "tailoringSlots":
        out.tailoringSlots = slots(player.tailoringSlots);
        break;
      case "tutorial":
        out.tutorial = tutorial(player.tutorial as NonNullable<Player["tutorial"]>);
        break;
      case "combat":
        out.combat = combat(player.combat);
        break;
      case "rng":
        out.rng = player.rng.slice() as Player["rng"];
        break;
      default:
        fields[key] = deepClone(v);
    }
  }
  return out;
}
