import { parentPort, workerData } from "node:worker_threads";
import { io as connect, type Socket } from "socket.io-client";
import { TokenSigner } from "../../server/src/auth/tokens.ts";
import { actionOf, roomOf } from "./roomPlan.ts";

/**
 * One of the load test's client threads (tests/load/load.ts): opens the sockets of players
 * [from, to) in paced batches, joins game clients to their rooms of five and sends a party chat line
 * every 30 s each, and times every event carrying its server time. Answers the main thread's
 * "measure" and "stop" with its samples, counts and errors.
 */

export interface WorkerInput {
  /** the server nodes: player i talks to node i mod their count (no sticky sessions needed) */
  urls: string[];
  kind: "game" | "bare";
  from: number;
  to: number;
  secret: string;
}

export interface WorkerResult {
  /** delays in ms by event name */
  latencies: [string, Float64Array][];
  events: number;
  bytes: number;
  errors: number;
  errorKinds: [string, number][];
  /** events received by name, with their bytes */
  received: [string, { count: number; bytes: number }][];
}

const CONNECT_BATCH = 100;
const BATCH_PAUSE_MS = 20;
const CHAT_EVERY_MS = 30_000;
const CONNECT_TIMEOUT_MS = 120_000;
const PHASE_SPREAD_MS = 3_000;
const START_CONCURRENCY = 50;

const input = workerData as WorkerInput;
const port = parentPort!;
const errorKinds = new Map<string, number>();
let errors = 0;
/** Set on "stop": acknowledgements cut short by the closing sockets are not the server's errors. */
let stopping = false;
const noteError = (text: string) => {
  if (stopping) return;
  errors++;
  errorKinds.set(text, (errorKinds.get(text) ?? 0) + 1);
};

let measuring = false;
/** Delays in ms per event name, in growable typed arrays (N × S events). */
const samples = new Map<string, { values: Float64Array; count: number }>();
let events = 0;
let bytes = 0;
const sample = (event: string, ms: number) => {
  let s = samples.get(event);
  if (!s) {
    s = { values: new Float64Array(1 << 14), count: 0 };
    samples.set(event, s);
  }
  if (s.count === s.values.length) {
    const grown = new Float64Array(s.values.length * 2);
    grown.set(s.values);
    s.values = grown;
  }
  s.values[s.count++] = ms;
};

const received = new Map<string, { count: number; bytes: number }>();
/** A frame's size, counted by its event name read from the frame itself (`42["name",…`): no re-serialising. */
const onFrame = (data: unknown) => {
  if (!measuring || typeof data !== "string") return;
  const event = /^\d+\["([^"]+)"/.exec(data)?.[1];
  if (event === undefined) return;
  events++;
  bytes += data.length;
  const seen = received.get(event) ?? { count: 0, bytes: 0 };
  seen.count++;
  seen.bytes += data.length;
  received.set(event, seen);
};
const onEvent = (event: string, payload: unknown) => {
  if (!measuring) return;
  const p = payload as { at?: number; timestamp?: number } | undefined;
  if (event === "gatheringNode" || event === "monsterAttack") {
    if (typeof p?.at === "number") sample(event, Date.now() - p.at);
  } else if (event === "chatMessage" && typeof p?.timestamp === "number")
    sample(event, Date.now() - p.timestamp);
};

const signer = new TokenSigner(input.secret);
const urlOf = (i: number) => input.urls[i % input.urls.length]!;
const sockets: Socket[] = [];

function open(i: number): Promise<void> {
  const socket = connect(urlOf(i), {
    path: "/api/socket",
    transports: ["websocket"],
    auth: input.kind === "game" ? { token: signer.sessionToken(`load-${i}`, Date.now()) } : {},
    reconnection: false,
    timeout: CONNECT_TIMEOUT_MS,
  });
  socket.onAny(onEvent);
  socket.io.on("open", () => socket.io.engine.on("data", onFrame));
  socket.on("disconnect", (reason) => {
    if (reason !== "io client disconnect") noteError(`disconnect: ${reason}`);
  });
  sockets.push(socket);
  return new Promise((resolve) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", (err) => {
      noteError(`connect_error: ${err.message}`);
      resolve();
    });
    // closed before it ever connected (counted by the handler above): the batch does not wait for it
    socket.once("disconnect", () => resolve());
    const late = setTimeout(() => {
      if (socket.connected) return;
      noteError("connect: no answer in 120 s");
      resolve();
    }, CONNECT_TIMEOUT_MS);
    socket.once("connect", () => clearTimeout(late));
  });
}

