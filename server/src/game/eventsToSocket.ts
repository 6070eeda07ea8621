import type { GameEvent } from "@pickle-garden/shared";
import { gameEvents } from "../metrics.ts";
import type { GameTransport } from "./GameService.ts";

/**
 * Turns the rules' events into the socket events of spec shell §7 for one player (room
 * `player:<discordId>`). Events without a socket counterpart (spawns, tutorial steps, action changes)
 * reach the client through the playerState push that follows every change.
 */
export function pushEvents(transport: GameTransport, playerId: string, events: readonly GameEvent[]): void {
  for (const e of events) {
    gameEvents.inc({ type: e.type });
    switch (e.type) {
      case "xpUpdate":
        transport.emit(playerId, "xpUpdate", {
          playerId,
          skill: e.skill,
          delta: e.delta,
          xp: e.xp,
          level: e.level,
          rpGain: e.rpGain,
          picklelogyGain: e.picklelogyGain,
        });
        break;
      case "gatheringUpdate":
        transport.emit(playerId, "gatheringUpdate", {
          skill: e.skill,
          playerId,
          ...(e.nodeId !== null ? { nodeId: e.nodeId } : {}),
          reward: e.reward,
          lost: e.lost,
        });
        break;
      case "gatheringNode":
        transport.emit(playerId, "gatheringNode", {
          nodeId: e.nodeId,
          nodeHp: e.nodeHp,
          nodeMaxHp: e.nodeMaxHp,
          at: e.at,
        });
        break;
      case "craftProgress":
        transport.emit(playerId, "craftUpdate", {
          skill: e.skill,
          slotId: e.slotId,
          itemId: e.itemId,
          remaining: e.remaining,
          kind: "progress",
        });
        break;
      case "crafted":
        transport.emit(playerId, "craftUpdate", {
          skill: e.skill,
          slotId: e.slotId,
          itemId: e.itemId,
          remaining: e.remaining,
          message: e.message,
          kind: "crafted",
          quantity: e.quantity,
          xp: e.xp,
        });
        break;
      case "craftStopped":
        transport.emit(playerId, "craftUpdate", {
          skill: e.skill,
          slotId: e.slotId,
          itemId: e.itemId,
          remaining: e.remaining,
          message: e.message,
          kind: "stopped",
          reason: e.reason,
          ...(e.next !== undefined ? { next: e.next } : {}),
        });
        break;
      case "inventoryMessage":
        transport.emit(playerId, "popup", { type: "info", text: e.message, playerId });
        break;
      case "monsterAttack":
        transport.emit(playerId, "monsterAttack", {
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
        break;
      case "monsterLoot":
        transport.emit(playerId, "monsterLoot", {
          playerId,
          monsterId: e.monsterId,
          uid: e.uid,
          items: [e.item],
        });
        break;
      case "playerDeath":
        transport.emit(playerId, "playerDeath", { playerId, respawnAt: e.respawnAt });
        break;
      case "deathCountdown":
        transport.emit(playerId, "deathCountdown", { playerId, secondsLeft: e.secondsLeft });
        break;
      case "playerRevived":
        transport.emit(playerId, "playerRevived", { playerId, health: e.health, mana: e.mana });
        break;
      case "combatPopup":
        transport.emit(playerId, "popup", {
          type: e.popup,
          value: e.amount,
          target: e.target.kind === "player" ? "player" : e.target.uid,
          playerId,
        });
        break;
      case "spellCast":
        transport.emit(playerId, "popup", { type: "info", text: e.message, playerId });
        break;
      default:
        break;
    }
  }
}

/** The reward an event granted, keyed by node or monster, for send-item to report. */
export function rewardKey(e: GameEvent): { key: string; reward: { id: number; stack: number } } | null {
  if (e.type === "gatheringUpdate" && e.nodeId !== null) return { key: `node:${e.nodeId}`, reward: e.reward };
  if (e.type === "monsterLoot")
    return { key: `monster:${e.monsterId}`, reward: { id: e.item.id, stack: e.item.quantity } };
  return null;
}
