import { newPlayer, type PlayerView } from "@pickle-garden/shared";
import { setPlayer } from "../src/stores/playerStore.ts";

/** A fresh player's view for component tests, with overrides; also put in the player store. */
export function testPlayer(overrides: Partial<PlayerView> = {}, now = 1_000_000): PlayerView {
  const { rng: _rng, ...rest } = newPlayer({
    discordId: "guest-test",
    username: "Guest Sprout",
    now,
    seed: 1,
  });
  const view: PlayerView = {
    ...rest,
    meleeSpeed: 3000,
    magicSpeed: 3000,
    rangedSpeed: 3000,
    miningSpeed: 3000,
    mycologySpeed: 3000,
    botanySpeed: 3000,
    ...overrides,
  };
  setPlayer(view);
  return view;
}

/** A JSON answer for a mocked fetch. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}
