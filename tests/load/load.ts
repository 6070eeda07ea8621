import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { buyLabNode, newPlayer, type Player, setAction } from "@pickle-garden/shared";
import { io as connect, type Socket } from "socket.io-client";
import { TokenSigner } from "../../server/src/auth/tokens.ts";
import { SqliteStore } from "../../server/src/store/SqliteStore.ts";
import { startServer } from "../support/startServer.ts";

/**
 * `npm run load -- --players N --seconds S` (issue 10 §6; not part of npm test). N guests in rooms of
 * five, every room gathering at the garden or fighting aphids together, a party chat line every 30 s
 * each. Measures the delay from a server event (its simulation time, sent as `at`) or a chat line (its
 * timestamp) to the client receiving it, the server's CPU and RSS, and errors; then a bare Socket.IO
 * server sends the same number and size of events to as many clients, as the yardstick. The last line:
 * LOAD players=N p50=…ms p99=…ms bare_p99=…ms ratio=… rss=…MB errors=…
 */

const SECRET = "load-test-secret-load-test-secret-0123456789";
const ROOM_SIZE = 5;
const CHAT_EVERY_MS = 30_000;
const CONNECT_BATCH = 250;
const WARMUP_MS = 5_000;

const { values } = parseArgs({
  options: { players: { type: "string", default: "100" }, seconds: { type: "string", default: "30" } },
});
const players = Number(values.players);
const seconds = Number(values.seconds);
if (!(players > 0) || !(seconds > 0)) throw new Error("usage: npm run load -- --players N --seconds S");

/** The first few errors of each kind, to say what went wrong. */
const errorKinds = new Map<string, number>();
const noteError = (text: string) => {
  const n = errorKinds.get(text) ?? 0;
  errorKinds.set(text, n + 1);
};
const log = (text: string) => console.log(`[load] ${text}`);

/** Latencies in ms, kept whole (a histogram by 0.1 ms would do as well; N × S events fit in memory). */
class Samples {
  readonly values: number[] = [];
  add(ms: number): void {
    this.values.push(ms);
  }
  pct(p: number): number {
    if (this.values.length === 0) return Number.NaN;
    const sorted = Float64Array.from(this.values).sort();
    return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
  }
}

/** A process's CPU seconds (user + system) and resident memory, from /proc. */
function procStats(pid: number): { cpu: number; rssMb: number } {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return { cpu: ticks / 100, rssMb: rss / 1024 };
  } catch {
    return { cpu: Number.NaN, rssMb: Number.NaN };
  }
}

function seedPlayer(i: number, now: number): Player {
  let p = newPlayer({ discordId: `load-${i}`, username: `Load ${i}`, now, seed: i + 1 });
  p.lab.rp = 1_000_000;
  for (const node of ["west:meta:multiplayer", "south:mining:unlock"]) {
    const r = buyLabNode(p, node, now);
    if (!r.ok) throw new Error(`${node}: ${r.message}`);
    p = r.state;
  }
  const fighting = Math.floor(i / ROOM_SIZE) % 2 === 1;
  if (fighting) {
    p.featureFlags.combat = true;
    p.featureFlags.melee = true;
  }
  const r = setAction(
    p,
    fighting ? { skill: "combat", location: "aphid_nest" } : { skill: "mining", location: "garden" },
    now,
  );
  if (!r.ok) throw new Error(r.message);
  return r.state;
}

interface Run {
  latency: Samples;
  errors: number;
  events: number;
  bytes: number;
  rssMb: number;
  cpuSeconds: number;
  seconds: number;
}

/** Opens N sockets in batches; `onOpen` runs per socket once connected. */
async function openClients(
  url: string,
  auth: (i: number) => Record<string, string>,
  onEvent: (event: string, payload: unknown) => void,
  onError: () => void,
): Promise<Socket[]> {
  const sockets: Socket[] = [];
  for (let start = 0; start < players; start += CONNECT_BATCH) {
    const batch = [];
    for (let i = start; i < Math.min(players, start + CONNECT_BATCH); i++) {
      const socket = connect(url, {
        path: "/api/socket",
        transports: ["websocket"],
        auth: auth(i),
        reconnection: false,
        timeout: 60_000,
      });
      socket.onAny(onEvent);
      socket.on("disconnect", (reason) => {
        if (reason === "io client disconnect") return;
        onError();
        noteError(`disconnect: ${reason}`);
      });
      sockets.push(socket);
      batch.push(
        new Promise<void>((resolve) => {
          socket.once("connect", () => resolve());
          socket.once("connect_error", (err) => {
            noteError(`connect_error: ${err.message}`);
            onError();
            resolve();
          });
        }),
      );
    }
    await Promise.all(batch);
  }
  return sockets;
}

