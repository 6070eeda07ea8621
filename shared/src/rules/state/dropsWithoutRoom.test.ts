import { describe, expect, it } from "vitest";
import { addItems } from "./addItems.ts";
import { dropsWithoutRoom } from "./dropsWithoutRoom.ts";
import { newPlayer } from "./newPlayer.ts";

const DIRT = 10001; // the garden's usual node
const CLAY = 10002; // the garden's second node, 5 in 100
const newGardener = () => newPlayer({ discordId: "d", username: "d", now: 0, seed: 1 });

describe("dropsWithoutRoom", () => {
  it("is empty while the garden's drops fit; with no free slot, a Dirt stack not full still takes Dirt", () => {
    const player = newGardener();
    expect(dropsWithoutRoom(player, "mining", "garden")).toEqual([]);
    const slots = player.inv_size;
    const almost = addItems(player, [
      { id: DIRT, quantity: 499 },
      ...Array.from({ length: slots - 1 }, (_, i) => ({
        id: 30101,
        quantity: 1,
        affixes: [{ id: "dodge", tier: 1, stats: { dodge_pct: i } }],
      })),
    ]).player;
    expect(dropsWithoutRoom(almost, "mining", "garden")).toEqual([CLAY]);
  });

  it("names Dirt and Clay once every slot holds another kind (a stack never fills)", () => {
    const player = newGardener();
    const dirtEverywhere = addItems(player, [{ id: DIRT, quantity: 500 * player.inv_size }]).player;
    expect(dropsWithoutRoom(dirtEverywhere, "mining", "garden")).toEqual([]);
    const full = { ...player, inventory: player.inventory.map((_, i) => ({ id: 100 + i, stack: 1 })) };
    expect(dropsWithoutRoom(full, "mining", "garden")).toEqual([DIRT, CLAY]);
    expect(dropsWithoutRoom(full, "mining", "nowhere")).toEqual([]);
  });
});
