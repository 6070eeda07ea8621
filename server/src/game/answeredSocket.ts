import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The caller's socket while an HTTP call it applies the answer of runs (ANSWERED_SOCKET_HEADER, set by
 * http/handle.ts): the command's change is pushed to that socket without what the answer carries. Timers
 * started during the call inherit it; what they run later (a room's wake, a grace period's leave)
 * answers no view field, so their changes still go to that socket whole.
 */
export const answeredSocket = new AsyncLocalStorage<string>();

/** The answer of a command run for that socket, with the socket. */
export interface Answered {
  socket: string;
  answer: unknown;
}
