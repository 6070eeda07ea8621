import { isGatherSkill } from "../../data/skills.ts";
import type { PlayerView, Speeds } from "../../protocol/player.ts";
import type { GroupPlayer } from "../../protocol/rooms.ts";
import { placeOf } from "../simulation/room/places.ts";

/** A member's progress in the group list: its action with its node, whether it gathers, its fight. */
export type GroupProgress = Pick<GroupPlayer, "currentAction" | "isGathering" | "fight">;

/** What the group list reads of a player: its document's fields (a view has them too), without the speeds. */
export type GroupSource = Pick<
  PlayerView,
  | "discordId"
  | "username"
  | "avatar"
  | "activeCharacter"
  | "health"
  | "maxHealth"
  | "mana"
  | "maxMana"
  | "lab"
  | "featureFlags"
  | "modifiers"
  | "barrier"
  | "skills"
> &
  ProgressSource;

/**
 * The group list's view of a player (spec shell §3 Group player), from the server's own state: its
 * document (or view) and its speeds. Sent to every member a few times a second, so it is kept small: the
 * flags the player has (an absent flag is off) and no equipment (optional in the spec; the list does not
 * show it). A fighter's progress is one monster's HP, not the whole fight. `away`: the player has no
 * socket open (its room waits out the grace period before it leaves).
 */
export function groupPlayer(v: GroupSource, speeds: Speeds, away: boolean): GroupPlayer {
  const progress = groupProgress(v);
  // field by field, not a spread of the progress: one shape for every member, built a few times a second
  return {
    discordId: v.discordId,
    username: v.username,
    avatar: v.avatar,
    away,
    activeCharacter: v.activeCharacter,
    health: v.health,
    maxHealth: v.maxHealth,
    mana: v.mana,
    maxMana: v.maxMana,
    meleeSpeed: speeds.meleeSpeed,
    magicSpeed: speeds.magicSpeed,
    rangedSpeed: speeds.rangedSpeed,
    miningSpeed: speeds.miningSpeed,
    mycologySpeed: speeds.mycologySpeed,
    botanySpeed: speeds.botanySpeed,
    lab: { rp: v.lab.rp },
    featureFlags: flagsOn(v.featureFlags),
    modifiers: v.modifiers,
    barrier: v.barrier,
    skills: v.skills,
    currentAction: progress.currentAction,
    isGathering: progress.isGathering,
    fight: progress.fight,
  };
}

/** The flags a player has, remembered per flags object (a settle keeps the object while they stay). */
const flagsOnOf = new WeakMap<PlayerView["featureFlags"], PlayerView["featureFlags"]>();

function flagsOn(flags: PlayerView["featureFlags"]): PlayerView["featureFlags"] {
  let on = flagsOnOf.get(flags);
  if (!on) {
    on = Object.fromEntries(Object.entries(flags).filter(([, value]) => value));
    flagsOnOf.set(flags, on);
  }
  return on;
}

/** What a player's progress reads of its view. */
export type ProgressSource = Pick<
  PlayerView,
  "currentAction" | "currentMonsters" | "featureFlags" | "combat"
>;

/** A player's progress as the group list shows it (a client reads its own from its own view). */
export function groupProgress(v: ProgressSource): GroupProgress {
  const { skill, location, nodeId, nodeHp, nodeMaxHp } = v.currentAction;
  return {
    currentAction: { skill, location, nodeId, nodeHp, nodeMaxHp },
    isGathering: isGatherSkill(skill),
    fight: fightProgress(v),
  };
}

/** The first living monster of a player at a fight (as the room shares it), else null. */
function fightProgress(v: ProgressSource): GroupPlayer["fight"] {
  if (placeOf(v)?.kind !== "fight") return null;
  const monster = v.currentMonsters.find((m) => m.hp > 0);
  return monster ? { monsterId: monster.id, hp: monster.hp, maxHp: monster.maxHp } : null;
}

/**
 * Where a member's progress comes from: its gathering place or its fight, null when it shows none. Members
 * at one place share its node or monsters (docs/rooms.md), so a member's progress at the reader's own
 * place is the reader's own: groupUpdate leaves it out (groupChange) and the client shows its own
 * (withOwnProgress).
 */
export function groupPlace(p: GroupProgress): string | null {
  if (p.fight !== null) return `combat@${p.currentAction.location}`;
  if (p.isGathering) return `${p.currentAction.skill}@${p.currentAction.location}`;
  return null;
}

/** A member as the reader shows it: at the reader's place (`own`, from its own view), with that progress. */
export function withOwnProgress<P extends GroupProgress>(member: P, own: GroupProgress | null): P {
  const place = groupPlace(member);
  if (own === null || place === null || place !== groupPlace(own)) return member;
  const { nodeId, nodeHp, nodeMaxHp } = own.currentAction;
  return {
    ...member,
    currentAction: { ...member.currentAction, nodeId, nodeHp, nodeMaxHp },
    fight: own.fight,
  };
}
