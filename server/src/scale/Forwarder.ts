import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import type { RedisClient } from "./redisClient.ts";

/**
 * Request and reply between nodes over Redis pub/sub (docs/scale-out.md): each node listens on its own
 * channel `pg:node:<nodeId>`; a request names the asking node, which gets the reply on its channel. A
 * request with no reply within the timeout fails with ForwardTimeoutError; one that no node listens for
 * (the node died), or that the caller gives up on, fails with OwnerGoneError.
 *
 * Every message is signed (HMAC-SHA256 with the key the nodes share) and names the node it is for, a
 * unique id and an expiry: a node drops a message whose signature is wrong, that is for another node,
 * that expired, or a request whose id it has already seen (ids are remembered until their expiry), so a
 * message captured on Redis and published again applies nothing.
 */

export class ForwardTimeoutError extends Error {
  constructor(readonly node: string) {
    super(`node ${node} did not answer in time`);
    this.name = "ForwardTimeoutError";
  }
}

/** The node asked is gone (nobody listens on its channel, or the caller saw its lease run out): nothing more will come. */
export class OwnerGoneError extends Error {
  constructor(readonly node: string) {
    super(`node ${node} is gone`);
    this.name = "OwnerGoneError";
  }
}

interface Envelope {
  kind: "request" | "reply";
  /** the request's id (a reply carries its request's) */
  id: string;
  from: string;
  to: string;
  /** ms since the epoch after which the message is refused */
  exp: number;
  ok?: boolean;
  body: unknown;
}

/** Why a message was dropped, for the log. */
export type Refusal = "signature" | "other node" | "expired" | "replayed";

const channelOf = (nodeId: string) => `pg:node:${nodeId}`;
/** chosen: a reply outlives any wait for it (FORWARD_TIMEOUT_MS is 30 s by default) */
const REPLY_TTL_MS = 60_000;
/** chosen: a reply nobody heard is sent again after this, then at doubling pauses up to REPLY_RETRY_MAX_MS */
const REPLY_RETRY_FIRST_MS = 50;
const REPLY_RETRY_MAX_MS = 1_000;

export class Forwarder {
  private readonly waiting = new Map<
    string,
    { resolve(body: unknown): void; reject(err: unknown): void; timer: ReturnType<typeof setTimeout> }
  >();
  /** ids of the requests served, with their expiry, in the order they came */
  private readonly seen = new Map<string, number>();
  private stopped = false;

  constructor(
    private readonly pub: RedisClient,
    private readonly sub: RedisClient,
    private readonly nodeId: string,
    private readonly key: Buffer,
    private readonly serve: (body: unknown) => Promise<unknown>,
    private readonly refused: (reason: Refusal, from: string | undefined) => void = () => undefined,
  ) {}

  async start(): Promise<void> {
    await this.sub.subscribe(channelOf(this.nodeId), (text) => this.receive(text));
  }

  /**
   * Sends `body` to `node` and answers its reply; throws what the owner threw (as an Error),
   * ForwardTimeoutError, or OwnerGoneError (also when `gone` aborts: a late reply is then ignored).
   */
  request(node: string, body: unknown, timeoutMs: number, gone?: AbortSignal): Promise<unknown> {
    const id = randomUUID();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new ForwardTimeoutError(node));
      }, timeoutMs);
      this.waiting.set(id, { resolve, reject, timer });
      gone?.addEventListener("abort", () => this.settle(id, () => reject(new OwnerGoneError(node))), {
        once: true,
      });
      const envelope: Envelope = {
        kind: "request",
        id,
        from: this.nodeId,
        to: node,
        exp: Date.now() + timeoutMs,
        body,
      };
      this.pub.publish(channelOf(node), this.seal(envelope)).then(
        (listeners) => {
          // nobody subscribed: the node is gone, no need to wait for the timeout
          if (listeners === 0) this.settle(id, () => reject(new OwnerGoneError(node)));
        },
        (err: unknown) => this.settle(id, () => reject(err)),
      );
    });
  }

  stop(): void {
    this.stopped = true;
    for (const { reject, timer } of this.waiting.values()) {
      clearTimeout(timer);
      reject(new Error("forwarding stopped"));
    }
    this.waiting.clear();
  }

  /** `<signature>.<envelope as JSON>`: the signature is over the JSON text exactly as sent. */
  private seal(envelope: Envelope): string {
    const json = JSON.stringify(envelope);
    return `${this.sign(json)}.${json}`;
  }

  private sign(json: string): string {
    return createHmac("sha256", this.key).update(json).digest("base64url");
  }

  /** The envelope of a message signed by a node that shares the key, for this node and not expired; else null. */
  private open(text: string): Envelope | null {
    const dot = text.indexOf(".");
    const json = text.slice(dot + 1);
    const given = Buffer.from(dot > 0 ? text.slice(0, dot) : "");
    const expected = Buffer.from(this.sign(json));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      this.refused("signature", undefined);
      return null;
    }
    const envelope = JSON.parse(json) as Envelope;
    const now = Date.now();
    const refusal: Refusal | null =
      envelope.to !== this.nodeId
        ? "other node"
        : envelope.exp < now
          ? "expired"
          : envelope.kind === "request" && this.seen.has(envelope.id)
            ? "replayed"
            : null;
    if (refusal) {
      this.refused(refusal, envelope.from);
      return null;
    }
    if (envelope.kind === "request") {
      for (const [id, exp] of this.seen) {
        if (exp >= now) break;
        this.seen.delete(id);
      }
      this.seen.set(envelope.id, envelope.exp);
    }
    return envelope;
  }

  private settle(id: string, fn: () => void): void {
    const waiter = this.waiting.get(id);
    if (!waiter) return;
    clearTimeout(waiter.timer);
    this.waiting.delete(id);
    fn();
  }

  private receive(text: string): void {
    const message = this.open(text);
    if (!message) return;
    if (message.kind === "reply") {
      const waiter = this.waiting.get(message.id);
      this.settle(message.id, () =>
        message.ok ? waiter?.resolve(message.body) : waiter?.reject(new Error(String(message.body))),
      );
      return;
    }
    void this.serve(message.body).then(
      (body) => this.reply(message, true, body),
      (err: unknown) => this.reply(message, false, err instanceof Error ? err.message : String(err)),
    );
  }

  /**
   * Publishes the reply on the asking node's channel. When nobody heard it, the asker's connection to
   * Redis is being made again (Redis restarted: its subscription comes back with it) or the asker is gone,
   * so it is published again at growing pauses until the request's expiry, when the asker stops waiting.
   */
  private reply(to: Envelope, ok: boolean, body: unknown): void {
    const envelope: Envelope = {
      kind: "reply",
      id: to.id,
      from: this.nodeId,
      to: to.from,
      exp: Date.now() + REPLY_TTL_MS,
      ok,
      body,
    };
    const text = this.seal(envelope);
    const send = (retryIn: number) => {
      const again = () => {
        if (this.stopped || Date.now() + retryIn >= to.exp) return;
        setTimeout(() => send(Math.min(2 * retryIn, REPLY_RETRY_MAX_MS)), retryIn).unref?.();
      };
      this.pub.publish(channelOf(to.from), text).then((listeners) => {
        if (listeners === 0) again();
      }, again);
    };
    send(REPLY_RETRY_FIRST_MS);
  }
}
