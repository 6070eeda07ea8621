import { create } from "zustand";

/** Session state (spec §4 "Session"): what Auth.js says about who this browser is. */
export type SessionStatus = "loading" | "authenticated" | "unauthenticated";

export interface SessionState {
  status: SessionStatus;
  discordId: string | null;
  /** display name Auth.js knows (Discord name, or the guest's) */
  name: string | null;
  /** a Discord sign-in started from the login page is under way: no guest sign-in meanwhile */
  loginInProgress: boolean;
  /** a guest is linking to Discord from settings */
  linkInProgress: boolean;
  logoutInProgress: boolean;
  /** the automatic guest sign-in is running */
  guestSignInInProgress: boolean;
  /** the last sign-in or link failure's code: Auth.js's, or the failed call's protocol code (never a text) */
  error: string | null;
  /** "token" when the Discord activity set a bearer session token; "cookie" on the website */
  transport: "cookie" | "token";
}

export const initialSessionState: SessionState = {
  status: "loading",
  discordId: null,
  name: null,
  loginInProgress: false,
  linkInProgress: false,
  logoutInProgress: false,
  guestSignInInProgress: false,
  error: null,
  transport: "cookie",
};

export const useSessionStore = create<SessionState>()(() => ({ ...initialSessionState }));
export const sessionStore = useSessionStore;

export function setSession(patch: Partial<SessionState>): void {
  useSessionStore.setState(patch);
}

/** Guests: featureFlags.isGuest or an id beginning with guest- (spec §6). */
export function isGuestId(discordId: string | null | undefined): boolean {
  return typeof discordId === "string" && discordId.startsWith("guest-");
}

export const useSessionStatus = () => useSessionStore((s) => s.status);
export const useDiscordId = () => useSessionStore((s) => s.discordId);
