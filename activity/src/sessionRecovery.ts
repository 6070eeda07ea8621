import { HandshakeError } from "./handshake.ts";

/**
 * Long sessions (a laptop asleep overnight, an activity left open for days): when the server refuses
 * the bearer session (401) or closes the socket because it ended, the activity signs in again, as at
 * launch (authorize, which Discord answers without a prompt once the player has agreed, then the token
 * exchange and authenticate), after refreshing Discord's proxy token, which may be the one that ran out.
 * The web client retries the refused call with the new token and reopens its socket. A sign-in that
 * fails, or a fresh session refused again at once, ends on the activity's failure screen with its
 * retry, never on an empty game.
 */

/** a new session refused sooner than this is not signed in again: something else is wrong */
export const SIGN_IN_AT_MOST_EVERY_MS = 30_000;

export interface RecoveryDeps {
  /** the handshake again; answers the new session token */
  signIn(): Promise<string>;
  /** Discord's proxy token, refreshed (nothing to do with the SDK's mock) */
  refreshProxy(): Promise<unknown>;
  /** the session is lost: the failure screen */
  onLost(error: HandshakeError): void;
  now?: () => number;
}

export function sessionRecovery({
  signIn,
  refreshProxy,
  onLost,
  now = Date.now,
}: RecoveryDeps): () => Promise<string | null> {
  let signedInAt = Number.NEGATIVE_INFINITY;
  return async () => {
    await refreshProxy();
    if (now() - signedInAt < SIGN_IN_AT_MOST_EVERY_MS) {
      onLost(new HandshakeError("tokenRejected", "a fresh session was refused at once"));
      return null;
    }
    try {
      const token = await signIn();
      signedInAt = now();
      return token;
    } catch (error) {
      onLost(error instanceof HandshakeError ? error : new HandshakeError("serverError", String(error)));
      return null;
    }
  };
}
