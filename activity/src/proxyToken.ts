import type { IDiscordSDK } from "@discord/embedded-app-sdk";
import { isInvalidCommand } from "./sdkErrors.ts";

/**
 * Discord's proxy lets the activity's requests through with a token of its own, the
 * `discord_proxy_token` cookie (a JWT whose payload says `expires_at`, in seconds), which expires while a
 * long session goes on: the proxy then refuses every call. The SDK's requestProxyTicketRefresh gives a
 * ticket, which the proxy turns into a fresh cookie on a `HEAD /?discord_proxy_ticket=…` (what newer
 * SDKs do in refreshProxyToken; 2.5 has the command only). Refreshed 15 minutes before the expiry, and
 * at once when a call is refused.
 */

export const PROXY_COOKIE = "discord_proxy_token";
export const REFRESH_BEFORE_EXPIRY_MS = 15 * 60_000;
export const REFRESH_RETRY_MS = 5 * 60_000;
/** after a refresh, the next waits at least this long (the SDK's own limit), whatever the cookie says */
export const REFRESH_AT_MOST_EVERY_MS = 60_000;

type Sdk = Pick<IDiscordSDK, "commands">;

/** The proxy token's expiry (epoch ms) from `document.cookie`, or null without one. */
export function proxyTokenExpiry(cookies: string): number | null {
  const token = cookies
    .split(";")
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${PROXY_COOKIE}=`))
    ?.slice(PROXY_COOKIE.length + 1);
  const payload = token?.split(".")[1];
  if (!payload) return null;
  try {
    const { expires_at } = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/"))) as {
      expires_at?: unknown;
    };
    return typeof expires_at === "number" ? expires_at * 1000 : null;
  } catch {
    return null;
  }
}

/** A new proxy token for this page; false when Discord gave none (an older client, a failure). */
export async function refreshProxyToken(sdk: Sdk, origin: string = window.location.origin): Promise<boolean> {
  try {
    const { ticket } = await sdk.commands.requestProxyTicketRefresh();
    if (!ticket) return false;
    const exchanged = await fetch(`${origin}/?discord_proxy_ticket=${encodeURIComponent(ticket)}`, {
      method: "HEAD",
      credentials: "include",
    });
    return exchanged.ok;
  } catch (error) {
    if (!isInvalidCommand(error)) console.warn("Discord: the proxy token could not be refreshed", error);
    return false;
  }
}

/** Refreshes the proxy token ahead of its expiry while the activity runs; returns the cleanup. */
export function keepProxyTokenFresh(
  sdk: Sdk,
  readCookies: () => string = () => document.cookie,
  now: () => number = Date.now,
): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  const schedule = (atLeast: number) => {
    const expiry = proxyTokenExpiry(readCookies());
    // no proxy cookie (the mock, or a client that keeps it to itself): nothing to watch
    if (expiry === null || stopped) return;
    timer = setTimeout(run, Math.max(atLeast, expiry - REFRESH_BEFORE_EXPIRY_MS - now()));
  };
  const run = async () => {
    const refreshed = await refreshProxyToken(sdk);
    if (stopped) return;
    if (refreshed) schedule(REFRESH_AT_MOST_EVERY_MS);
    else timer = setTimeout(run, REFRESH_RETRY_MS);
  };
  schedule(0);
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
