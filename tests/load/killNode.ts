import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { advance, type Player } from "@pickle-garden/shared";
import { io as connect, type Socket } from "socket.io-client";
import { TokenSigner } from "../../server/src/auth/tokens.ts";
import { redisClient } from "../../server/src/scale/redisClient.ts";
import { startRedis } from "../../server/testing/redisServer.ts";
import { type RunningServer, startServer } from "../support/startServer.ts";
import { readStoredPlayers } from "../support/storedPlayer.ts";
import { actionOf, isFighter, roomOf } from "./roomPlan.ts";
import { seedPlayers } from "./seedPlayers.ts";

/**
 * `npm run load:kill -- --players 100 --seconds 40 --kill-after 20` (issue 30, reliability under load;
 * docs/scale-out.md): the load test's players on two nodes sharing one SQLite file and a redis-server of
 * the run's own, player i on node i mod 2, in rooms of five mining or fighting (every seventh player alone),
 * a party line and a get-user every 5 s each. After `--kill-after` seconds the node that owns the most
 * rooms is killed with SIGKILL; its clients reconnect to the other node at once (what a load balancer
 * does) and join their room again (what the web client does after a reconnect). Measured, for each room (and lone player) the dead node owned:
 * - resume: from the kill to the first event of the room's simulation past where it was at the kill,
 *   for its first member, and for every member of a gathering room (each hears every hit on the shared
 *   node; a fighter hears only the bites it takes), a reconnected member once back in its room;
 * - progress lost: what its members had seen (the last event's simulation time) past their document as
 *   the dead node last saved it: simulated again from that save by the next owner;
 * - no reward twice: a lone player's document at the end is exactly the shared rules replayed from its
 *   save at the kill (rooms cannot be replayed from outside; their members are paid from their own
 *   documents the same way);
 * - the errors the clients saw, by kind.
 * The last line: KILL players=N units=U resume_p50=…ms resume_max=…ms all_members_max=…ms
 * lost_max=…ms replay_mismatches=… errors=…
 */

const { values } = parseArgs({
  options: {
    players: { type: "string", default: "100" },
    seconds: { type: "string", default: "40" },
    "kill-after": { type: "string", default: "20" },
    /** LEASE_TTL_MS of both nodes (the server's default) */
    "lease-ms": { type: "string", default: "5000" },
  },
});
const players = Number(values.players);
const seconds = Number(values.seconds);
const killAfter = Number(values["kill-after"]);
const leaseMs = Number(values["lease-ms"]);
if (!(players >= 10) || !(seconds > killAfter) || !(killAfter >= 5) || !(leaseMs >= 1000))
  throw new Error("usage: npm run load:kill -- --players N (10+) --seconds S --kill-after K (5 ≤ K < S)");

const SECRET = "kill-test-secret-kill-test-secret-0123456789";
/** chosen: every seventh player plays alone (miners and fighters, on both nodes), so its document can be replayed exactly from outside */
const isAlone = (i: number) => i % 7 === 6;
/** chosen: each client's party line and get-user, often enough to meet the takeover */
const ASK_EVERY_MS = 5_000;

const log = (text: string) => console.log(`[kill] ${text}`);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const signer = new TokenSigner(SECRET);
const idOf = (i: number) => `load-${i}`;
/** a room, or a lone player (what is simulated together), named as its lease is: `room:<id>`, `player:<id>` */
const unitOf = (i: number) => (isAlone(i) ? `player:${idOf(i)}` : `room:${roomOf(i)}`);

/** errors by kind: how many, and the last one's time after the kill (ms; negative: before it) */
const errors = new Map<string, { n: number; last: number }>();
let killedAt = Number.POSITIVE_INFINITY;
const noteError = (text: string) => {
  const kind = `${text} (${Date.now() < killedAt ? "before" : "after"} the kill)`;
  const seenBefore = errors.get(kind);
  const last = Date.now() - (Number.isFinite(killedAt) ? killedAt : Date.now());
  errors.set(kind, { n: (seenBefore?.n ?? 0) + 1, last });
};

/* ---------------- the run ---------------- */

const dataDir = mkdtempSync(join(tmpdir(), "pickle-kill-"));
await seedPlayers(dataDir, players, Date.now());
const redis = await startRedis();
const env = {
  AUTH_SECRET: SECRET,
  NODE_ENV: "test",
  LOG_LEVEL: "warn",
  TEST_CLOCK: "0",
  RATE_LIMIT_WRITES: "0",
  ROOM_CREATES_PER_HOUR: "10000",
  REDIS_URL: redis.url,
  LEASE_TTL_MS: String(leaseMs),
};
const nodes: RunningServer[] = [];
for (let n = 0; n < 2; n++) nodes.push(await startServer(env, dataDir));
log(`${players} players seeded, two nodes up (lease ${leaseMs} ms)`);

