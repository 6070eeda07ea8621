import { describe, expect, it } from "vitest";
import { fighter } from "../../../testing/fighters.ts";
import { PlayerViewSchema } from "../../protocol/player.ts";
import { newPlayer } from "../state/newPlayer.ts";
import { playerView, speedsOf } from "./playerView.ts";

describe("playerView", () => {
  it("the player view parses with PlayerViewSchema and never carries the generator state", () => {
    const view = playerView(newPlayer({ discordId: "v", username: "v", now: 1_000, seed: 1 }));
    expect(PlayerViewSchema.parse(view)).toBeTruthy();
    expect(view).not.toHaveProperty("rng");
    expect(view.miningSpeed).toBe(3000);
  });

  it("the speeds come last, as speedsOf gives them", () => {
    const p = fighter({ location: "aphid_nest", seed: 1, level: 10, character: "mage" });
    const view = playerView(p);
    expect(view.magicSpeed).toBe(speedsOf(p).magicSpeed);
    expect(Object.keys(view).slice(-6)).toEqual([
      "meleeSpeed",
      "magicSpeed",
      "rangedSpeed",
      "miningSpeed",
      "mycologySpeed",
      "botanySpeed",
    ]);
  });

  it("each gathering skill's speed reads its own lab speed-up", () => {
    const p = newPlayer({ discordId: "v", username: "v", now: 0, seed: 1 });
    const fast = {
      ...p,
      modifiers: { ...p.modifiers, "mining:speed:+": 2, "mycology:speed:+": 1.5, "botany:speed:+": 1.25 },
    };
    expect(speedsOf(fast)).toMatchObject({ miningSpeed: 1500, mycologySpeed: 2000, botanySpeed: 2400 });
  });

  it("each combat style's speed reads its own lab speed-up", () => {
    const p = newPlayer({ discordId: "v", username: "v", now: 0, seed: 1 });
    const fast = { ...p, modifiers: { ...p.modifiers, "magic:speed:+": 2, "ranged:speed:+": 1.25 } };
    expect(speedsOf(fast)).toMatchObject({ meleeSpeed: 3000, magicSpeed: 1500, rangedSpeed: 2400 });
  });
});
