import { newPlayer, type PlayerView } from "@pickle-garden/shared";

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