const ack = (socket: Socket, event: string, payload: unknown) =>
  new Promise<void>((resolve) => {
    socket
      .timeout(60_000)
      .emit(event, payload, (err: unknown, answer: { ok?: boolean; code?: string } | undefined) => {
        if (err || answer?.ok === false) noteError(`${event}: ${err ? String(err) : answer?.code}`);
        resolve();
      });
  });

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

const timers: ReturnType<typeof setTimeout>[] = [];
for (let start = input.from; start < input.to; start += CONNECT_BATCH) {
  const batch: Promise<void>[] = [];
  for (let i = start; i < Math.min(input.to, start + CONNECT_BATCH); i++) batch.push(open(i));
  await Promise.all(batch);
  if (input.kind === "game") {
    await Promise.all(
      sockets.slice(start - input.from).map((s, k) => ack(s, "joinGroup", { roomId: roomOf(start + k) })),
    );
  }
  port.postMessage({
    type: "progress",
    connected: Math.min(input.to, start + CONNECT_BATCH) - input.from,
    errors,
  });
  await pause(BATCH_PAUSE_MS);
}

/**
 * Player i starts its action (update-action, over HTTP with its bearer token, as the web client does) at
 * its own moment within the first PHASE_SPREAD_MS after "start" (real players do not all swing at the
 * same millisecond), at most START_CONCURRENCY requests at a time (thousands of connections at once
 * overflow the server's listen backlog).
 */
async function startActions(players: readonly number[]): Promise<void> {
  const t0 = Date.now();
  const queue = [...players].sort((a, b) => offsetOf(a) - offsetOf(b));
  const runner = async () => {
    for (let i = queue.shift(); i !== undefined; i = queue.shift()) {
      await pause(t0 + offsetOf(i) - Date.now());
      try {
        const answer = await fetch(`${urlOf(i)}/api/user/update-action`, {
          method: "POST",
          headers: {
            authorization: `Bearer ${signer.sessionToken(`load-${i}`, Date.now())}`,
            "content-type": "application/json",
          },
          body: JSON.stringify(actionOf(i)),
        });
        if (!answer.ok) noteError(`update-action: ${answer.status}`);
        await answer.body?.cancel();
      } catch (err) {
        noteError(`update-action: ${String(err)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: START_CONCURRENCY }, runner));
}
const offsetOf = (i: number) => (i * 7919) % PHASE_SPREAD_MS;

port.postMessage({ type: "joined", errors });
await new Promise<void>((resolve) => port.once("message", () => resolve()));
if (input.kind === "game") {
  const all: number[] = [];
  for (let i = input.from; i < input.to; i++) all.push(i);
  await startActions(all);
  sockets.forEach((socket, k) => {
    const i = input.from + k;
    timers.push(
      setTimeout(
        () => {
          const send = () => void ack(socket, "chatMessage", { text: `hello from ${i}`, type: "party" });
          send();
          timers.push(setInterval(send, CHAT_EVERY_MS));
        },
        Math.floor(Math.random() * CHAT_EVERY_MS),
      ),
    );
  });
}
port.postMessage({ type: "ready", errors });
port.on("message", (message: "measure" | "stop") => {
  if (message === "measure") {
    measuring = true;
    return;
  }
  measuring = false;
  stopping = true;
  for (const t of timers) clearTimeout(t);
  for (const s of sockets) s.close();
  const result: WorkerResult = {
    latencies: [...samples].map(([event, s]) => [event, s.values.slice(0, s.count)]),
    events,
    bytes,
    errors,
    errorKinds: [...errorKinds],
    received: [...received],
  };
  port.postMessage(
    { type: "result", result },
    result.latencies.map(([, values]) => values.buffer as ArrayBuffer),
  );
});