/** Per player: the node its socket is on, the last simulation time it saw, and when it first saw one past the kill. */
const seen = Array.from({ length: players }, () => ({
  node: 0,
  /** in its room (or alone): a client that reconnected is not, until its joinGroup is answered */
  seated: true,
  lastAt: 0,
  atKill: 0,
  resumedAt: Number.POSITIVE_INFINITY,
}));
const sockets: Socket[] = [];
let dead = -1;
let stopping = false;

function open(i: number, node: number): Promise<void> {
  seen[i]!.node = node;
  const socket = connect(nodes[node]!.url, {
    path: "/api/socket",
    transports: ["websocket"],
    auth: { token: signer.sessionToken(idOf(i), Date.now()) },
    reconnection: false,
  });
  sockets[i] = socket;
  socket.onAny((event: string, payload: { at?: number } | undefined) => {
    if (event !== "gatheringNode" && event !== "monsterAttack") return;
    const at = payload?.at;
    if (typeof at !== "number") return;
    const s = seen[i]!;
    if (Date.now() > killedAt && s.seated && at > s.atKill) s.resumedAt = Math.min(s.resumedAt, Date.now());
    s.lastAt = Math.max(s.lastAt, at);
  });
  socket.on("disconnect", (reason) => {
    if (stopping) return;
    noteError(`socket disconnect: ${reason}`);
    // the load balancer sends the reconnecting client to a live node; the web client then joins its room again
    if (node === dead) void reopen(i);
  });
  return new Promise((resolve) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", (err) => {
      noteError(`connect_error: ${err.message}`);
      resolve();
    });
  });
}

async function reopen(i: number): Promise<void> {
  seen[i]!.seated = isAlone(i);
  await open(i, 1 - dead);
  if (isAlone(i)) return;
  // as web/src/session/rooms.ts rejoinStoredRoom does after every reconnect, until it is answered
  while (!stopping && !(await ack(i, "joinGroup", { roomId: roomOf(i) }))) await pause(250);
  seen[i]!.seated = true;
}

/** Emits and waits for the acknowledgement: true when it is `ok`; a refusal is counted by its code. */
const ack = (i: number, event: string, payload: unknown) =>
  new Promise<boolean>((resolve) => {
    sockets[i]!.timeout(30_000).emit(
      event,
      payload,
      (err: unknown, answer: { ok?: boolean; code?: string } | undefined) => {
        const refused = Boolean(err) || answer?.ok === false;
        if (refused) noteError(`${event}: ${err ? String(err) : answer?.code}`);
        resolve(!refused);
      },
    );
  });

