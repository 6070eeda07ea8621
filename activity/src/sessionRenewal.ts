import type { SessionTokenAnswer } from "@pickle-garden/shared";

/**
 * Keeps the bearer session fresh while the activity is open: renews halfway to expiry (at most every
 * 12 h), through POST /api/account/session-token, which keeps the instance grant. A renewal the network
 * failed is tried again a minute later (a refused session is the web client's to recover, by signing in
 * again: sessionRecovery.ts); the socket reads the current token on every reconnect.
 */

export const RENEW_AT_MOST_EVERY_MS = 12 * 3600_000;
export const RENEW_RETRY_MS = 60_000;

export function keepSessionFresh(
  expiresAt: number,
  renew: () => Promise<SessionTokenAnswer>,
  apply: (sessionToken: string) => void,
): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  const schedule = (at: number) => {
    const delay = Math.min(RENEW_AT_MOST_EVERY_MS, Math.max(RENEW_RETRY_MS, (at - Date.now()) / 2));
    timer = setTimeout(run, delay);
  };
  const run = async () => {
    try {
      const answer = await renew();
      if (stopped) return;
      apply(answer.sessionToken);
      schedule(answer.expiresAt);
    } catch (error) {
      if (stopped) return;
      console.warn("session renewal failed; trying again shortly", error);
      timer = setTimeout(run, RENEW_RETRY_MS);
    }
  };
  schedule(expiresAt);
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
