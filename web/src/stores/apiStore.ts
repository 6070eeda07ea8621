import { create } from "zustand";

/** Where and as whom HTTP and socket calls go (read by api/http.ts and api/socket.ts). */
export interface ApiState {
  /** the activity's own session token, sent as `Authorization: Bearer`; null on the website (cookies) */
  sessionToken: string | null;
  /** prefix for every call; empty (same origin) on the website and behind Discord's URL mapping */
  apiBase: string;
  /**
   * The activity's way back when the server refuses its bearer session (401: expired, or Discord's proxy
   * token ran out): signs in again and answers the new session token, or null. None on the website.
   */
  recover: (() => Promise<string | null>) | null;
  /** the recovery under way, which every refused call waits for */
  recovering: Promise<string | null> | null;
}

export const useApiStore = create<ApiState>()(() => ({
  sessionToken: null,
  apiBase: "",
  recover: null,
  recovering: null,
}));