async function http(i: number, method: string, path: string, body?: unknown): Promise<void> {
  try {
    const res = await fetch(`${nodes[seen[i]!.node]!.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${signer.sessionToken(idOf(i), Date.now())}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) {
      const code = ((await res.json().catch(() => ({}))) as { code?: string }).code;
      noteError(`${method} ${path}: ${res.status}${code ? ` ${code}` : ""}`);
    } else await res.body?.cancel();
  } catch (err) {
    noteError(`${method} ${path}: ${(err as Error).message}`);
  }
}

const all = Array.from({ length: players }, (_, i) => i);
await Promise.all(all.map((i) => open(i, i % 2)));
// in a shuffled order: a room's first member, whose node opens it, is on either node, fighting or mining
for (const i of [...all].sort((a, b) => ((a * 7919) % players) - ((b * 7919) % players)))
  if (!isAlone(i)) await ack(i, "joinGroup", { roomId: roomOf(i) });
await Promise.all(all.map((i) => http(i, "POST", "/api/user/update-action", actionOf(i))));
log(`${players} clients connected, in their rooms, playing`);
const started = Date.now();
const timers = all.map((i) =>
  setTimeout(
    () =>
      timers.push(
        setInterval(() => {
          if (!isAlone(i)) void ack(i, "chatMessage", { text: `hello from ${i}`, type: "party" });
          void http(i, "GET", "/api/user/get-user");
        }, ASK_EVERY_MS),
      ),
    (i * 7919) % ASK_EVERY_MS,
  ),
);

await pause(killAfter * 1000);
const leases = redisClient(redis.url);
await leases.connect();
const nodeIds = await Promise.all(
  nodes.map(
    async (n) =>
      ((await (await fetch(`${n.url}/healthz`)).json()) as { scaleOut: { node: string } }).scaleOut.node,
  ),
);
const units = [...new Set(all.map(unitOf))];
const owners = await leases.mGet(units.map((u) => `pg:lease:${u}`));
await leases.quit();
const owned = [0, 1].map((n) => units.filter((_, k) => owners[k] === nodeIds[n]));
dead = owned[1]!.length > owned[0]!.length ? 1 : 0;
const moved = new Set(owned[dead]);
const movedPlayers = all.filter((i) => moved.has(unitOf(i)));
for (const s of seen) s.atKill = s.lastAt;
killedAt = Date.now();
await nodes[dead]!.stop("SIGKILL");
const savedAtKill = readStoredPlayers(dataDir, movedPlayers.map(idOf));
log(
  `killed node ${dead} (SIGKILL) ${((killedAt - started) / 1000).toFixed(1)} s in: it owned ${moved.size} of ${units.length} rooms and lone players (${movedPlayers.length} players)`,
);

await pause((seconds - killAfter) * 1000);
stopping = true;
for (const t of timers) clearTimeout(t);
for (const s of sockets) s.close();
// the survivor saves every live player on SIGTERM: the documents are then final
await nodes[1 - dead]!.stop();
const final = readStoredPlayers(dataDir, movedPlayers.map(idOf));
await redis.stop();
rmSync(dataDir, { recursive: true, force: true });

/* ---------------- the figures ---------------- */

const pct = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const firstMember: number[] = [];
const everyMember: number[] = [];
let stalled = 0;
for (const unit of moved) {
  const inUnit = movedPlayers.filter((i) => unitOf(i) === unit);
  const members = inUnit.map((i) => seen[i]!.resumedAt - killedAt);
  firstMember.push(Math.min(...members));
  // every member of a gathering room hears each hit on its node; a fighter hears only the bites it takes
  if (isFighter(inUnit[0]!)) continue;
  if (!members.every(Number.isFinite)) stalled++;
  everyMember.push(Math.max(...members));
}
const lost = movedPlayers.map((i) => {
  const saved = savedAtKill.get(idOf(i))?.player.settledAt ?? 0;
  return Math.max(0, seen[i]!.atKill - saved);
});
/** What a double simulation would double: xp, items and gold. */
const gains = (p: Player) => ({
  xp: Object.fromEntries(Object.entries(p.skills).map(([k, s]) => [k, s.xp])),
  inventory: p.inventory,
  gold: p.gold,
});
let mismatches = 0;
let replayed = 0;
for (const i of movedPlayers.filter(isAlone)) {
  const before = savedAtKill.get(idOf(i))?.player;
  const after = final.get(idOf(i))?.player;
  if (!before || !after) continue;
  replayed++;
  if (JSON.stringify(gains(advance(before, after.settledAt).player)) !== JSON.stringify(gains(after)))
    mismatches++;
}
const errorCount = [...errors.values()].reduce((sum, e) => sum + e.n, 0);
const rewind = movedPlayers.map((i) => killedAt - (savedAtKill.get(idOf(i))?.player.settledAt ?? 0));
log(
  `resume after the kill, first member: p50 ${pct(firstMember, 50)} ms, max ${pct(firstMember, 100)} ms; every member of a gathering room or lone miner: p50 ${pct(everyMember, 50)} ms, max ${pct(everyMember, 100)} ms${stalled ? ` (${stalled} with a member never heard again)` : ""}`,
);
log(`progress simulated again (seen past the last save): p50 ${pct(lost, 50)} ms, max ${pct(lost, 100)} ms`);
log(`lone players replayed exactly from their save at the kill: ${replayed - mismatches} of ${replayed}`);
log(
  `their documents as last saved, behind the kill (settled at their last event or wake): p50 ${pct(rewind, 50)} ms, max ${pct(rewind, 100)} ms`,
);
for (const [text, e] of [...errors].sort((a, b) => b[1].n - a[1].n))
  log(`error ×${e.n}: ${text}${e.last > 0 ? `, the last ${e.last} ms after the kill` : ""}`);
console.log(
  `KILL players=${players} units=${moved.size} resume_p50=${pct(firstMember, 50)}ms resume_max=${pct(firstMember, 100)}ms ` +
    `all_members_max=${pct(everyMember, 100)}ms lost_max=${pct(lost, 100)}ms replay_mismatches=${mismatches} errors=${errorCount}`,
);
process.exit(0);
