import { createHmac, randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { ERROR_CODES } from "@pickle-garden/shared";
import type { Server as SocketServer } from "socket.io";
import { GameError } from "../game/GameError.ts";
import type { GameService } from "../game/GameService.ts";
import type { Caller, Dispatch, Intents } from "../game/intents.ts";
import { JsonText } from "../game/JsonText.ts";
import { NotOwnerError, type OwnedKind, type Ownership } from "../game/Ownership.ts";
import type { RoomService } from "../game/RoomService.ts";
import type { Logger } from "../log.ts";
import { forwardedIntents, leaseTakeovers, ownedLeases } from "../metrics.ts";
import type { DispatchIntent } from "../realtime/registerGameSocket.ts";
import { Forwarder, ForwardTimeoutError, OwnerGoneError } from "./Forwarder.ts";
import { Leases } from "./Leases.ts";
import { connectPair, isRedisAway, isRedisOffline, type RedisClient, reportAway } from "./redisClient.ts";

/**
 * Several nodes sharing the game through Redis (docs/scale-out.md): this node's leases (the services'
 * Ownership), forwarding of HTTP and socket intents to the owner, and the watch that takes over the
 * players connected here whose owner died.
 */

/** An intent sent to its player's owner: what the entry node resolved and parsed, never a cookie or a request. */
interface Forwarded {
  name: string;
  caller: Caller;
  input: unknown;
  via: Via;
  /** sent to the room's owner with the player handed over: run there or refused, never handed again */
  handed?: true;
}

/** The transport an intent came in by (the metrics' label). */
type Via = "http" | "socket";

/** The owner's answer: the intent's answer as JSON text (none for an intent that answers nothing), or its refusal. */
type Reply = { json?: string } | { error: { status: number; code: string; message: string; body?: object } };

/** One try at running an intent: its answer, or the player's lease is not where this node looked (nothing was applied). */
type Attempt = { answer: unknown } | { moved: true };
const MOVED: Attempt = { moved: true };

/** chosen: the first pause before trying again, doubled up to RETRY_PAUSE_MS (a hand-over takes a few ms) */
const FIRST_RETRY_PAUSE_MS = 20;
/** chosen: the longest pause between tries while a dead owner's lease runs out */
const RETRY_PAUSE_MS = 250;

/** chosen: how often an entry node waiting for an owner's answer checks that the owner still holds the lease */
const LEASE_CHECK_MS = 1000;

/**
 * chosen: how long a call whose command found Redis away waits for it to come back (a restart's blip)
 * before its 503, and how often it looks
 */
const REDIS_GRACE_MS = 2_000;
const REDIS_POLL_MS = 50;

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

const unavailable = () =>
  new GameError(503, ERROR_CODES.unavailable, "The server is busy handing this player over; try again");

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
  /** every intent an owner runs for another node: the players' and the sockets' */
  intents: Intents;
  io: SocketServer;
}

export class ScaleOut implements Ownership {
  readonly nodeId = `${hostname()}-${process.pid}-${randomBytes(3).toString("hex")}`;
  private readonly leases: Leases;
  private readonly forwarder: Forwarder;
  private bound: Bound | null = null;
  private watchTimer: ReturnType<typeof setInterval> | null = null;
  private readonly redisUp: () => boolean;

  private constructor(
    private readonly options: ScaleOutOptions,
    private readonly pub: RedisClient,
    private readonly sub: RedisClient,
  ) {
    this.leases = new Leases({
      redis: pub,
      nodeId: this.nodeId,
      ttlMs: options.leaseTtlMs,
      onLost: (kind, id) => this.lost(kind, id),
    });
    // the key the nodes sign their messages with, derived from the secret they share
    const key = createHmac("sha256", options.authSecret).update("pickle-garden node messages").digest();
    this.forwarder = new Forwarder(
      pub,
      sub,
      this.nodeId,
      key,
      (body) => this.serve(body as Forwarded),
      (reason, from) => options.log.warn({ reason, from }, "refused a message on this node's channel"),
    );
    this.redisUp = reportAway([pub, sub], (err) =>
      options.log.error({ err }, "redis error: leases cannot be renewed or taken"),
    );
  }

