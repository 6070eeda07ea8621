import type { MonsterInstance, MonsterStatus } from "../../../protocol/player.ts";
import type { MonsterProto } from "./monsterProto.ts";
import { monsterProto } from "./monsterProto.ts";
import { monsterUid } from "./monsters.ts";

/** No status: an `until` of -Infinity never outlasts any time. */
const NONE = Number.NEGATIVE_INFINITY;
const INF = Number.POSITIVE_INFINITY;

/**
 * A monster in a running fight: the document's MonsterInstance flattened into numbers (no nested
 * objects to allocate on the hot path), its table values in `proto`, its uid built only when asked.
 */
export class LiveMonster {
  proto: MonsterProto;
  readonly slot: number;
  hp = 0;
  maxHp = 1;
  /** Infinity while no attack is scheduled (player dead) */
  nextAttackAt = INF;
  freezeUntil = NONE;
  stunUntil = NONE;
  burnUntil = NONE;
  burnDps = 0;
  burnAcc = 0;
  burnNextTick = INF;
  bleedUntil = NONE;
  bleedDps = 0;
  bleedAcc = 0;
  bleedNextTick = INF;
  private spawnedAt = 0;
  private uidText: string | null = null;

  constructor(id: number, slot: number) {
    this.proto = monsterProto(id);
    this.slot = slot;
    this.hp = this.proto.maxHp;
    this.maxHp = this.proto.maxHp;
  }

  get id(): number {
    return this.proto.id;
  }

  get uid(): string {
    if (this.uidText === null) this.uidText = monsterUid(this.proto.id, this.spawnedAt, this.slot);
    return this.uidText;
  }

  /** Becomes a fresh monster of `id` appearing at `at` (full hp, no status, no attack scheduled). */
  spawn(id: number, at: number): void {
    if (this.proto.id !== id) this.proto = monsterProto(id);
    this.hp = this.proto.maxHp;
    this.maxHp = this.proto.maxHp;
    this.spawnedAt = at;
    this.uidText = null;
    this.nextAttackAt = INF;
    this.clearStatus();
  }

  clearStatus(): void {
    this.freezeUntil = NONE;
    this.stunUntil = NONE;
    this.burnUntil = NONE;
    this.burnDps = 0;
    this.burnAcc = 0;
    this.burnNextTick = INF;
    this.bleedUntil = NONE;
    this.bleedDps = 0;
    this.bleedAcc = 0;
    this.bleedNextTick = INF;
  }

  /** Frozen or stunned at t: its attacks wait until the later of the two ends (NONE when free). */
  disabledUntil(t: number): number {
    const u = this.freezeUntil > this.stunUntil ? this.freezeUntil : this.stunUntil;
    return u > t ? u : NONE;
  }

  static fromInstance(inst: MonsterInstance, slot: number): LiveMonster {
    const live = new LiveMonster(inst.id, slot);
    live.uidText = inst.uid;
    live.maxHp = inst.maxHp;
    live.hp = Math.min(inst.maxHp, Math.max(0, inst.hp));
    live.nextAttackAt = inst.nextAttackAt ?? INF;
    const s = inst.status;
    if (s.freeze) live.freezeUntil = s.freeze.until;
    if (s.stun) live.stunUntil = s.stun.until;
    if (s.burn) {
      live.burnUntil = s.burn.until;
      live.burnDps = s.burn.dps;
      live.burnAcc = s.burn.acc;
      live.burnNextTick = s.burn.nextTickAt;
    }
    if (s.bleed) {
      live.bleedUntil = s.bleed.until;
      live.bleedDps = s.bleed.dps;
      live.bleedAcc = s.bleed.acc;
      live.bleedNextTick = s.bleed.nextTickAt;
    }
    return live;
  }

  /** The document form at time t: statuses that ended by t are dropped (each ends at its until). */
  toInstance(t: number): MonsterInstance {
    const status: MonsterStatus = {};
    if (this.freezeUntil > t) status.freeze = { until: this.freezeUntil };
    if (this.stunUntil > t) status.stun = { until: this.stunUntil };
    if (this.burnNextTick !== INF) {
      status.burn = {
        until: this.burnUntil,
        dps: this.burnDps,
        acc: this.burnAcc,
        nextTickAt: this.burnNextTick,
      };
    }
    if (this.bleedNextTick !== INF) {
      status.bleed = {
        until: this.bleedUntil,
        dps: this.bleedDps,
        acc: this.bleedAcc,
        nextTickAt: this.bleedNextTick,
      };
    }
    return {
      id: this.proto.id,
      uid: this.uid,
      hp: this.hp,
      maxHp: this.maxHp,
      nextAttackAt: Number.isFinite(this.nextAttackAt) ? this.nextAttackAt : null,
      status,
    };
  }
}
