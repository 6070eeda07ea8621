// The sensible player's days, check-in by check-in, on the real rules (advance and the intents).
import {
  advance,
  ITEMS,
  LAB_NODES,
  LOCATIONS,
  newPlayer,
  type Player,
  Rng,
  RP_PER_XP,
  SEED_TIERS,
  type SkillId,
  TIER_LEVELS,
  unlockedSlots,
} from "@pickle-garden/shared";
import {
  type Activity,
  CLASS_PATHS,
  checkIn,
  noSpending,
  type Plan,
  type SimClass,
} from "./sensiblePlayer.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// chosen: a check-in every 1 to 8 hours, drawn uniformly (the "check-ins of 1 to 8 hours")
const MIN_CHECKIN_H = 1;
const MAX_CHECKIN_H = 8;
/** A stretch of play in one skill longer than this without a level-up is a stall (§2). */
export const STALL_HOURS = 48;
/** A fight is lost when it dies more than once per this many kills: step down an area. */
const KILLS_PER_DEATH = 15;
const START = Date.UTC(2026, 0, 5); // a Monday, midnight

export interface Snapshot {
  day: number;
  gather: number;
  craft: number;
  combat: number;
  area: number;
  gearTier: number;
  labNodes: number;
  quests: number;
  gold: number;
  rp: number;
}

export interface Stall {
  skill: SkillId;
  level: number;
  hours: number;
}

/** An RP-gain node level bought: the hours of play in its skill until its extra RP paid its cost. */
export interface Payback {
  nodeId: string;
  level: number;
  cost: number;
  /** hours of play in the node's skill until paid back (null: not yet at the end of the run) */
  hours: number | null;
  /** hours of play in the skill counted so far */
  counted: number;
}

interface OpenPayback extends Payback {
  skills: SkillId[];
  value: number;
  extra: number;
}

const COMBAT_RP: readonly SkillId[] = ["melee", "magic", "ranged", "health", "intellect"];

/** The skills whose xp a `{skill}:gainRP:+` modifier multiplies (combat: every combat skill). */
function rpSkills(key: string): SkillId[] {
  const skill = key.split(":")[0]!;
  return skill === "combat" ? [...COMBAT_RP] : [skill as SkillId];
}

function openPaybacks(player: Player, bought: string[]): OpenPayback[] {
  const out: OpenPayback[] = [];
  for (const id of bought) {
    const effect = LAB_NODES[id]?.effects.find((e) => e.type === "stat" && e.key.endsWith(":gainRP:+"));
    if (effect?.type !== "stat") continue;
    const level = player.lab.nodes[id]?.level ?? 1;
    const cost = LAB_NODES[id]!.cost[level - 1] ?? 0;
    out.push({
      nodeId: id,
      level,
      cost,
      hours: null,
      counted: 0,
      skills: rpSkills(effect.key),
      value: effect.value,
      extra: 0,
    });
  }
  return out;
}

/** When a skill reached a level band: after how many hours of play in that skill, on which day. */
export interface BandTime {
  hours: number;
  day: number;
}

/**
 * What the player has opened so far (DESIGN §12's "something new"): its gathering skill's places and the combat
 * areas its level opens, its crafting skill's recipe tiers, the gear tier it wears, the lab research levels it
 * owns (each level of a node is research done).
 */
function openedThings(player: Player, path: (typeof CLASS_PATHS)[SimClass]): { all: number; places: number } {
  const places = LOCATIONS.filter(
    (l) =>
      (l.skill === path.gather && l.requiredLevel <= player.skills[path.gather].level) ||
      (l.skill === "combat" && l.requiredLevel <= player.skills[path.style].level),
  ).length;
  const recipeTiers = TIER_LEVELS.filter((l) => l <= player.skills[path.craft].level).length;
  const labLevels = Object.entries(player.lab.nodes).reduce(
    (n, [id, v]) => n + (id === "root" ? 0 : v.level),
    0,
  );
  return { all: places + recipeTiers + gearTier(player, path.style) + labLevels, places };
}

/** Kills and deaths at a combat area past level 40: in its first hours of play, and after. */
export interface FrontierFights {
  location: string;
  first: { kills: number; deaths: number };
  after: { kills: number; deaths: number };
}
/** The first hours of play at a new area count as its frontier (the gear that wins it comes after). */
export const FRONTIER_HOURS = 10;

export interface SimResult {
  clazz: SimClass;
  days: number;
  seed: number;
  /** hours of play in each path skill to reach each level band, and the day (null: not reached) */
  bands: { level: number; gather: BandTime | null; craft: BandTime | null; combat: BandTime | null }[];
  snapshots: Snapshot[];
  stalls: Stall[];
  /** check-ins of the first 60 days where nothing could be spent (no lab node, gold or quest) */
  idleCheckIns: number;
  /** check-ins of the first 60 days whose only purchase was research grants */
  grantOnlyCheckIns: number;
  /** daily quests rerolled because the path never trains their skill */
  rerolls: number;
  checkIns: number;
  /** hours spent in each activity */
  hours: Record<Activity | "idle", number>;
  /** every RP-gain node level bought, and how long it took to pay back */
  paybacks: Payback[];
  /** the longest stretch of play in the path's skills with nothing new opened, up to 99, and the day it ended */
  longestWithoutNew: { hours: number; day: number };
  /** the day the last new place (gathering place or combat area) opened */
  lastPlaceDay: number;
  /** check-ins of the first 60 days with nothing to do but fund research (no better gear either) */
  grantOnlyNothingElse: number;
  /** the fights at each combat area past level 40 the player entered */
  frontiers: FrontierFights[];
}

