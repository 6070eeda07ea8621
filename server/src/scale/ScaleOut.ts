import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { hostname } from "node:os";
import { ERROR_CODES } from "@pickle-garden/shared";
import type { Request } from "express";
import type { Server as SocketServer } from "socket.io";
import { GameError } from "../game/GameError.ts";
import type { GameService } from "../game/GameService.ts";
import { NotOwnerError, type OwnedKind, type Ownership } from "../game/Ownership.ts";
import type { RoomService, RoomSession } from "../game/RoomService.ts";
import type { Logger } from "../log.ts";
import { forwardedIntents, leaseTakeovers, ownedLeases } from "../metrics.ts";
import { runIntent, type SocketIntents } from "../realtime/socketIntents.ts";
import { Forwarder, ForwardTimeoutError, OwnerGoneError } from "./Forwarder.ts";
import { Leases } from "./Leases.ts";
import { type RedisClient, redisClient } from "./redisClient.ts";

/**
 * Several nodes sharing the game through Redis (docs/scale-out.md): this node's leases (the services'
 * Ownership), forwarding of HTTP and socket intents to the owner, and the watch that takes over the
 * players connected here whose owner died.
 */

/** The header a node marks a forwarded HTTP request with: served where it lands, never forwarded again. */
export const FORWARDED_HEADER = "x-pickle-forwarded";

/** What an HTTP request forwarded to its owner answered. */
export interface ForwardedAnswer {
  status: number;
  contentType: string;
  body: string;
}

type Forwarded =
  | {
      type: "socket";
      event: string;
      session: RoomSession;
      payload: unknown;
      /** sent to the room's owner with the player handed over: run there or refused, never handed again */
      handed?: true;
    }
  | { type: "http"; method: string; url: string; headers: Record<string, string>; body: string | null };

type Reply =
  | { answer: unknown }
  | { error: { status: number; code: string; message: string; body?: object } };

/** Headers a forwarded request keeps: who the player is and what the body is (never Origin: checked here). */
const KEPT_HEADERS = ["authorization", "cookie", "content-type", "accept", "x-forwarded-for"];
/** chosen: the first pause before trying again, doubled up to RETRY_PAUSE_MS (a hand-over takes a few ms) */
const FIRST_RETRY_PAUSE_MS = 20;
/** chosen: the longest pause between tries while a dead owner's lease runs out */
const RETRY_PAUSE_MS = 250;

/** chosen: how often an entry node waiting for an owner's answer checks that the owner still holds the lease */
const LEASE_CHECK_MS = 1000;

/** The owner answered that it could not serve the intent (its lease moved or ran out, it is stopping): nothing was applied. */
class OwnerBusyError extends Error {
  constructor(readonly node: string) {
    super(`node ${node} could not serve the intent`);
    this.name = "OwnerBusyError";
  }
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An HTTP answer saying the node could not serve the request now (503 `server/unavailable`). */
function unavailable(answer: ForwardedAnswer): boolean {
  if (answer.status !== 503) return false;
  try {
    return (JSON.parse(answer.body) as { code?: unknown }).code === ERROR_CODES.unavailable;
  } catch {
    return false;
  }
}

export interface ScaleOutOptions {
  redisUrl: string;
  authSecret: string;
  leaseTtlMs: number;
  forwardTimeoutMs: number;
  log: Logger;
}

interface Bound {
  service: GameService;
  rooms: RoomService;
  intents: SocketIntents;
  io: SocketServer;
  /** this node's own HTTP origin on loopback, where forwarded requests are replayed */
  selfUrl: () => string;
}

export class ScaleOut implements Ownership {
  readonly nodeId = `${hostname()}-${process.pid}-${randomBytes(3).toString("hex")}`;
  private readonly leases: Leases;
  private readonly forwarder: Forwarder;
  private readonly marker: Buffer;
  private bound: Bound | null = null;
  private watchTimer: ReturnType<typeof setInterval> | null = null;
  private redisUp = true;

  private constructor(
    private readonly options: ScaleOutOptions,
    private readonly pub: RedisClient,
    private readonly sub: RedisClient,
  ) {
    this.marker = createHmac("sha256", options.authSecret).update("pickle-forwarded").digest();
    this.leases = new Leases({
      redis: pub,
      nodeId: this.nodeId,
      ttlMs: options.leaseTtlMs,
      onLost: (kind, id) => this.lost(kind, id),
    });
    this.forwarder = new Forwarder(pub, sub, this.nodeId, (body) => this.serve(body as Forwarded));
    for (const client of [pub, sub]) {
      client.on("error", (err: Error) => {
        if (this.redisUp) options.log.error({ err }, "redis error: leases cannot be renewed or taken");
        this.redisUp = false;
      });
      client.on("ready", () => {
        this.redisUp = true;
      });
    }
  }

