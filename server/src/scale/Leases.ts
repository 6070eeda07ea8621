import { performance } from "node:perf_hooks";
import type { RedisClient } from "./redisClient.ts";

/**
 * Leases in Redis (docs/scale-out.md): one node at a time owns a player or a room. Taking is
 * `SET lease node NX PX ttl` plus `INCR` of the key's fencing counter, in one script; renewing and
 * releasing compare the owner first. Redis is the arbiter: nothing here decides ownership on its own.
 * A lease is served only while this node's last confirmed renewal says it is valid (`holds`).
 *
 * Rooms are also listed while their lease lives: the sorted set `pg:open:room` scores each room with the
 * time (Redis's clock) its lease runs out, set by the same scripts that take and renew it.
 */

export type LeaseKind = "player" | "room";

export type Taken = { token: number; owner?: undefined } | { token?: undefined; owner: string };

/** Lua: lists ARGV[idArg] in the directory KEYS[dirKey] (when given) until the lease's time to live ARGV[2] runs out. */
const listed = (dirKey: number, idArg: number) => `
if KEYS[${dirKey}] then
  local t = redis.call('TIME')
  redis.call('ZADD', KEYS[${dirKey}], t[1] * 1000 + math.floor(t[2] / 1000) + tonumber(ARGV[2]), ARGV[${idArg}])
end`;

const TAKE = `
local owner = redis.call('GET', KEYS[1])
if owner and owner ~= ARGV[1] then return {0, owner} end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
${listed(3, 4)}
local token = redis.call('INCR', KEYS[2])
local floor = tonumber(ARGV[3])
if token <= floor then
  token = floor + 1
  redis.call('SET', KEYS[2], token)
end
return {token, ARGV[1]}
`;

const RENEW = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
${listed(2, 3)}
return redis.call('PEXPIRE', KEYS[1], ARGV[2])
`;

const RELEASE = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
if KEYS[2] then redis.call('ZREM', KEYS[2], ARGV[2]) end
return redis.call('DEL', KEYS[1])
`;

/** The directory's ids whose lease has not run out (the others are dropped from it). */
const LIST = `
local t = redis.call('TIME')
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', t[1] * 1000 + math.floor(t[2] / 1000))
return redis.call('ZRANGE', KEYS[1], 0, -1)
`;

const HAND_OVER = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3]) end
return 0
`;

export const leaseKey = (kind: LeaseKind, id: string) => `pg:lease:${kind}:${id}`;
const fenceKey = (kind: LeaseKind, id: string) => `pg:fence:${kind}:${id}`;
/** The kinds whose open keys are listed, and where (rooms: getRooms on any node). */
const DIRECTORY: Partial<Record<LeaseKind, string>> = { room: "pg:open:room" };
const directoryKeys = (kind: LeaseKind) => (DIRECTORY[kind] ? [DIRECTORY[kind]] : []);

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
  private readonly reviving = new Map<string, Promise<boolean>>();

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
      keys: [leaseKey(kind, id), fenceKey(kind, id), ...directoryKeys(kind)],
      arguments: [this.nodeId, String(this.ttlMs), String(floor), id],
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

  /**
   * Takes again a lease this node held whose validity ran out (its event loop stalled past the renewals,
   * or Redis let the key expire) when no other node took it meanwhile: the fencing counter then moved by
   * this take alone, so this node's copy is still the newest and is kept (true). Otherwise the lease is
   * lost (onLost) and the answer is false.
   */
  revive(kind: LeaseKind, id: string): Promise<boolean> {
    const key = leaseKey(kind, id);
    const held = this.held.get(key);
    if (!held) return Promise.resolve(false);
    let pending = this.reviving.get(key);
    if (!pending) {
      pending = this.take(kind, id, held.token)
        .then(
          (taken) => taken.token === held.token + 1,
          () => false,
        )
        .then((kept) => {
          if (!kept) this.lose(key);
          return kept;
        })
        .finally(() => this.reviving.delete(key));
      this.reviving.set(key, pending);
    }
    return pending;
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
    await this.redis.eval(RELEASE, {
      keys: [leaseKey(kind, id), ...directoryKeys(kind)],
      arguments: [this.nodeId, id],
    });
  }

  /** The ids of every node's live leases of a listed kind (rooms). */
  async listed(kind: LeaseKind): Promise<string[]> {
    const key = DIRECTORY[kind];
    if (!key) throw new Error(`${kind} leases are not listed`);
    return (await this.redis.eval(LIST, { keys: [key] })) as string[];
  }

  /**
   * Passes a lease this node holds to `node` in one step (a player handed to its room's owner): the key
   * is never free between the two owners, so no third party (a watch, a request on this node) can take it
   * meanwhile. `node` takes it with `take`, which gives it a fresh token; if it never does, the lease runs
   * out after its time to live like a dead node's.
   */
  async handOver(kind: LeaseKind, id: string, node: string): Promise<void> {
    this.held.delete(leaseKey(kind, id));
    await this.redis.eval(HAND_OVER, {
      keys: [leaseKey(kind, id)],
      arguments: [this.nodeId, node, String(this.ttlMs)],
    });
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

  /** Renews every lease this node holds, in one pipeline; takes again the ones that lapsed (revive), or reports them lost. */
  async renewAll(): Promise<void> {
    if (this.renewing) return;
    this.renewing = true;
    const leases = [...this.held.entries()];
    const sent = performance.now();
    try {
      const multi = this.redis.multi();
      for (const [key, held] of leases)
        multi.eval(RENEW, {
          keys: [key, ...directoryKeys(held.kind)],
          arguments: [this.nodeId, String(this.ttlMs), held.id],
        });
      const replies = leases.length > 0 ? await multi.execAsPipeline() : [];
      const lapsed: Promise<boolean>[] = [];
      leases.forEach(([key, held], i) => {
        if (this.held.get(key) !== held) return;
        if (Number(replies[i]) === 1) held.validUntil = sent + this.ttlMs;
        else lapsed.push(this.revive(held.kind, held.id));
      });
      await Promise.all(lapsed);
    } catch {
      // Redis unreachable: a lease stays served until its validity runs out, then it is lost
      const now = performance.now();
      for (const [key, held] of leases)
        if (now >= held.validUntil && this.held.get(key) === held) this.lose(key);
    } finally {
      this.renewing = false;
    }
  }

  start(): void {
    // chosen: five renewals per time to live, so an event loop stalled for up to four fifths of it (a
    // long flush, a SQLite write lock held by another process) or a renewal lost never lets a lease lapse
    this.timer ??= setInterval(() => void this.renewAll(), Math.floor(this.ttlMs / 5));
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private lose(key: string): void {
    const held = this.held.get(key);
    if (!held) return;
    this.held.delete(key);
    this.onLost(held.kind, held.id);
  }
}