export const LEVEL_BANDS = [10, 20, 30, 40, 50, 60, 70, 80, 90, 99] as const;
const SNAPSHOT_DAYS = [1, 2, 3, 5, 7, 10, 14, 21, 30, 45, 60, 90, 120];

function gearTier(player: Player, style: string): number {
  const worn = Object.values(player.equipmentSlots[style as "melee"])
    .filter((e) => e !== null)
    .map((e) => ITEMS[e!.id]?.type.tier ?? 0);
  return worn.length === 7 ? Math.min(...worn) : 0;
}

function labOwned(player: Player): number {
  return Object.keys(player.lab.nodes).filter((id) => id !== "root" && (player.lab.nodes[id]?.level ?? 0) > 0)
    .length;
}

export function runSim({
  clazz,
  days,
  seed,
  only,
}: {
  clazz: SimClass;
  days: number;
  seed: number;
  /** train only this activity (the "focused play" of §2) */
  only?: Activity;
}): SimResult {
  const path = CLASS_PATHS[clazz];
  const rng = Rng.seed(seed);
  let player = newPlayer({ discordId: `sim-${clazz}-${seed}`, username: "Sim", now: START, seed });
  const bands = LEVEL_BANDS.map((level) => ({
    level,
    gather: null,
    craft: null,
    combat: null,
  })) as SimResult["bands"];
  const trained: Record<string, { hours: number; level: number }> = {};
  const stalls: Stall[] = [];
  const hours: SimResult["hours"] = { gather: 0, craft: 0, combat: 0, idle: 0 };
  const snapshots: Snapshot[] = [];
  let lostAtTier = Number.POSITIVE_INFINITY;
  let lostAtLevel = 0;
  let idleCheckIns = 0;
  let grantOnlyCheckIns = 0;
  let rerolls = 0;
  const paying: OpenPayback[] = [];
  let checkIns = 0;
  let opened = openedThings(player, path);
  let sinceNew = 0;
  const longestWithoutNew = { hours: 0, day: 0 };
  let lastPlaceDay = 0;
  let grantOnlyNothingElse = 0;
  const frontiers = new Map<string, FrontierFights & { hours: number }>();
  let now = START;
  const inSkill: Partial<Record<SkillId, number>> = {};
  const end = START + days * DAY;
  let nextSnapshot = 0;
  /** Plays `span` ms of the plan's activity: advance, then every count the report reads. */
  const play = (plan: Plan, span: number) => {
    const skill: SkillId | null =
      plan.activity === "gather"
        ? path.gather
        : plan.activity === "craft"
          ? path.craft
          : plan.activity
            ? path.style
            : null;
    const before = skill ? player.skills[skill].level : 0;
    const r = advance(player, now + span);
    player = r.player;
    now += span;
    // crafting stops when the materials run out: only the slots' busy time (spread over the open slots)
    // counts as crafting, the rest as idle
    const busy =
      plan.activity === "craft"
        ? Math.min(
            span,
            r.summary.crafted.reduce((t, c) => t + c.durationMs, 0) / unlockedSlots(player, path.craft),
          ) / HOUR
        : span / HOUR;
    if (plan.activity) hours[plan.activity] += busy;
    const maxed = [path.gather, path.craft, path.style].every((k) => player.skills[k].level >= 99);
    const nowOpened = openedThings(player, path);
    if (nowOpened.places > opened.places) lastPlaceDay = (now - START) / DAY;
    if (nowOpened.all > opened.all) sinceNew = 0;
    else if (plan.activity && !maxed) {
      sinceNew += busy;
      if (sinceNew > longestWithoutNew.hours)
        Object.assign(longestWithoutNew, { hours: sinceNew, day: (now - START) / DAY });
    }
    opened = nowOpened;
    for (const o of paying) {
      if (o.hours !== null) continue;
      const xp = o.skills.reduce((n, k) => n + (r.summary.xp[k] ?? 0), 0);
      if (xp <= 0) continue;
      o.counted += busy;
      o.extra += (xp / RP_PER_XP) * o.value;
      if (o.extra >= o.cost) o.hours = o.counted;
    }
    hours.idle += span / HOUR - (plan.activity ? busy : 0);
    if (plan.activity === "combat" && r.summary.combat) {
      const { kills, deaths } = r.summary.combat;
      const area = LOCATIONS.find((l) => l.skill === "combat" && l.id === plan.location);
      if (area && area.tier > SEED_TIERS) {
        const f = frontiers.get(area.id) ?? {
          location: area.id,
          first: { kills: 0, deaths: 0 },
          after: { kills: 0, deaths: 0 },
          hours: 0,
        };
        const part = f.hours < FRONTIER_HOURS ? f.first : f.after;
        part.kills += kills;
        part.deaths += deaths;
        f.hours += busy;
        frontiers.set(area.id, f);
      }
      if (deaths * KILLS_PER_DEATH > kills) {
        lostAtTier =
          LOCATIONS.find((l) => l.skill === "combat" && l.id === plan.location)?.tier ?? lostAtTier;
        lostAtLevel = player.skills[path.style].level;
      }
    }
    if (skill) {
      inSkill[skill] = (inSkill[skill] ?? 0) + busy;
      trained[skill] ??= { hours: 0, level: before };
      const t = trained[skill];
      if (player.skills[skill].level > t.level) {
        t.hours = 0;
        t.level = player.skills[skill].level;
      } else {
        t.hours += busy;
        const open = stalls.find((s) => s.skill === skill && s.level === t.level);
        if (t.hours > STALL_HOURS && player.skills[skill].level < 99) {
          if (open) open.hours = Math.round(t.hours);
          else stalls.push({ skill, level: t.level, hours: Math.round(t.hours) });
        }
      }
    }
    const reached = (s: SkillId, level: number): BandTime | null =>
      player.skills[s].level >= level
        ? { hours: Math.round(inSkill[s] ?? 0), day: (now - START) / DAY }
        : null;
    for (const band of bands) {
      band.gather ??= reached(path.gather, band.level);
      band.craft ??= reached(path.craft, band.level);
      band.combat ??= reached(path.style, band.level);
    }
  };

  while (now < end) {
    const spent = noSpending();
    if (player.skills[path.style].level >= lostAtLevel + 5) lostAtTier = Number.POSITIVE_INFINITY;
    let plan = checkIn(player, path, now, lostAtTier, spent, only);
    player = plan.player;
    // a short crafting queue with gear in it: the player waits for it at the screen, then chooses again
    while (plan.waitMs > 0 && now + plan.waitMs < end) {
      play(plan, plan.waitMs);
      plan = checkIn(player, path, now, lostAtTier, spent, only);
      player = plan.player;
    }
    checkIns += 1;
    paying.push(...openPaybacks(player, spent.labNodes));
    const couldSpend = spent.labNodes.length > 0 || spent.quests > 0 || spent.gold > 0;
    if (now < START + 60 * DAY && !couldSpend) idleCheckIns += 1;
    rerolls += spent.rerolls;
    const grantOnly =
      spent.grants > 0 && spent.slots + spent.rerolls + spent.labNodes.length + spent.quests === 0;
    if (now < START + 60 * DAY && grantOnly) grantOnlyCheckIns += 1;
    if (now < START + 60 * DAY && grantOnly && spent.equipped === 0) grantOnlyNothingElse += 1;
    play(plan, Math.min(end - now, (MIN_CHECKIN_H + rng.next() * (MAX_CHECKIN_H - MIN_CHECKIN_H)) * HOUR));
    while (nextSnapshot < SNAPSHOT_DAYS.length && now >= START + SNAPSHOT_DAYS[nextSnapshot]! * DAY) {
      const area = LOCATIONS.filter(
        (l) =>
          l.skill === "combat" && l.requiredLevel <= player.skills[path.style].level && l.tier < lostAtTier,
      ).length;
      snapshots.push({
        day: SNAPSHOT_DAYS[nextSnapshot]!,
        gather: player.skills[path.gather].level,
        craft: player.skills[path.craft].level,
        combat: player.skills[path.style].level,
        area,
        gearTier: gearTier(player, path.style),
        labNodes: labOwned(player),
        quests: player.quests.claimedTotal,
        gold: Math.floor(player.gold),
        rp: Math.floor(player.lab.rp),
      });
      nextSnapshot += 1;
    }
  }
  const paybacks = paying.map(({ nodeId, level, cost, hours, counted }) => ({
    nodeId,
    level,
    cost,
    hours,
    counted,
  }));
  return {
    clazz,
    days,
    seed,
    bands,
    snapshots,
    stalls,
    idleCheckIns,
    grantOnlyCheckIns,
    rerolls,
    checkIns,
    hours,
    paybacks,
    longestWithoutNew: {
      hours: Math.round(longestWithoutNew.hours),
      day: Math.round(longestWithoutNew.day * 10) / 10,
    },
    lastPlaceDay: Math.round(lastPlaceDay * 10) / 10,
    grantOnlyNothingElse,
    frontiers: [...frontiers.values()]
      .sort(
        (a, b) =>
          LOCATIONS.findIndex((l) => l.id === a.location) - LOCATIONS.findIndex((l) => l.id === b.location),
      )
      .map(({ location, first, after }) => ({ location, first, after })),
  };
}

export const LAB_NODE_COUNT = Object.keys(LAB_NODES).length - 1;