  static async connect(options: ScaleOutOptions): Promise<ScaleOut> {
    // errors once connected are reported by the instance (redisUp); before, the failure says what they were
    const [pub, sub] = await connectPair(options.redisUrl, { failWhileAway: true });
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
    this.dispatchSocket("adopt", { discordId }, undefined).then(
      (answer) => this.options.log.info({ discordId, ...answer }, "took over a player and its room"),
      (err: unknown) => this.options.log.warn({ err, discordId }, "putting a player back in its room failed"),
    );
  }

  /* ---------------- forwarding ---------------- */

  /** Runs an HTTP route's intent (parsed on this node) where its player is owned: here, or at its owner. */
  readonly dispatchHttp: Dispatch = (name, caller, input) =>
    this.route({ name, caller, input, via: "http" }, false, true);

  /** The same for a socket event's intent: its acknowledgement spreads the answer, the value rather than its text. */
  readonly dispatchSocket: DispatchIntent = async (name, caller, input) => {
    const answer = await this.route({ name, caller, input, via: "socket" }, false, true);
    return (answer instanceof JsonText ? answer.toJSON() : answer) as object | undefined;
  };

  /**
   * Saves and forgets the player's live copy wherever it is (linking or archiving moves its id): on its
   * owner, or nowhere when nobody owns it (the lease is not taken for this).
   */
  async signOut(discordId: string): Promise<void> {
    await this.route({ name: "signOut", caller: { discordId }, input: undefined, via: "http" }, false, false);
  }

  /**
   * Runs an intent where its player is owned: here, or at the owner. `take`: a player nobody owns is taken
   * here first (else the intent runs here on no live copy). Within the forward timeout, the entry node
   * tries again when the lease moved under the intent (a hand-over, a takeover: nothing was applied) and
   * when the owner is gone (no node listens on its channel, or its lease ran out while this node waited:
   * this node takes the player over), and when a command found Redis away and it is back within
   * REDIS_GRACE_MS (the command was never sent). A command Redis could not take answers 503. A node serving
   * another's message never tries again: the entry node does.
   */
  private async route(message: Forwarded, forwarded: boolean, take: boolean): Promise<unknown> {
    const deadline = Date.now() + this.options.forwardTimeoutMs;
    let wait = FIRST_RETRY_PAUSE_MS;
    let graceEnd = Number.POSITIVE_INFINITY;
    for (;;) {
      let attempt: Attempt;
      try {
        attempt = await this.attempt(message, forwarded, take, deadline);
      } catch (error) {
        // a command that never left (Redis away): tried again if Redis is back within the grace
        if (!forwarded && isRedisOffline(error)) {
          graceEnd = Math.min(graceEnd, Date.now() + REDIS_GRACE_MS, deadline);
          if (await this.redisBack(graceEnd)) continue;
        }
        throw error instanceof ForwardTimeoutError || isRedisAway(error) ? unavailable() : error;
      }
      if ("answer" in attempt) return attempt.answer;
      if (forwarded || Date.now() >= deadline) throw unavailable();
      await pause(wait);
      wait = Math.min(2 * wait, RETRY_PAUSE_MS);
    }
  }

  private async attempt(
    message: Forwarded,
    forwarded: boolean,
    take: boolean,
    deadline: number,
  ): Promise<Attempt> {
    const { discordId } = message.caller;
    const owner = take
      ? await this.need().service.ownerOf(discordId)
      : await this.leases.ownerOf("player", discordId).then((o) => (o === this.nodeId ? null : o));
    if (owner === null) return this.here(message, deadline);
    if (forwarded) return MOVED;
    forwardedIntents.inc({ transport: message.via });
    return this.ask(owner, message, deadline);
  }

