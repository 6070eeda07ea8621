export * from "./advanceRoom.ts";
export * from "./castSpellInRoom.ts";
export * from "./groupChange.ts";
export * from "./groupPlayer.ts";
export * from "./memberLabels.ts";
export * from "./memberStatus.ts";
export * from "./places.ts";
export * from "./roomEntry.ts";
