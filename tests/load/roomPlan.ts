/** The load test's rooms (tests/load/load.ts): players in rooms of five, every other room fighting. */
export const ROOM_SIZE = 5;

export const roomOf = (i: number) => `load-${Math.floor(i / ROOM_SIZE)}`;

export const isFighter = (i: number) => Math.floor(i / ROOM_SIZE) % 2 === 1;

/** What player i does once its room is full: fight aphids or mine at the garden. */
export const actionOf = (i: number) =>
  isFighter(i) ? { skill: "combat", location: "aphid_nest" } : { skill: "mining", location: "garden" };
