import { disconnectSocket } from "../api/socket.ts";
import * as auth from "../calls/auth.ts";
import { clearPlayer } from "../stores/playerStore.ts";
import { setSession, useSessionStore } from "../stores/sessionStore.ts";
import { control } from "./sessionControl.ts";

/** GET /api/auth/session and update the store; a changed account drops the old player. */
export function refreshSession(): Promise<void> {
  const { transport } = useSessionStore.getState();
  if (transport === "token") return Promise.resolve();
  const inFlight = control.getState().refreshing;
  if (inFlight) return inFlight;
  const refreshing = (async () => {
    try {
      const session = await auth.getSession();
      const prev = useSessionStore.getState();
      if (session) {
        if (prev.discordId && prev.discordId !== session.user.discordId) {
          // another account signed in (here or in another tab): nothing of the old one may stay
          disconnectSocket();
          clearPlayer();
        }
        setSession({
          status: "authenticated",
          discordId: session.user.discordId,
          name: session.user.name ?? null,
          error: null,
        });
      } else {
        if (prev.discordId) {
          disconnectSocket();
          clearPlayer();
        }
        setSession({ status: "unauthenticated", discordId: null, name: null });
      }
    } catch (err) {
      // CLIENT_SESSION_ERROR (spec §8): logged; the state stays as it was, or unauthenticated on first load
      console.error("CLIENT_SESSION_ERROR", err);
      if (useSessionStore.getState().status === "loading") setSession({ status: "unauthenticated" });
    } finally {
      control.setState({ refreshing: null });
    }
  })();
  control.setState({ refreshing });
  return refreshing;
}
