export * from "./advanceRoom.ts";
export * from "./heldMembers.ts";
export * from "./places.ts";
export * from "./roomEntry.ts";
