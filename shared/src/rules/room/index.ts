export * from "./advanceRoom.ts";
export * from "./places.ts";
