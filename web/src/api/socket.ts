import type { ServerEventName } from "@pickle-garden/shared";
import type { Socket } from "socket.io-client";
import { apiUrl, getSessionToken, recoverSession } from "./http.ts";
import { type Listener, type SocketRefusal, type SocketStatus, useSocketStore } from "./socketStore.ts";

export { type SocketRefusal, type SocketStatus, useSocketStore } from "./socketStore.ts";

/**
 * The Socket.IO client (spec §7, DESIGN §7): path /api/socket (Discord's URL mapping cannot carry the dot of
 * /socket.io), websocket first, ack timeout 20 s, reconnect delay 1 s growing to 5 s, the activity's bearer
 * token as auth. One connection per page; its pushes are parsed in `serverEvents.ts`; `realtime.ts` in shell/ decides when it is open. The client library
 * is fetched on the first connection, after sign-in, so it stays off the first paint.
 */

function setStatus(status: SocketStatus): void {
  useSocketStore.setState({ status });
}
export function getSocketStatus(): SocketStatus {
  return useSocketStore.getState().status;
}
/** Calls back on every change of the status; returns the unsubscribe. */
export function onSocketStatus(listener: (s: SocketStatus) => void): () => void {
  return useSocketStore.subscribe((s, prev) => {
    if (s.status !== prev.status) listener(s.status);
  });
}

function setListeners(event: string, update: (set: Set<Listener>) => void): void {
  useSocketStore.setState((s) => {
    const set = new Set(s.listeners.get(event));
    update(set);
    return { listeners: new Map(s.listeners).set(event, set) };
  });
}

/**
 * Listen to a server event, whether or not the socket exists yet; the listener gets the payload parsed with
 * the protocol's schema for that event. Returns the unsubscribe.
 */
export function onServerEvent<E extends ServerEventName>(event: E, listener: Listener<E>): () => void {
  const stored = listener as Listener;
  setListeners(event, (set) => set.add(stored));
  return () => setListeners(event, (set) => set.delete(stored));
}

/**
 * Opens the page's connection (or reopens it). Resolves to the socket, or to null when the page disconnected
 * while the client library was loading.
 */
export async function connectSocket(): Promise<Socket | null> {
  const { socket, status } = useSocketStore.getState();
  if (socket) {
    if (!socket.connected && !socket.active) socket.connect();
    return socket;
  }
  if (status !== "connecting") setStatus("connecting");
  // the event schemas come with the client library: the first paint does without them
  const [{ io }, { dispatchServerEvent }] = await Promise.all([
    import("socket.io-client"),
    import("./serverEvents.ts"),
  ]);
  const current = useSocketStore.getState();
  if (current.socket) return current.socket;
  if (current.status !== "connecting") return null;
  const s = io(apiUrl("") || undefined, {
    path: "/api/socket",
    transports: ["websocket", "polling"],
    ackTimeout: 20_000,
    reconnectionDelay: 1000,
    reconnectionDelayMax: 5000,
    withCredentials: true,
    auth: (cb) => {
      const token = getSessionToken();
      useSocketStore.setState({ openedWith: token });
      cb(token ? { token } : {});
    },
  });
  s.on("connect", () => {
    useSocketStore.setState({ refusal: null });
    setStatus("connected");
  });
  s.on("disconnect", (reason) => {
    setStatus("disconnected");
    // the server closes a socket whose session ended (expired, signed out): the activity signs in again
    if (reason === "io server disconnect") reconnectWithNewSession(s);
  });
  s.on("connect_error", (err) => {
    console.warn("socket connect error:", err.message);
    useSocketStore.setState({ refusal: refusalOf(err) });
    if (err.message === "SessionRequired") reconnectWithNewSession(s);
  });
  s.onAny((event: string, payload: unknown) => dispatchServerEvent(event, payload));
  useSocketStore.setState({ socket: s });
  return s;
}

/** A refused session's socket opens again once the session is recovered (the activity's); else stays closed. */
function reconnectWithNewSession(socket: Socket): void {
  const refused = useSocketStore.getState().openedWith;
  if (!refused) return;
  void recoverSession(refused).then((fresh) => {
    if (fresh && useSocketStore.getState().socket === socket && !socket.active) socket.connect();
  });
}

/** The server's refusal in a handshake error (`data: { error, limit? }`), or a bare one from its message. */
function refusalOf(err: Error & { data?: unknown }): SocketRefusal {
  const data = err.data as { error?: unknown; limit?: unknown } | undefined;
  const error = typeof data?.error === "string" ? data.error : err.message;
  return typeof data?.limit === "number" ? { error, limit: data.limit } : { error };
}

export function disconnectSocket(): void {
  const { socket } = useSocketStore.getState();
  socket?.disconnect();
  socket?.removeAllListeners();
  useSocketStore.setState({ socket: null, status: "idle" });
}

export function getSocket(): Socket | null {
  return useSocketStore.getState().socket;
}

/** Fire-and-forget intent; dropped (with a warning) when not connected. */
export function emit(event: string, payload?: unknown): void {
  const socket = getSocket();
  if (!socket) {
    console.warn(`socket: '${event}' dropped, not connected`);
    return;
  }
  socket.emit(event, payload);
}

/**
 * Intent with acknowledgement. Rejects with socket.io's 'operation has timed out' after 20 s and
 * 'socket has been disconnected' (spec §8) when the connection drops.
 */
export async function emitWithAck<T = unknown>(event: string, payload?: unknown): Promise<T> {
  const socket = getSocket();
  if (!socket) throw new Error("socket has been disconnected");
  return (await socket.emitWithAck(event, payload)) as T;
}
