import { create } from "zustand";

/** Where and as whom HTTP and socket calls go (read by api/http.ts and api/socket.ts). */
export interface ApiState {
  /** the activity's own session token, sent as `Authorization: Bearer`; null on the website (cookies) */
  sessionToken: string | null;
  /** prefix for every call; empty (same origin) on the website and behind Discord's URL mapping */
  apiBase: string;
}

export const useApiStore = create<ApiState>()(() => ({ sessionToken: null, apiBase: "" }));
