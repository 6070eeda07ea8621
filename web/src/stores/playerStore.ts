import {
  applyViewEvent,
  type PlayerView,
  type ServerEventName,
  type ServerEventPayload,
} from "@pickle-garden/shared";
import { create } from "zustand";
import { useShallow } from "zustand/react/shallow";
import { ApiError } from "../api/http.ts";
import { getUser } from "../calls/playerCalls.ts";
import { errorCodeOf } from "../messages/errorMessages.ts";
import { shareStructure } from "./structuralShare.ts";

/** The last server snapshot of this player (DESIGN §2: the server's snapshot always wins). */
export interface PlayerState {
  player: PlayerView | null;
  /** a get-user call is in flight */
  loading: boolean;
  /** the last get-user failure's error code (messages/errorMessages.ts); the loading screen offers a retry */
  error: string | null;
  /** spec §4 Room: gatheringUpdate marks the player as gathering */
  isGathering: boolean;
  /** death countdown from the server, seconds */
  deathSecondsLeft: number | null;
  /** the last xpUpdate applied, to ignore an identical repeat (spec §4) */
  lastXpKey: string | null;
}

const initial: PlayerState = {
  player: null,
  loading: false,
  error: null,
  isGathering: false,
  deathSecondsLeft: null,
  lastXpKey: null,
};

export const usePlayerStore = create<PlayerState>()(() => ({ ...initial }));
export const playerStore = usePlayerStore;

/** Replace the snapshot, keeping unchanged sub-objects (see structuralShare). */
export function setPlayer(player: PlayerView | null): void {
  const prev = usePlayerStore.getState().player;
  usePlayerStore.setState({
    player: player ? shareStructure(prev, player) : null,
    error: null,
    ...(player?.dead ? {} : { deathSecondsLeft: null }),
  });
}

export function clearPlayer(): void {
  usePlayerStore.setState({ ...initial });
}

/** The get-user call in flight, shared by concurrent callers. */
interface PlayerFetchState {
  inflight: Promise<PlayerView | null> | null;
  /** a refresh was asked for while one was in flight, whose answer may then predate the caller's change */
  askedAgain: boolean;
}
const usePlayerFetchStore = create<PlayerFetchState>()(() => ({ inflight: null, askedAgain: false }));

/**
 * GET /api/user/get-user → `{ user }`; concurrent calls share one request. A call made while a request
 * is in flight (typically right after an action) may follow a change that request was answered before:
 * that answer is dropped and the player fetched again, so an older snapshot never lands after a newer one.
 */
export function refreshPlayer(): Promise<PlayerView | null> {
  const { inflight } = usePlayerFetchStore.getState();
  if (inflight) {
    usePlayerFetchStore.setState({ askedAgain: true });
    return inflight;
  }
  usePlayerStore.setState({ loading: true });
  const started = loadLatestPlayer().finally(() => {
    usePlayerFetchStore.setState({ inflight: null });
    usePlayerStore.setState({ loading: false });
  });
  usePlayerFetchStore.setState({ inflight: started });
  return started;
}

async function loadLatestPlayer(): Promise<PlayerView | null> {
  const askedAgain = () => usePlayerFetchStore.getState().askedAgain;
  for (;;) {
    usePlayerFetchStore.setState({ askedAgain: false });
    try {
      const { user } = await getUser();
      if (askedAgain()) continue;
      setPlayer(user);
      return usePlayerStore.getState().player;
    } catch (err) {
      if (askedAgain()) continue;
      const code = errorCodeOf(err);
      console.warn("get-user failed", code);
      usePlayerStore.setState({ error: code });
      if (err instanceof ApiError && err.status === 401) usePlayerStore.setState({ player: null });
      return null;
    }
  }
}

/**
 * What the server's pushes do besides the view (applyViewEvent, shared with the server's publisher, applies
 * each event's own fields; `playerPatch` brings the rest): the gathering flag, the death countdown, and an
 * identical xpUpdate repeat ignored (spec §4). A handler returns false to drop its event.
 */
const EXTRA: { [E in ServerEventName]?: (e: ServerEventPayload<E>, mine: boolean) => boolean } = {
  xpUpdate: (e, mine) => {
    if (!mine) return false;
    const key = `${e.skill}|${e.delta}|${e.xp}|${e.level}|${e.rpGain}|${e.picklelogyGain}`;
    if (key === usePlayerStore.getState().lastXpKey) return false;
    usePlayerStore.setState({ lastXpKey: key });
    return true;
  },
  gatheringUpdate: (_e, mine) => {
    if (mine) usePlayerStore.setState({ isGathering: true });
    return mine;
  },
  deathCountdown: (e, mine) => {
    if (mine) usePlayerStore.setState({ deathSecondsLeft: e.secondsLeft });
    return mine;
  },
  playerRevived: (_e, mine) => {
    if (mine) usePlayerStore.setState({ deathSecondsLeft: null });
    return mine;
  },
};

/**
 * Apply one server push (parsed by api/socket.ts with the protocol's schema) to the snapshot. Returns true
 * when the event changed something.
 */
export function applyServerEvent<E extends ServerEventName>(
  event: E,
  payload: ServerEventPayload<E>,
): boolean {
  const player = usePlayerStore.getState().player;
  if (!player) return false;
  const playerId = (payload as { playerId?: unknown }).playerId;
  const mine = playerId === undefined || playerId === player.discordId;
  const extra = EXTRA[event];
  if (extra && !extra(payload, mine)) return false;
  const next = applyViewEvent(player, event, payload);
  if (next !== player) setPlayer(next);
  return next !== player || extra !== undefined;
}

/**
 * Narrow read of the snapshot: the component re-renders only when what the selector returns changes
 * (Object.is; return primitives or sub-objects of the snapshot, or use {@link usePlayerShallow}).
 * Undefined while there is no player.
 */
export function usePlayer<T>(selector: (p: PlayerView) => T): T | undefined {
  return usePlayerStore((s) => (s.player ? selector(s.player) : undefined));
}

/** Like usePlayer for selectors that build a new array or object each time (shallow comparison). */
export function usePlayerShallow<T>(selector: (p: PlayerView) => T): T | undefined {
  return usePlayerStore(useShallow((s: PlayerState) => (s.player ? selector(s.player) : undefined)));
}

export const useHasPlayer = () => usePlayerStore((s) => s.player !== null);
