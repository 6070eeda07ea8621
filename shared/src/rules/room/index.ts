export * from "./advanceRoom.ts";
export * from "./castSpellInRoom.ts";
export * from "./places.ts";
