import { type ChatMessageOut, type GroupPlayer, newPlayer, type PlayerView } from "@pickle-garden/shared";

/**
 * A fresh guest's view, as GET /api/user/get-user answers it (the shared newPlayer rule without its
 * generator state, which never leaves the server), holding 5 Dirt; override what a test needs.
 */
export function playerView(overrides: Partial<PlayerView> = {}): PlayerView {
  const { rng: _rng, ...fresh } = newPlayer({
    discordId: "guest-abc123",
    username: "Guest Sprout",
    now: 1_700_000_000_000,
    seed: 1,
  });
  fresh.inventory[0] = { id: 10001, stack: 5 };
  return {
    ...fresh,
    meleeSpeed: 2400,
    magicSpeed: 2400,
    rangedSpeed: 2400,
    miningSpeed: 3000,
    mycologySpeed: 3000,
    botanySpeed: 3000,
    ...overrides,
  };
}

/** A room member as the server's groupUpdate describes it: mining at the garden, its node at 12/30 HP. */
export function groupMember(
  discordId: string,
  username: string,
  action: Partial<GroupPlayer["currentAction"]> = {},
): GroupPlayer {
  const p = playerView({ discordId, username });
  return {
    discordId,
    username,
    avatar: null,
    away: false,
    activeCharacter: p.activeCharacter,
    health: 80,
    maxHealth: p.maxHealth,
    mana: p.mana,
    maxMana: p.maxMana,
    lab: { rp: 0 },
    featureFlags: {},
    modifiers: {},
    barrier: p.barrier,
    skills: p.skills,
    currentAction: { skill: "mining", location: "garden", nodeId: 1, nodeHp: 12, nodeMaxHp: 30, ...action },
    isGathering: (action.skill ?? "mining") === "mining",
    fight: null,
  };
}

/** A line of the logs channel as the server pushes it: its structured `log`, no text. */
export function logsLine(log: ChatMessageOut["log"], timestamp = Date.now()): ChatMessageOut {
  return { username: "Alice", type: "logs", timestamp, discordId: "a", log };
}

/** The logs line of a smithing slot 1 that stopped crafting Dirt Bricks. */
export function craftStoppedLine(reason: "cancelled" | "finished", remaining: number): ChatMessageOut {
  const log = { kind: "craft", craft: "stopped", skill: "smithing", slotId: 0, itemId: 20001 } as const;
  return logsLine({ ...log, remaining, reason });
}
