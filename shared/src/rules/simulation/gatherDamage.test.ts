import { describe, expect, it } from "vitest";
import { deepFreeze, withNodes } from "../../../testing/players.ts";
import type { Player } from "../../protocol/player.ts";
import { newPlayer } from "../state/newPlayer.ts";
import { actionTimeMs, gatherDamage } from "./gatherDamage.ts";

const newcomer = () => deepFreeze(newPlayer({ discordId: "g", username: "g", now: 0, seed: 1 }));
const atLevel = (player: Player, level: number): Player => ({
  ...player,
  skills: { ...player.skills, mining: { level, xp: 0 } },
});

describe("gather damage and action time", () => {
  it("deals 2 + 1.5 × level", () => {
    const p = newcomer();
    expect(gatherDamage(p, "mining")).toBe(3.5);
    expect(gatherDamage(atLevel(p, 10), "mining")).toBe(17);
    expect(gatherDamage(atLevel(p, 99), "mining")).toBe(150.5);
    expect(gatherDamage({ ...p, modifiers: { "mining:damage:+": -100 } }, "mining")).toBe(1); // at least 1
  });

  it("adds the lab's {skill}:damage:+ and gear's {skill}_damage", () => {
    const p = newcomer();
    const q = withNodes(p, ["south:mining:unlock", "south:mining:damage-5", "south:mining:damage-5"]);
    expect(gatherDamage(q, "mining")).toBe(13.5);
    const geared: Player = {
      ...q,
      activeCharacter: "warrior",
      equipmentSlots: {
        ...q.equipmentSlots,
        melee: {
          ...q.equipmentSlots.melee,
          head: {
            id: 30101,
            stack: 1,
            affixes: [{ id: "x", tier: 1, stats: { mining_damage: 4, mining_speed_pct: 5 } }],
          },
        },
      },
    };
    expect(gatherDamage(geared, "mining")).toBe(17.5);
    expect(actionTimeMs(geared, "mining")).toBe(Math.round(3000 / 1.05));
  });

  it("takes 3 s by default, divided by multiplicative speed factors, at least 100 ms", () => {
    const p = newcomer();
    expect(actionTimeMs(p, "mining")).toBe(3000);
    const q = withNodes(p, ["south:mining:unlock", "south:mining:speed-1", "south:mining:speed-2"]);
    expect(actionTimeMs(q, "mining")).toBe(Math.round(3000 / (1.01 * 1.02)));
    expect(actionTimeMs({ ...p, modifiers: { "mining:speed:+": 1000 } }, "mining")).toBe(100);
  });
});
