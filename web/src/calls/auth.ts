import { apiUrl, http, request } from "../api/http.ts";

/** Auth.js client calls under /api/auth (spec §7): session, csrf, providers, callback/{provider}, signout. */

export interface SessionUser {
  discordId: string;
  name?: string | null;
  image?: string | null;
  email?: string | null;
}
export interface Session {
  user: SessionUser;
  expires?: string;
}

/** Auth.js answers `{}` or `null` without a session; the user carries discordId (spec §7). */
export function parseSession(data: unknown): Session | null {
  if (!data || typeof data !== "object") return null;
  const user = (data as { user?: unknown }).user;
  if (!user || typeof user !== "object") return null;
  const u = user as Record<string, unknown>;
  const discordId = [u.discordId, u.id, u.sub].find((v): v is string => typeof v === "string" && v !== "");
  if (!discordId) return null;
  const expires = (data as { expires?: unknown }).expires;
  return {
    user: {
      discordId,
      name: typeof u.name === "string" ? u.name : null,
      image: typeof u.image === "string" ? u.image : null,
      email: typeof u.email === "string" ? u.email : null,
    },
    ...(typeof expires === "string" ? { expires } : {}),
  };
}

export async function getSession(): Promise<Session | null> {
  return parseSession(await http.get("/api/auth/session", { cache: "no-store" }));
}

export async function getCsrfToken(): Promise<string> {
  const data = await http.get<{ csrfToken?: unknown }>("/api/auth/csrf", { cache: "no-store" });
  if (typeof data?.csrfToken !== "string") throw new Error("No CSRF token");
  return data.csrfToken;
}

export interface Provider {
  id: string;
  name: string;
  type: string;
  signinUrl?: string;
  callbackUrl?: string;
}
export async function getProviders(): Promise<Record<string, Provider>> {
  const data = await http.get<Record<string, Provider> | null>("/api/auth/providers", { cache: "no-store" });
  return data ?? {};
}

/** Where Auth.js says to go next; `error` is set from the url's query when sign-in failed (spec §8). */
export interface AuthResult {
  url: string | null;
  error: string | null;
}

function resultOf(data: unknown): AuthResult {
  const url = data && typeof data === "object" ? (data as { url?: unknown }).url : null;
  if (typeof url !== "string") return { url: null, error: null };
  let error: string | null = null;
  try {
    error = new URL(url, window.location.origin).searchParams.get("error");
  } catch {
    /* a relative or odd url carries no error */
  }
  return { url, error };
}

/**
 * POST a form to Auth.js. `X-Auth-Return-Redirect` makes it answer `{ url }` as JSON instead of a 302
 * (what the official client does); the session cookie arrives on that answer.
 */
async function authForm(path: string, fields: Record<string, string>): Promise<AuthResult> {
  const csrfToken = await getCsrfToken();
  const body = new URLSearchParams({ ...fields, csrfToken, json: "true" });
  const data = await request(path, { method: "POST", body, headers: { "X-Auth-Return-Redirect": "1" } });
  return resultOf(data);
}

/** Guest sign-in: the server mints or restores the guest from its signed cookie. */
export function signInAsGuest(callbackUrl = "/"): Promise<AuthResult> {
  return authForm("/api/auth/callback/guest", { callbackUrl });
}

/**
 * OAuth sign-in (Discord): Auth.js answers the provider's authorize url, which the caller opens
 * (a full navigation, or a popup when linking from settings).
 */
export function signInWithProvider(provider: string, callbackUrl: string): Promise<AuthResult> {
  return authForm(`/api/auth/signin/${encodeURIComponent(provider)}`, { callbackUrl });
}

export function signOut(callbackUrl = "/login"): Promise<AuthResult> {
  return authForm("/api/auth/signout", { callbackUrl });
}

/** For links that must be plain navigations (no fetch), e.g. the auth error page. */
export function authPageUrl(sub: "signin" | "error", query: Record<string, string> = {}): string {
  const q = new URLSearchParams(query).toString();
  return apiUrl(`/api/auth/${sub}${q ? `?${q}` : ""}`);
}
