import type { IDiscordSDK } from "@discord/embedded-app-sdk";
import {
  type ActivityConfig,
  ActivityConfigSchema,
  SessionTokenAnswerSchema,
  TokenAnswerSchema,
} from "@pickle-garden/shared";
import {
  ApiError,
  actionPlace,
  http,
  i18n,
  safeSessionStorage,
  setSessionRecovery,
  setSessionToken,
  usePlayerStore,
  useRoomStore,
} from "@pickle-garden/web";
import { create } from "zustand";
import { useActivityStore } from "./activityStore.ts";
import { followLayout, followParticipants, lockPortraitOnPhones } from "./discordFeatures.ts";
import { type ActivitySession, HandshakeError, type HandshakeStep, handshake } from "./handshake.ts";
import { enterInstanceRoom, reportDepartures } from "./instanceRoom.ts";
import { mockUserFrom } from "./mockUser.ts";
import { PresenceSender, presenceActivity } from "./presence.ts";
import { keepProxyTokenFresh, refreshProxyToken } from "./proxyToken.ts";
import { discordSdk, isDiscordLaunch, launchPlatform, mockSdk } from "./sdk.ts";
import { sessionRecovery } from "./sessionRecovery.ts";
import { keepSessionFresh } from "./sessionRenewal.ts";

/**
 * The activity's life: choose the SDK (Discord's, or the mock outside Discord), sign in, then run the
 * Discord side of the game (participants, layout, presence, session renewal and recovery, the
 * instance's room) until the page goes.
 */

export interface Launch {
  sdk: IDiscordSDK;
  mock: boolean;
}

/** The page's SDK, made once (a retry reuses it). */
const useLaunchStore = create<{ launched: Launch | null }>()(() => ({ launched: null }));

function launchedWith(launch: Launch): Launch {
  useLaunchStore.setState({ launched: launch });
  return launch;
}

/**
 * The SDK for this page, made once (a retry reuses it). Discord's needs the public client id, read from
 * the server (GET /api/token/config) so it is configured in one place, DISCORD_CLIENT_ID.
 */
export async function launchSdk(): Promise<Launch> {
  const { launched } = useLaunchStore.getState();
  if (launched) return launched;
  if (!isDiscordLaunch(window.location.search)) {
    const { search } = window.location;
    const sdk = mockSdk(mockUserFrom(search, safeSessionStorage), launchPlatform(search));
    // development and tests drive Discord's side from the console: pgDiscordMock.emitEvent(…)
    (window as { pgDiscordMock?: unknown }).pgDiscordMock = sdk;
    return launchedWith({ sdk, mock: true });
  }
  let config: ActivityConfig;
  try {
    config = await http.get("/api/token/config", { schema: ActivityConfigSchema, cache: "no-store" });
  } catch (error) {
    const unreachable = error instanceof ApiError && error.status === 0;
    throw new HandshakeError(
      unreachable ? "serverUnreachable" : "serverError",
      error instanceof Error ? error.message : String(error),
    );
  }
  if (!config.clientId) throw new HandshakeError("notConfigured", "DISCORD_CLIENT_ID is not set");
  return launchedWith({ sdk: discordSdk(config.clientId), mock: false });
}

export async function signIn(
  launch: Launch,
  onStep: (step: HandshakeStep) => void,
): Promise<ActivitySession> {
  const session = await handshake({
    sdk: launch.sdk,
    // never with the session being replaced, and never waiting for its own recovery
    exchange: (body) => http.post("/api/token", body, { schema: TokenAnswerSchema, anonymous: true }),
    onStep,
  });
  // the instance's room is the player's room before the game starts
  if (session.roomId) enterInstanceRoom(session.roomId);
  return session;
}

/**
 * Everything that runs while the activity is open; returns the cleanup. `onLost`: the session could not
 * be recovered (the failure screen).
 */
export function runActivity(
  launch: Launch,
  session: ActivitySession,
  onLost: (error: HandshakeError) => void,
): () => void {
  const { sdk, mock } = launch;
  useActivityStore.setState({ selfId: session.user.discordId, cdn: !mock });
  const cleanups: (() => void)[] = [];
  const track = (cleanup: Promise<() => void>) => {
    void cleanup.then((off) => cleanups.push(off));
  };
  track(followParticipants(sdk));
  track(followLayout(sdk));
  void lockPortraitOnPhones(sdk);
  const refreshProxy = () => (mock ? Promise.resolve(false) : refreshProxyToken(sdk));
  setSessionRecovery(
    sessionRecovery({
      signIn: async () => (await signIn(launch, () => {})).sessionToken,
      refreshProxy,
      onLost,
    }),
  );
  cleanups.push(() => setSessionRecovery(null));
  if (!mock) cleanups.push(keepProxyTokenFresh(sdk));
  cleanups.push(
    keepSessionFresh(
      session.expiresAt,
      () => http.post("/api/account/session-token", {}, { schema: SessionTokenAnswerSchema }),
      setSessionToken,
    ),
  );
  // the mock knows only its own player: there, the disconnect and its grace period decide
  if (session.roomId && !mock) cleanups.push(reportDepartures(session.roomId));
  cleanups.push(followPresence(sdk, session));
  return () => {
    for (const off of cleanups) off();
  };
}

/** setActivity from the player's action, the room and the participants, on change (throttled). */
function followPresence(sdk: IDiscordSDK, session: ActivitySession): () => void {
  const sender = new PresenceSender((activity) => sdk.commands.setActivity({ activity }));
  const startedAt = Date.now();
  const push = () => {
    const action = usePlayerStore.getState().player?.currentAction;
    if (!action) return;
    const room = useRoomStore.getState();
    const members = session.roomId !== null && room.roomId === session.roomId ? room.players.length : 1;
    const skill =
      action.skill === "none" ? i18n.t("shell:topbar.resting") : i18n.t(`shell:skills.${action.skill}`);
    const location = actionPlace(action) ?? i18n.t("names:locations.home");
    const inActivity = useActivityStore.getState().participants.length;
    sender.update(
      presenceActivity(
        { skill, location, members, inActivity },
        { instanceId: session.instanceId, startedAt },
      ),
    );
  };
  const offs = [
    usePlayerStore.subscribe(push),
    useRoomStore.subscribe(push),
    useActivityStore.subscribe(push),
  ];
  push();
  return () => {
    for (const off of offs) off();
    sender.stop();
  };
}
