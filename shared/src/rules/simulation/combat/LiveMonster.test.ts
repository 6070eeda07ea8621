import { describe, expect, it } from "vitest";
import { LiveMonster } from "./LiveMonster.ts";

const NONE = Number.NEGATIVE_INFINITY;
const INF = Number.POSITIVE_INFINITY;

describe("LiveMonster", () => {
  it("keeps the document's uid; a spawn makes a new one from its id, time and slot", () => {
    const m = LiveMonster.fromInstance(
      { id: 5, uid: "kept", hp: 500, maxHp: 1200, nextAttackAt: 4000, status: {} },
      2,
    );
    expect([m.uid, m.hp, m.nextAttackAt]).toEqual(["kept", 500, 4000]);
    m.spawn(5, 7000);
    expect(m.uid).toBe("5-7000-2");
  });

  it("a spawn of another kind takes its table values, at full hp, its statuses cleared", () => {
    const m = new LiveMonster(1, 0);
    Object.assign(m, {
      hp: 3,
      freezeUntil: 9000,
      stunUntil: 9000,
      burnNextTick: 2000,
      burnDps: 4,
      burnAcc: 0.5,
    });
    Object.assign(m, { burnUntil: 9000, bleedNextTick: 2000, bleedDps: 2, bleedAcc: 0.5, bleedUntil: 9000 });
    m.spawn(2, 1000);
    expect([m.id, m.hp, m.maxHp, m.proto.name, m.nextAttackAt]).toEqual([2, 300, 300, "Black Ant", INF]);
    expect([m.freezeUntil, m.stunUntil, m.burnUntil, m.burnDps, m.burnAcc, m.burnNextTick]).toEqual([
      NONE,
      NONE,
      NONE,
      0,
      0,
      INF,
    ]);
    expect([m.bleedUntil, m.bleedDps, m.bleedAcc, m.bleedNextTick]).toEqual([NONE, 0, 0, INF]);
  });

  it("the document at t: a freeze or stun ending at t is gone, a running burn and bleed kept whole", () => {
    const status = {
      freeze: { until: 5000 },
      stun: { until: 6000 },
      burn: { until: 8000, dps: 3, acc: 0.5, nextTickAt: 6000 },
      bleed: { until: 7000, dps: 2, acc: 0.25, nextTickAt: 5500 },
    };
    const m = LiveMonster.fromInstance(
      { id: 5, uid: "b", hp: 900, maxHp: 1200, nextAttackAt: null, status },
      0,
    );
    expect(m.toInstance(4999)).toEqual({ id: 5, uid: "b", hp: 900, maxHp: 1200, nextAttackAt: null, status });
    expect(m.toInstance(5000).status).toEqual({ stun: status.stun, burn: status.burn, bleed: status.bleed });
    expect(m.toInstance(6000).status).toEqual({ burn: status.burn, bleed: status.bleed });
    expect(m.disabledUntil(4000)).toBe(6000);
    expect(m.disabledUntil(6000)).toBe(NONE);
  });
});
