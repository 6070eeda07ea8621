import { pino } from "pino";
import type { Socket } from "socket.io-client";
import type { ServerDeps } from "../../server/src/app.ts";
import { connected, gameSocket } from "../../server/testing/gameSocket.ts";
import { CookieJar, guestSignIn, startTestServer, type TestServer } from "../../server/testing/testServer.ts";

/**
 * The security suite's harness: the real server on loopback (port 0, a fresh data folder, the test
 * clock), its log lines kept in memory so a test can tell a warning from an error, and the clients an
 * attacker would use: cookie jars, bearer tokens and raw Socket.IO packets.
 */

export { CookieJar };

export interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

export interface SecurityServer extends TestServer {
  logs: LogLine[];
}

export const WARN = 40;
export const ERROR = 50;

/** Starts a server (the guest sign-in limit off, as in every test server, unless the test sets GUEST_SIGNINS_PER_HOUR). */
export async function startServer(env: Record<string, string> = {}, deps: ServerDeps = {}) {
  const logs: LogLine[] = [];
  const log = pino({ level: "warn" }, { write: (line: string) => logs.push(JSON.parse(line) as LogLine) });
  const t = await startTestServer(
    { RATE_LIMIT_WRITES: "0", ...env },
    {
      log,
      ...deps,
    },
  );
  return Object.assign(t, { logs }) as SecurityServer;
}

/** A Socket.IO client signed in with a bearer token, able to send raw packets the client library would refuse to encode. */
export async function openSocket(t: TestServer, discordId: string): Promise<Socket> {
  const token = t.server.signer.sessionToken(discordId, t.server.clock.now());
  return connected(gameSocket(t.url, { auth: { token } }));
}

/** Emits and waits for the acknowledgement (or a timeout, as `{ ok: false, error: "timeout" }`). */
export function emit(socket: Socket, event: string, ...args: unknown[]): Promise<unknown> {
  return new Promise((resolve) => {
    socket
      .timeout(10_000)
      .emit(event, ...args, (err: unknown, answer: unknown) =>
        resolve(err ? { ok: false, error: "timeout" } : answer),
      );
  });
}

/**
 * Sends `["event", ...payload]` as raw text with acknowledgement id `ackId` (past the client library,
 * which cannot encode a very deep value) and answers the server's acknowledgement.
 */
export function emitRaw(socket: Socket, json: string, ackId = 9000): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const engine = socket.io.engine;
    const timer = setTimeout(() => reject(new Error("no acknowledgement")), 10_000);
    const onPacket = (packet: { type: string; data?: unknown }) => {
      const text = String(packet.data);
      if (packet.type !== "message" || !text.startsWith(`3${ackId}[`)) return;
      engine.off("packet", onPacket);
      clearTimeout(timer);
      resolve((JSON.parse(text.slice(`3${ackId}`.length)) as unknown[])[0]);
    };
    engine.on("packet", onPacket);
    // engine.io adds the "4" (message); "2" is Socket.IO's EVENT packet
    engine.write(`2${ackId}${json}`);
  });
}

export async function waitFor(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A new guest signed in through the website's form (cookie session), with mining unlocked and the jar to act as it. */
export async function miningGuest(t: TestServer): Promise<{ jar: CookieJar; discordId: string }> {
  const jar = new CookieJar();
  const { discordId } = await guestSignIn(t.url, jar);
  if (!discordId) throw new Error("guest sign-in failed");
  await t.server.service.command(discordId, (player) => {
    player.featureFlags.mining = true;
    return { player, answer: undefined };
  });
  return { jar, discordId };
}

/** JSON request as the website sends it (same origin). */
export async function sameOriginJson(
  t: TestServer,
  jar: CookieJar,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await jar.fetch(`${t.url}${path}`, {
    method,
    headers: { origin: t.url, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

interface RouterLayer {
  rawPath?: string | string[];
  route?: { methods: Record<string, boolean> };
  handle: { stack?: RouterLayer[] };
}

/**
 * Every route the app declares, as `METHOD /path` with Express's own paths (params left as `:id`),
 * read from the app's router so a route added later is covered too.
 */
export function declaredRoutes(app: TestServer["server"]["app"]): { method: string; path: string }[] {
  const out: { method: string; path: string }[] = [];
  const walk = (stack: RouterLayer[], prefix: string) => {
    for (const layer of stack) {
      const raw = Array.isArray(layer.rawPath) ? layer.rawPath[0] : layer.rawPath;
      const path = `${prefix}${raw === "/" || raw === undefined ? "" : raw}`;
      if (layer.route) {
        for (const method of Object.keys(layer.route.methods))
          out.push({ method: method.toUpperCase(), path });
      } else if (layer.handle.stack) walk(layer.handle.stack, path);
    }
  };
  walk((app.router as unknown as { stack: RouterLayer[] }).stack, "");
  return out;
}

/** The spellings Express routes to the same handler: other letter cases and a trailing slash. */
export function pathSpellings(path: string): string[] {
  const upperLast = path.replace(/[^/]+$/, (last) => last.charAt(0).toUpperCase() + last.slice(1));
  return [
    path,
    `${path}/`,
    path.toUpperCase(),
    upperLast,
    path.replace(/^\/api/, "/API"),
    `${upperLast.replace(/^\/api/, "/Api")}/`,
  ];
}
