import { create } from "zustand";
import type { Participant } from "./roster.ts";

/** What the activity knows from Discord: layout, participants, whether inviting is allowed. */

/**
 * Invite is offered everywhere (a guild channel, a DM, an instance without a channel) until Discord's
 * invite dialog refuses (no CREATE_INSTANT_INVITE, a channel that takes no invites) or an older client
 * does not know the command: then the button gives way to a line saying so.
 */
export type InviteState = "offered" | "refused" | "unsupported";

export const LAYOUT = { focused: 0, pip: 1, grid: 2 } as const;

export interface ActivityState {
  /** Discord's layout mode: 0 focused, 1 picture-in-picture, 2 grid (ACTIVITY_LAYOUT_MODE_UPDATE) */
  layoutMode: number;
  participants: Participant[];
  invite: InviteState;
  /** the instance's room, granted at sign-in */
  roomId: string | null;
  /** Discord's CDN serves avatars (false with the SDK mock: nothing is fetched from outside) */
  cdn: boolean;
  /** the signed-in player's Discord id */
  selfId: string | null;
}

export const useActivityStore = create<ActivityState>()(() => ({
  layoutMode: LAYOUT.focused,
  participants: [],
  invite: "offered",
  roomId: null,
  cdn: false,
  selfId: null,
}));

/** Picture-in-picture and grid show the compact view; focused (and anything unknown) the full app. */
export const isCompact = (layoutMode: number) => layoutMode === LAYOUT.pip || layoutMode === LAYOUT.grid;
