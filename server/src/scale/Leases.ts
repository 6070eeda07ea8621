import { performance } from "node:perf_hooks";
import type { RedisClient } from "./redisClient.ts";

/**
 * Leases in Redis (docs/scale-out.md): one node at a time owns a player or a room. Taking is
 * `SET lease node NX PX ttl` plus `INCR` of the key's fencing counter, in one script; renewing and
 * releasing compare the owner first. Redis is the arbiter: nothing here decides ownership on its own.
 * A lease is served only while this node's last confirmed renewal says it is valid (`holds`).
 */

export type LeaseKind = "player" | "room";

export type Taken = { token: number; owner?: undefined } | { token?: undefined; owner: string };

const TAKE = `
local owner = redis.call('GET', KEYS[1])
if owner and owner ~= ARGV[1] then return {0, owner} end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
local token = redis.call('INCR', KEYS[2])
local floor = tonumber(ARGV[3])
if token <= floor then
  token = floor + 1
  redis.call('SET', KEYS[2], token)
end
return {token, ARGV[1]}
`;

const RENEW = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
`;

const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;

export const leaseKey = (kind: LeaseKind, id: string) => `pg:lease:${kind}:${id}`;
const fenceKey = (kind: LeaseKind, id: string) => `pg:fence:${kind}:${id}`;

interface Held {
  kind: LeaseKind;
  id: string;
  token: number;
  /** performance.now() until which the last confirmed take or renewal holds the lease */
  validUntil: number;
}

export interface LeasesOptions {
  redis: RedisClient;
  nodeId: string;
  ttlMs: number;
  /** a lease Redis says is no longer ours, or one whose renewals failed past its validity */
  onLost(kind: LeaseKind, id: string): void;
}

export class Leases {
  private readonly held = new Map<string, Held>();
  private readonly redis: RedisClient;
  readonly nodeId: string;
  readonly ttlMs: number;
  private readonly onLost: LeasesOptions["onLost"];
  private timer: ReturnType<typeof setInterval> | null = null;
  private renewing = false;

  constructor(options: LeasesOptions) {
    this.redis = options.redis;
    this.nodeId = options.nodeId;
    this.ttlMs = options.ttlMs;
    this.onLost = options.onLost;
  }

  /**
   * Takes the lease when nobody holds it (or this node does): answers a fresh fencing token, above
   * `floor` (the token saved in the document), or the node that holds it.
   */
  async take(kind: LeaseKind, id: string, floor: number): Promise<Taken> {
    const sent = performance.now();
    const reply = (await this.redis.eval(TAKE, {
      keys: [leaseKey(kind, id), fenceKey(kind, id)],
      arguments: [this.nodeId, String(this.ttlMs), String(floor)],
    })) as [number, string];
    const [token, owner] = reply;
    if (token === 0) return { owner };
    this.held.set(leaseKey(kind, id), { kind, id, token, validUntil: sent + this.ttlMs });
    return { token };
  }

  /** The token of a lease this node holds and may still serve, or null. */
  tokenOf(kind: LeaseKind, id: string): number | null {
    const held = this.held.get(leaseKey(kind, id));
    return held && performance.now() < held.validUntil ? held.token : null;
  }

  /** Who holds the lease in Redis (null: nobody; it may be taken). */
  async ownerOf(kind: LeaseKind, id: string): Promise<string | null> {
    return this.redis.get(leaseKey(kind, id));
  }

  /** Owners of many leases in one round trip. */
  async ownersOf(kind: LeaseKind, ids: readonly string[]): Promise<(string | null)[]> {
    if (ids.length === 0) return [];
    return this.redis.mGet(ids.map((id) => leaseKey(kind, id)));
  }

  /** Gives a lease up (graceful shutdown, a player handed to a room's owner). */
  async release(kind: LeaseKind, id: string): Promise<void> {
    this.held.delete(leaseKey(kind, id));
    await this.redis.eval(RELEASE, { keys: [leaseKey(kind, id)], arguments: [this.nodeId] });
  }

  /** Forgets a lease without telling Redis (it was lost). */
  forget(kind: LeaseKind, id: string): void {
    this.held.delete(leaseKey(kind, id));
  }

  count(kind: LeaseKind): number {
    let n = 0;
    for (const h of this.held.values()) if (h.kind === kind) n++;
    return n;
  }

  /** Renews every lease this node holds, in one pipeline; reports the ones lost. */
  async renewAll(): Promise<void> {
    if (this.renewing) return;
    this.renewing = true;
    const leases = [...this.held.entries()];
    const sent = performance.now();
    try {
      const multi = this.redis.multi();
      for (const [key] of leases)
        multi.eval(RENEW, { keys: [key], arguments: [this.nodeId, String(this.ttlMs)] });
      const replies = leases.length > 0 ? await multi.execAsPipeline() : [];
      leases.forEach(([key, held], i) => {
        if (this.held.get(key) !== held) return;
        if (Number(replies[i]) === 1) held.validUntil = sent + this.ttlMs;
        else this.lose(key, held);
      });
    } catch {
      // Redis unreachable: a lease stays served until its validity runs out, then it is lost
      const now = performance.now();
      for (const [key, held] of leases) if (now >= held.validUntil) this.lose(key, held);
    } finally {
      this.renewing = false;
    }
  }

  start(): void {
    // chosen: three renewals per time to live, so one late or failed renewal never loses a lease
    this.timer ??= setInterval(() => void this.renewAll(), Math.floor(this.ttlMs / 3));
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private lose(key: string, held: Held): void {
    this.held.delete(key);
    this.onLost(held.kind, held.id);
  }
}
