import { newPlayer, PlayerViewSchema } from "@pickle-garden/shared";
import { describe, expect, it } from "vitest";
import { nextEventAt } from "./nextEventAt.ts";
import { playerView, sharedRules } from "./rules.ts";

describe("the rules adapter", () => {
  it("the player view parses with PlayerViewSchema and never carries the generator state", () => {
    const view = playerView(newPlayer({ discordId: "v", username: "v", now: 1_000, seed: 1 }));
    expect(PlayerViewSchema.parse(view)).toBeTruthy();
    expect(view).not.toHaveProperty("rng");
    expect(view.miningSpeed).toBe(3000);
  });

  it("a gathering player's next event is its next hit, in the future after a settle", () => {
    const start = newPlayer({ discordId: "g", username: "g", now: 1_000, seed: 1 });
    const bought = sharedRules.buyLabNode(start, "south:mining:unlock", 1_000);
    if (!bought.ok) throw new Error(bought.message);
    const acting = sharedRules.setAction(bought.state, "mining", "garden", 1_000);
    if (!acting.ok) throw new Error(acting.message);
    expect(nextEventAt(acting.state)).toBe(acting.state.currentAction.nextHitAt);
    const later = sharedRules.advance(acting.state, 100_000).player;
    expect(nextEventAt(later)).toBeGreaterThan(100_000);
    expect(nextEventAt(start)).toBeNull();
  });
});