  static async connect(options: ScaleOutOptions): Promise<ScaleOut> {
    const pub = redisClient(options.redisUrl);
    const sub = pub.duplicate();
    await Promise.all([pub.connect(), sub.connect()]);
    const scale = new ScaleOut(options, pub, sub);
    await scale.forwarder.start();
    scale.leases.start();
    options.log.info({ node: scale.nodeId }, "scale-out on: leases and forwarding through Redis");
    return scale;
  }

  /** The services and transports, once built (they take this node as their Ownership first). */
  bind(bound: Bound): void {
    this.bound = bound;
    // chosen: the watch runs as often as renewals, so a dead owner's players resume one period after its lease ends
    this.watchTimer = setInterval(() => void this.watch(), Math.floor(this.options.leaseTtlMs / 3));
    this.watchTimer.unref?.();
  }

  /* ---------------- Ownership ---------------- */

  async claim(kind: OwnedKind, id: string, floor: number): Promise<number> {
    const taken = await this.leases.take(kind, id, floor);
    if (taken.owner !== undefined) throw new NotOwnerError(kind, id, taken.owner);
    if (floor > 0) leaseTakeovers.inc({ kind });
    ownedLeases.set({ kind }, this.leases.count(kind));
    return taken.token;
  }

  holds(kind: OwnedKind, id: string): boolean {
    return this.leases.tokenOf(kind, id) !== null;
  }

  revive(kind: OwnedKind, id: string): Promise<boolean> {
    return this.leases.revive(kind, id);
  }

  async release(kind: OwnedKind, id: string, to?: string): Promise<void> {
    if (to === undefined) await this.leases.release(kind, id);
    else await this.leases.handOver(kind, id, to);
    ownedLeases.set({ kind }, this.leases.count(kind));
  }

  openRooms(): Promise<string[]> {
    return this.leases.listed("room");
  }

  async socketsOf(discordId: string): Promise<number> {
    return (await this.need().io.in(`player:${discordId}`).fetchSockets()).length;
  }

  rejoin(discordId: string): void {
    this.dispatch("adopt", { discordId }, undefined).then(
      (answer) => this.options.log.info({ discordId, ...answer }, "took over a player and its room"),
      (err: unknown) => this.options.log.warn({ err, discordId }, "putting a player back in its room failed"),
    );
  }

  /* ---------------- forwarding ---------------- */

  isForwarded(req: Request): boolean {
    const value = req.headers[FORWARDED_HEADER];
    if (typeof value !== "string") return false;
    const given = Buffer.from(value, "base64url");
    return given.length === this.marker.length && timingSafeEqual(given, this.marker);
  }

  /** A socket intent (parsed): run here when this node owns the player, else at its owner. */
  dispatch(event: string, session: RoomSession, payload: unknown): Promise<object | undefined> {
    return this.route(session.discordId, { type: "socket", event, session, payload }, false) as Promise<
      object | undefined
    >;
  }

  /** An HTTP intent of the player: null when this node serves it, else the owner's answer. */
  async forwardHttp(discordId: string, req: Request): Promise<ForwardedAnswer | null> {
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = req.headers[name];
      if (typeof value === "string") headers[name] = value;
    }
    const body = req.method === "GET" || req.method === "HEAD" ? null : JSON.stringify(req.body ?? {});
    const message: Forwarded = { type: "http", method: req.method, url: req.originalUrl, headers, body };
    const answer = await this.route(discordId, message, false);
    return (answer as ForwardedAnswer | undefined) ?? null;
  }

  /**
   * Runs a forwarded message where the player is owned: here (answers undefined for HTTP, which the
   * caller serves), or at the owner. Within the forward timeout, the entry node tries again when the
   * lease moved under the intent (a hand-over, a takeover: the owner answered 503 having applied nothing)
   * and when the owner is gone (no node listens on its channel, or its lease ran out while this node
   * waited: this node takes the player over). A node serving another's message never tries again: the
   * entry node does.
   */
  private async route(discordId: string, message: Forwarded, forwarded: boolean): Promise<unknown> {
    const { service } = this.need();
    const deadline = Date.now() + this.options.forwardTimeoutMs;
    let wait = FIRST_RETRY_PAUSE_MS;
    for (;;) {
      try {
        const owner = await service.ownerOf(discordId);
        if (owner === null)
          return message.type === "http" ? undefined : await this.runHere(message, deadline);
        if (forwarded) throw new NotOwnerError("player", discordId, owner);
        forwardedIntents.inc({ transport: message.type });
        return await this.ask(owner, discordId, message, deadline);
      } catch (error) {
        const moved =
          error instanceof NotOwnerError ||
          error instanceof OwnerBusyError ||
          error instanceof OwnerGoneError;
        if (error instanceof ForwardTimeoutError || !moved || forwarded || Date.now() >= deadline) {
          if (error instanceof ForwardTimeoutError || moved)
            throw new GameError(
              503,
              "server/unavailable",
              "The server is busy handing this player over; try again",
            );
          throw error;
        }
        await pause(wait);
        wait = Math.min(2 * wait, RETRY_PAUSE_MS);
      }
    }
  }

