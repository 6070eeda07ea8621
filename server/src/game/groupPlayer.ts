import type { GroupPlayer, PlayerView } from "@pickle-garden/shared";

/** The group list's view of a player (spec shell §3 Group player), from the server's own state. */
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
    featureFlags: v.featureFlags,
    modifiers: v.modifiers,
    barrier: v.barrier,
    skills: v.skills,
    equipmentSlots: v.equipmentSlots,
    currentAction: {
      skill: v.currentAction.skill,
      location: v.currentAction.location,
      nodeId: v.currentAction.nodeId,
      nodeHp: v.currentAction.nodeHp,
      nodeMaxHp: v.currentAction.nodeMaxHp,
    },
    isGathering: gathering,
  };
}
