import type { PlayerPatch, PlayerView } from "../protocol/player.ts";
import type { ServerEventName, ServerEventPayload } from "../protocol/socket.ts";

/**
 * What a player's own socket events say about its view, applied to it. The client applies its events
 * with it; the server's publisher predicts the client's view with it and sends, as a playerPatch, only
 * what the events left out. Pure; unchanged fields keep their objects. Returns the view itself when the
 * event says nothing about it (another player's event, or one with nothing to apply).
 */
export function applyViewEvent<E extends ServerEventName>(
  view: PlayerView,
  event: E,
  payload: ServerEventPayload<E>,
): PlayerView {
  const apply = APPLY[event] as ((v: PlayerView, p: ServerEventPayload<E>) => PlayerView) | undefined;
  return apply ? apply(view, payload) : view;
}

const mine = (view: PlayerView, playerId: string | undefined) =>
  playerId === undefined || playerId === view.discordId;

const APPLY: { [E in ServerEventName]?: (view: PlayerView, p: ServerEventPayload<E>) => PlayerView } = {
  playerState: (_view, p) => p,
  playerPatch: (view, p) => ({ ...view, ...p }),
  xpUpdate: (view, e) =>
    mine(view, e.playerId)
      ? { ...view, skills: { ...view.skills, [e.skill]: { xp: e.xp, level: e.level } } }
      : view,
  gatheringNode: (view, e) => ({
    ...view,
    currentAction: { ...view.currentAction, nodeId: e.nodeId, nodeHp: e.nodeHp, nodeMaxHp: e.nodeMaxHp },
  }),
  monsterAttack: (view, e) =>
    mine(view, e.playerId) ? { ...view, health: e.health, maxHealth: e.maxHealth ?? view.maxHealth } : view,
  playerDeath: (view, e) => (mine(view, e.playerId) ? { ...view, dead: true, health: 0 } : view),
  playerRevived: (view, e) =>
    mine(view, e.playerId)
      ? {
          ...view,
          dead: false,
          deathInfo: null,
          health: e.health ?? view.maxHealth,
          mana: e.mana ?? view.maxMana,
        }
      : view,
};

/**
 * The top-level fields of `next` that differ from `known` (compared by identity first, then by value),
 * leaving out `settledAt`, which no client shows. Empty when the client's view is already right.
 */
export function viewPatch(known: PlayerView, next: PlayerView): PlayerPatch {
  const patch: Record<string, unknown> = {};
  const a = known as unknown as Record<string, unknown>;
  const b = next as unknown as Record<string, unknown>;
  for (const key in b) {
    if (key === "settledAt") continue;
    const v = b[key];
    if (v !== a[key] && !sameValue(a[key], v)) patch[key] = v;
  }
  return patch as PlayerPatch;
}

function sameValue(x: unknown, y: unknown): boolean {
  if (x === y) return true;
  if (typeof x !== "object" || typeof y !== "object" || x === null || y === null) return Object.is(x, y);
  if (Array.isArray(x) !== Array.isArray(y)) return false;
  const kx = Object.keys(x);
  const ky = Object.keys(y);
  if (kx.length !== ky.length) return false;
  const rx = x as Record<string, unknown>;
  const ry = y as Record<string, unknown>;
  for (const k of kx) if (!(k in ry) || !sameValue(rx[k], ry[k])) return false;
  return true;
}
