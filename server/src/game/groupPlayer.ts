import { type GroupPlayer, type PlayerView, placeOf } from "@pickle-garden/shared";

/**
 * The group list's view of a player (spec shell §3 Group player), from the server's own state. Sent to
 * every member a few times a second, so it is kept small: the flags the player has (an absent flag is
 * off) and no equipment (optional in the spec; the list does not show it). A fighter's progress is one
 * monster's HP, not the whole fight.
 */
export function groupPlayer(v: PlayerView): GroupPlayer {
  const gathering =
    v.currentAction.skill === "mining" ||
    v.currentAction.skill === "mycology" ||
    v.currentAction.skill === "botany";
  return {
    discordId: v.discordId,
    username: v.username,
    activeCharacter: v.activeCharacter,
    health: v.health,
    maxHealth: v.maxHealth,
    mana: v.mana,
    maxMana: v.maxMana,
    meleeSpeed: v.meleeSpeed,
    magicSpeed: v.magicSpeed,
    rangedSpeed: v.rangedSpeed,
    miningSpeed: v.miningSpeed,
    mycologySpeed: v.mycologySpeed,
    botanySpeed: v.botanySpeed,
    lab: { rp: v.lab.rp },
    featureFlags: Object.fromEntries(Object.entries(v.featureFlags).filter(([, on]) => on)),
    modifiers: v.modifiers,
    barrier: v.barrier,
    skills: v.skills,
    currentAction: {
      skill: v.currentAction.skill,
      location: v.currentAction.location,
      nodeId: v.currentAction.nodeId,
      nodeHp: v.currentAction.nodeHp,
      nodeMaxHp: v.currentAction.nodeMaxHp,
    },
    isGathering: gathering,
    fight: fightProgress(v),
  };
}

/** The first living monster of a player at a fight (as the room shares it), else null. */
function fightProgress(v: PlayerView): GroupPlayer["fight"] {
  if (placeOf(v)?.kind !== "fight") return null;
  const monster = v.currentMonsters.find((m) => m.hp > 0);
  return monster ? { monsterId: monster.id, hp: monster.hp, maxHp: monster.maxHp } : null;
}