async function gameRun(): Promise<Run> {
  const dataDir = mkdtempSync(join(tmpdir(), "pickle-load-"));
  const now = Date.now();
  const store = new SqliteStore(join(dataDir, "pickle-garden.sqlite"));
  for (let i = 0; i < players; i++) {
    await store.createPlayer({
      player: seedPlayer(i, now),
      meta: { awaySince: null, pendingOffline: null, lastDelivered: null, archived: false },
    });
  }
  await store.close();
  log(`${players} players seeded`);
  const server = await startServer(
    {
      AUTH_SECRET: SECRET,
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      TEST_CLOCK: "0",
      RATE_LIMIT_WRITES: "0",
      ROOM_CREATES_PER_HOUR: "10000",
    },
    dataDir,
  );
  const { url } = server;
  const signer = new TokenSigner(SECRET);
  const latency = new Samples();
  let measuring = false;
  let errors = 0;
  let events = 0;
  let bytes = 0;
  const onEvent = (event: string, payload: unknown) => {
    if (!measuring) return;
    events++;
    const p = payload as { at?: number; timestamp?: number };
    if (event === "gatheringNode" || event === "monsterAttack") {
      if (typeof p.at === "number") latency.add(Date.now() - p.at);
    } else if (event === "chatMessage" && typeof p.timestamp === "number")
      latency.add(Date.now() - p.timestamp);
    bytes += JSON.stringify(payload).length;
  };
  const sockets = await openClients(
    url,
    (i) => ({ token: signer.sessionToken(`load-${i}`, Date.now()) }),
    onEvent,
    () => errors++,
  );
  log(`${sockets.length} sockets connected (${errors} errors)`);
  const ack = (socket: Socket, event: string, payload: unknown) =>
    new Promise<void>((resolve) => {
      socket.timeout(30_000).emit(event, payload, (err: unknown, answer: { ok?: boolean } | undefined) => {
        if (err || answer?.ok === false) {
          errors++;
          noteError(`${event}: ${err ? String(err) : (answer as { error?: string }).error}`);
        }
        resolve();
      });
    });
  for (let start = 0; start < sockets.length; start += CONNECT_BATCH) {
    await Promise.all(
      sockets
        .slice(start, start + CONNECT_BATCH)
        .map((s, k) => ack(s, "joinGroup", { roomId: `load-${Math.floor((start + k) / ROOM_SIZE)}` })),
    );
  }
  log(`rooms joined (${errors} errors)`);
  const chatTimers = sockets.map((socket, i) =>
    setTimeout(
      () => {
        const send = () => void ack(socket, "chatMessage", { text: `hello from ${i}`, type: "party" });
        send();
        chatTimers[i] = setInterval(send, CHAT_EVERY_MS) as unknown as ReturnType<typeof setTimeout>;
      },
      Math.floor(Math.random() * CHAT_EVERY_MS),
    ),
  );
  await new Promise((r) => setTimeout(r, WARMUP_MS));
  const pid = server.process.pid!;
  const before = procStats(pid);
  let rssMb = before.rssMb;
  const sampler = setInterval(() => {
    rssMb = Math.max(rssMb, procStats(pid).rssMb);
  }, 1000);
  measuring = true;
  const started = Date.now();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  measuring = false;
  const elapsed = (Date.now() - started) / 1000;
  const after = procStats(pid);
  clearInterval(sampler);
  rssMb = Math.max(rssMb, after.rssMb);
  for (const t of chatTimers) clearTimeout(t);
  for (const s of sockets) s.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  return { latency, errors, events, bytes, rssMb, cpuSeconds: after.cpu - before.cpu, seconds: elapsed };
}

/** The yardstick: a bare Socket.IO server sending as many events of the same size to as many clients. */
async function bareRun(eventsPerSecond: number, payloadBytes: number): Promise<Run> {
  const dataDir = mkdtempSync(join(tmpdir(), "pickle-bare-"));
  const server = await startServer(
    { BARE_RATE: String(eventsPerSecond), BARE_BYTES: String(payloadBytes) },
    dataDir,
    "tests/load/bareServer.ts",
  );
  const { url } = server;
  const latency = new Samples();
  let measuring = false;
  let errors = 0;
  let events = 0;
  const sockets = await openClients(
    url,
    () => ({}),
    (_event, payload) => {
      if (!measuring) return;
      events++;
      latency.add(Date.now() - (payload as { at: number }).at);
    },
    () => errors++,
  );
  await new Promise((r) => setTimeout(r, WARMUP_MS));
  const pid = server.process.pid!;
  const before = procStats(pid);
  measuring = true;
  const started = Date.now();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  measuring = false;
  const after = procStats(pid);
  for (const s of sockets) s.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  return {
    latency,
    errors,
    events,
    bytes: 0,
    rssMb: after.rssMb,
    cpuSeconds: after.cpu - before.cpu,
    seconds: (Date.now() - started) / 1000,
  };
}

const game = await gameRun();
const rate = game.events / game.seconds;
const size = game.events > 0 ? Math.round(game.bytes / game.events) : 100;
log(
  `game: ${game.events} events in ${game.seconds.toFixed(1)} s (${rate.toFixed(0)}/s, ${size} B each), ` +
    `${game.latency.values.length} timed, server CPU ${((game.cpuSeconds / game.seconds) * 100).toFixed(0)} %, RSS ${game.rssMb.toFixed(0)} MB`,
);
const bare = await bareRun(rate, size);
log(
  `bare: ${bare.events} events in ${bare.seconds.toFixed(1)} s, server CPU ${((bare.cpuSeconds / bare.seconds) * 100).toFixed(0)} %, RSS ${bare.rssMb.toFixed(0)} MB`,
);
for (const [text, n] of errorKinds) log(`error ×${n}: ${text}`);
const p50 = game.latency.pct(50);
const p99 = game.latency.pct(99);
const bareP99 = bare.latency.pct(99);
console.log(
  `LOAD players=${players} p50=${p50.toFixed(1)}ms p99=${p99.toFixed(1)}ms bare_p99=${bareP99.toFixed(1)}ms ` +
    `ratio=${(p99 / bareP99).toFixed(2)} rss=${game.rssMb.toFixed(0)}MB errors=${game.errors + bare.errors}`,
);
process.exit(0);