  /**
   * The intent on the player's owner; a room served elsewhere takes the player there (one hop more, also
   * for an intent another node forwarded here: the player's owner need not be its socket's node).
   */
  private async here(message: Forwarded, deadline: number): Promise<Attempt> {
    const { service, intents } = this.need();
    const intent = intents[message.name];
    if (!intent) throw GameError.badRequest(`Unknown intent ${message.name}`);
    try {
      return { answer: await intent.run(message.caller, message.input) };
    } catch (error) {
      if (!(error instanceof NotOwnerError)) throw error;
      // the player moved before its command ran: nothing was applied
      if (error.kind === "player") return MOVED;
      if (message.handed) throw error;
      // the room's owner simulates its members: hand the player over and run the intent there
      await service.evict(message.caller.discordId, error.owner);
      forwardedIntents.inc({ transport: message.via });
      return this.ask(error.owner, { ...message, handed: true }, deadline);
    }
  }

  /** Whether this node's Redis connection is ready again by `until` (epoch ms). */
  private async redisBack(until: number): Promise<boolean> {
    while (!this.pub.isReady && Date.now() < until) await pause(REDIS_POLL_MS);
    return this.pub.isReady;
  }

  /**
   * Sends the intent to the player's owner and waits for its answer until `deadline`; while waiting,
   * checks the player's lease every LEASE_CHECK_MS, and stops waiting (moved) when the lease is free
   * (the owner froze or died past its time to live) or this node's. The answer comes back as JSON text.
   */
  private async ask(owner: string, message: Forwarded, deadline: number): Promise<Attempt> {
    const { discordId } = message.caller;
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
    } catch (error) {
      if (error instanceof OwnerGoneError) return MOVED;
      throw error;
    } finally {
      clearInterval(check);
    }
    if ("error" in reply) {
      const e = reply.error;
      // the owner could not serve it (its lease moved or ran out, it is stopping): nothing was applied
      if (e.status === 503 && e.code === ERROR_CODES.unavailable) return MOVED;
      throw new GameError(e.status, e.code, e.message, e.body as Record<string, unknown> | undefined);
    }
    const { json } = reply;
    return { answer: json === undefined ? undefined : new JsonText(json, () => JSON.parse(json) as unknown) };
  }

  /** An intent another node forwarded here (its signature, expiry and id checked by the Forwarder). */
  private async serve(message: Forwarded): Promise<Reply> {
    try {
      const answer = await this.route(message, true, message.name !== "signOut");
      if (answer === undefined) return {};
      return { json: answer instanceof JsonText ? answer.text : JSON.stringify(answer) };
    } catch (error) {
      if (error instanceof GameError)
        return {
          error: { status: error.status, code: error.code, message: error.message, body: error.body },
        };
      throw error;
    }
  }

  /* ---------------- takeover ---------------- */

  /** Players connected here whose lease nobody holds (their owner died): this node takes them over. */
  private async watch(): Promise<void> {
    // nobody can be taken over without Redis: the watch waits for it (its going away is logged once)
    if (!this.pub.isReady) return;
    const { io } = this.need();
    const ids: string[] = [];
    for (const room of io.of("/").adapter.rooms.keys())
      if (room.startsWith("player:") && !this.holds("player", room.slice(7))) ids.push(room.slice(7));
    if (ids.length === 0) return;
    try {
      const owners = await this.leases.ownersOf("player", ids);
      for (const [i, id] of ids.entries()) {
        if (owners[i] !== null) continue;
        const answer = (await this.dispatchSocket("adopt", { discordId: id }, undefined)) as {
          roomId: string | null;
        };
        this.options.log.info(
          { discordId: id, roomId: answer.roomId },
          "took over a player whose owner is gone",
        );
      }
    } catch (err) {
      // Redis going away under a command is reported once by its client (reportAway): the next turn waits
      if (!isRedisAway(err)) this.options.log.warn({ err }, "takeover watch failed");
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
      redis: this.redisUp(),
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
