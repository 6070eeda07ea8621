import { randomUUID } from "node:crypto";
import type { RedisClient } from "./redisClient.ts";

/**
 * Request and reply between nodes over Redis pub/sub (docs/scale-out.md): each node listens on its own
 * channel `pg:node:<nodeId>`; a request names the asking node, which gets the reply on its channel. A
 * request with no reply within the timeout fails with ForwardTimeoutError; one that no node listens for
 * (the node died), or that the caller gives up on, fails with OwnerGoneError.
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

type Message =
  | { kind: "request"; id: string; from: string; body: unknown }
  | { kind: "reply"; id: string; ok: boolean; body: unknown };

const channelOf = (nodeId: string) => `pg:node:${nodeId}`;

export class Forwarder {
  private readonly waiting = new Map<
    string,
    { resolve(body: unknown): void; reject(err: unknown): void; timer: ReturnType<typeof setTimeout> }
  >();

  constructor(
    private readonly pub: RedisClient,
    private readonly sub: RedisClient,
    private readonly nodeId: string,
    private readonly serve: (body: unknown) => Promise<unknown>,
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
      const message: Message = { kind: "request", id, from: this.nodeId, body };
      this.pub.publish(channelOf(node), JSON.stringify(message)).then(
        (listeners) => {
          // nobody subscribed: the node is gone, no need to wait for the timeout
          if (listeners === 0) this.settle(id, () => reject(new OwnerGoneError(node)));
        },
        (err: unknown) => this.settle(id, () => reject(err)),
      );
    });
  }

  stop(): void {
    for (const { reject, timer } of this.waiting.values()) {
      clearTimeout(timer);
      reject(new Error("forwarding stopped"));
    }
    this.waiting.clear();
  }

  private settle(id: string, fn: () => void): void {
    const waiter = this.waiting.get(id);
    if (!waiter) return;
    clearTimeout(waiter.timer);
    this.waiting.delete(id);
    fn();
  }

  private receive(text: string): void {
    const message = JSON.parse(text) as Message;
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

  private reply(to: Extract<Message, { kind: "request" }>, ok: boolean, body: unknown): void {
    const message: Message = { kind: "reply", id: to.id, ok, body };
    void this.pub.publish(channelOf(to.from), JSON.stringify(message)).catch(() => undefined);
  }
}
