import { EQUIPMENT_SLOTS, type PlayerView, SKILL_IDS } from "@pickle-garden/shared";

const emptyLoadout = () =>
  Object.fromEntries(EQUIPMENT_SLOTS.map((s) => [s, null])) as PlayerView["equipmentSlots"]["melee"];

/** A fresh guest's view, as GET /api/user/get-user answers it; override what a test needs. */
export function playerView(overrides: Partial<PlayerView> = {}): PlayerView {
  const now = 1_700_000_000_000;
  return {
    schemaVersion: 1,
    discordId: "guest-abc123",
    username: "Guest Sprout",
    avatar: null,
    activeCharacter: "seed",
    featureFlags: { isGuest: true },
    gold: 0,
    lab: { rp: 0, earnedRpLifetime: 0, nodes: {} },
    skills: Object.fromEntries(SKILL_IDS.map((s) => [s, { level: 1, xp: 0 }])) as PlayerView["skills"],
    inventory: [
      { id: 10001, stack: 5 },
      { id: -1, stack: 0 },
    ],
    inv_size: 20,
    modifiers: {},
    equipmentSlots: { melee: emptyLoadout(), magic: emptyLoadout(), ranged: emptyLoadout() },
    health: 100,
    maxHealth: 100,
    mana: 20,
    maxMana: 20,
    barrier: { remaining: 0, max: 0, nextReadyAt: 0 },
    dead: false,
    deathInfo: null,
    currentAction: {
      skill: "none",
      location: "home",
      lastUpdate: now,
      nodeId: null,
      nodeHp: 0,
      nodeMaxHp: 0,
      nextHitAt: null,
    },
    previousAction: null,
    currentMonsters: [],
    smithingSlots: [],
    tanningSlots: [],
    tailoringSlots: [],
    tutorial: null,
    combat: {
      spellReadyAt: {},
      manaSpent: 0,
      regenAcc: { health: 0, mana: 0 },
      nextRegenAt: null,
      quit: false,
    },
    subscription_active: false,
    createdAt: now,
    settledAt: now,
    meleeSpeed: 2400,
    magicSpeed: 2400,
    rangedSpeed: 2400,
    miningSpeed: 3000,
    mycologySpeed: 3000,
    botanySpeed: 3000,
    ...overrides,
  };
}
