import type { GameEvent, ServerToClientEvents } from "@pickle-garden/shared";

export type SocketEvent = {
  [E in keyof ServerToClientEvents]: [E, Parameters<ServerToClientEvents[E]>[0]];
}[keyof ServerToClientEvents];

const socketEvent = <E extends keyof ServerToClientEvents>(
  event: E,
  payload: Parameters<ServerToClientEvents[E]>[0],
): SocketEvent => [event, payload] as SocketEvent;

type CraftEvent = Extract<GameEvent, { type: "craftProgress" | "crafted" | "craftStopped" }>;
type CraftUpdate = Parameters<ServerToClientEvents["craftUpdate"]>[0];

/** craftUpdate: the slot's fields every craft event has, then what its kind adds. */
const craftUpdate = (
  e: CraftEvent,
  rest: Omit<CraftUpdate, "skill" | "slotId" | "itemId" | "remaining">,
): SocketEvent =>
  socketEvent("craftUpdate", {
    skill: e.skill,
    slotId: e.slotId,
    itemId: e.itemId,
    remaining: e.remaining,
    ...rest,
  });

/**
 * A player's rules event as the socket event of spec shell §7 (name and payload) it becomes, or null when
 * it has none: what such events change reaches the client in the playerPatch that follows (publish).
 */
export function socketEventOf(playerId: string, e: GameEvent): SocketEvent | null {
  switch (e.type) {
    case "xpUpdate":
      return socketEvent("xpUpdate", {
        playerId,
        skill: e.skill,
        delta: e.delta,
        xp: e.xp,
        level: e.level,
        rpGain: e.rpGain,
        picklelogyGain: e.picklelogyGain,
        ...(e.bonus ? { bonus: e.bonus } : {}),
      });
    case "gatheringUpdate":
      return socketEvent("gatheringUpdate", {
        skill: e.skill,
        playerId,
        ...(e.nodeId !== null ? { nodeId: e.nodeId } : {}),
        reward: e.reward,
        lost: e.lost,
      });
    case "gatheringNode":
      return socketEvent("gatheringNode", {
        nodeId: e.nodeId,
        nodeHp: e.nodeHp,
        nodeMaxHp: e.nodeMaxHp,
        at: e.at,
        ...(e.by !== undefined ? { playerId: e.by } : {}),
      });
    case "craftProgress":
      return craftUpdate(e, { kind: "progress" });
    case "crafted":
      return craftUpdate(e, { kind: "crafted", quantity: e.quantity, xp: e.xp });
    case "craftStopped":
      return craftUpdate(e, {
        kind: "stopped",
        reason: e.reason,
        ...(e.next !== undefined ? { next: e.next } : {}),
      });
    case "inventoryMessage":
      return socketEvent("popup", { type: "info", itemId: e.itemId, code: e.code, value: e.lost, playerId });
    case "monsterAttack":
      return socketEvent("monsterAttack", {
        playerId,
        at: e.at,
        monsterId: e.monsterId,
        uid: e.uid,
        damage: e.damage,
        health: e.health,
        dodged: e.dodged,
        blocked: e.blocked,
        absorbed: e.absorbed,
      });
    case "monsterLoot":
      return socketEvent("monsterLoot", {
        playerId,
        monsterId: e.monsterId,
        uid: e.uid,
        items: [e.item],
      });
    case "playerDeath":
      return socketEvent("playerDeath", { playerId, respawnAt: e.respawnAt });
    case "deathCountdown":
      return socketEvent("deathCountdown", { playerId, secondsLeft: e.secondsLeft });
    case "playerRevived":
      return socketEvent("playerRevived", { playerId, health: e.health, mana: e.mana });
    case "combatPopup":
      return socketEvent("popup", {
        type: e.popup,
        value: e.amount,
        target: e.target.kind === "player" ? "player" : e.target.uid,
        playerId,
      });
    case "spellCast":
      return socketEvent("popup", { type: "info", spellId: e.spellId, playerId });
    default:
      return null;
  }
}

/** The reward an event granted, keyed by node or monster, for send-item to report. */
export function rewardKey(e: GameEvent): { key: string; reward: { id: number; stack: number } } | null {
  if (e.type === "gatheringUpdate" && e.nodeId !== null) return { key: `node:${e.nodeId}`, reward: e.reward };
  if (e.type === "monsterLoot")
    return { key: `monster:${e.monsterId}`, reward: { id: e.item.id, stack: e.item.quantity } };
  return null;
}