  /**
   * A socket intent on the player's owner; a room served elsewhere takes the player there (one hop more,
   * also for an intent another node forwarded here: the player's owner need not be its socket's node).
   */
  private async runHere(message: Extract<Forwarded, { type: "socket" }>, deadline: number): Promise<unknown> {
    const { service, intents } = this.need();
    try {
      return await runIntent(intents, message.event, message.session, message.payload);
    } catch (error) {
      if (!(error instanceof NotOwnerError && error.kind === "room") || message.handed) throw error;
      // the room's owner simulates its members: hand the player over and run the intent there
      await service.evict(message.session.discordId, error.owner);
      forwardedIntents.inc({ transport: "socket" });
      return this.ask(error.owner, message.session.discordId, { ...message, handed: true }, deadline);
    }
  }

  /**
   * Sends the message to the player's owner and waits for its answer until `deadline`; while waiting,
   * checks the player's lease every LEASE_CHECK_MS, and stops waiting (OwnerGoneError) when the lease is
   * free (the owner froze or died past its time to live) or this node's.
   */
  private async ask(
    owner: string,
    discordId: string,
    message: Forwarded,
    deadline: number,
  ): Promise<unknown> {
    const gone = new AbortController();
    const check = setInterval(() => {
      this.leases.ownerOf("player", discordId).then(
        (now) => {
          if (now === null || now === this.nodeId) gone.abort();
        },
        () => undefined,
      );
    }, LEASE_CHECK_MS);
    let reply: Reply;
    try {
      reply = (await this.forwarder.request(owner, message, deadline - Date.now(), gone.signal)) as Reply;
    } finally {
      clearInterval(check);
    }
    if ("error" in reply) {
      const e = reply.error;
      if (e.status === 503 && e.code === ERROR_CODES.unavailable) throw new OwnerBusyError(owner);
      throw new GameError(e.status, e.code, e.message, e.body as Record<string, unknown> | undefined);
    }
    if (message.type === "http" && unavailable(reply.answer as ForwardedAnswer))
      throw new OwnerBusyError(owner);
    return reply.answer;
  }

  /** A message another node forwarded here. */
  private async serve(message: Forwarded): Promise<Reply> {
    try {
      if (message.type === "socket")
        return { answer: await this.route(message.session.discordId, message, true) };
      return { answer: await this.replay(message) };
    } catch (error) {
      if (error instanceof GameError)
        return {
          error: { status: error.status, code: error.code, message: error.message, body: error.body },
        };
      if (error instanceof Error && error.name === "ZodError")
        return { error: { status: 400, code: "request/invalid", message: error.message } };
      throw error;
    }
  }

  /** An HTTP request forwarded here, replayed against this node's own listener, marked as forwarded. */
  private async replay(message: Extract<Forwarded, { type: "http" }>): Promise<ForwardedAnswer> {
    const res = await fetch(`${this.need().selfUrl()}${message.url}`, {
      method: message.method,
      headers: { ...message.headers, [FORWARDED_HEADER]: this.marker.toString("base64url") },
      body: message.body,
    });
    return { status: res.status, contentType: res.headers.get("content-type") ?? "", body: await res.text() };
  }

  /* ---------------- takeover ---------------- */

  /** Players connected here whose lease nobody holds (their owner died): this node takes them over. */
  private async watch(): Promise<void> {
    const { io } = this.need();
    const ids: string[] = [];
    for (const room of io.of("/").adapter.rooms.keys())
      if (room.startsWith("player:") && !this.holds("player", room.slice(7))) ids.push(room.slice(7));
    if (ids.length === 0) return;
    try {
      const owners = await this.leases.ownersOf("player", ids);
      for (const [i, id] of ids.entries()) {
        if (owners[i] !== null) continue;
        const answer = (await this.dispatch("adopt", { discordId: id }, undefined)) as {
          roomId: string | null;
        };
        this.options.log.info(
          { discordId: id, roomId: answer.roomId },
          "took over a player whose owner is gone",
        );
      }
    } catch (err) {
      this.options.log.warn({ err }, "takeover watch failed");
    }
  }

  private lost(kind: OwnedKind, id: string): void {
    this.options.log.warn({ kind, id }, "lease lost: dropping this node's copy");
    ownedLeases.set({ kind }, this.leases.count(kind));
    if (!this.bound) return;
    if (kind === "room") this.bound.rooms.forgetRoom(id);
    else this.bound.service.forget(id);
  }

  /** For /healthz. */
  status(): { node: string; redis: boolean; players: number; rooms: number } {
    return {
      node: this.nodeId,
      redis: this.redisUp,
      players: this.leases.count("player"),
      rooms: this.leases.count("room"),
    };
  }

  /** After the services saved and released their leases (graceful shutdown). */
  async close(): Promise<void> {
    if (this.watchTimer) clearInterval(this.watchTimer);
    this.leases.stop();
    this.forwarder.stop();
    await Promise.allSettled([this.pub.quit(), this.sub.quit()]);
  }

  private need(): Bound {
    if (!this.bound) throw new Error("ScaleOut used before bind()");
    return this.bound;
  }
}
