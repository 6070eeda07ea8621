import type { OfflineSummary } from "@pickle-garden/shared";

/** An offline summary for tests: two hours of mining at the garden. */
export function summary(overrides: Partial<OfflineSummary> = {}): OfflineSummary {
  const idle = Array.from({ length: 4 }, () => ({ currentItem: null, startTime: 0, remaining: 0 }));
  return {
    awaySince: 1000,
    awayMs: 7_200_000,
    updatedInventory: [
      { id: 10001, stack: 40 },
      { id: -1, stack: 0 },
    ],
    smithingSlots: idle,
    tanningSlots: idle,
    tailoringSlots: idle,
    updatedSkills: { mining: { level: 5, xp: 700 } },
    combat: null,
    combatLoot: [],
    combatLost: 0,
    lostItems: [],
    gathering: {
      skill: "mining",
      location: "garden",
      cycles: 40,
      items: [{ id: 10001, quantity: 40 }],
      gainedXp: 160,
      totalamount: 40,
      lost: 0,
      level: 5,
      duration: 7200,
    },
    craftedItemVariants: [],
    craftingSkill: null,
    craftStoppedForInventory: false,
    gainedXp: { mining: 160, picklelogy: 160 },
    bonusXp: 0,
    gainedRp: 3.2,
    questProgress: {},
    questsReady: [],
    repeated: false,
    ...overrides,
  };
}
