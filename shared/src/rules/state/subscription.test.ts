import { describe, expect, it } from "vitest";
import { deepFreeze, gatherer } from "../../../testing/players.ts";
import type { Player, SubscriptionWindow } from "../../protocol/player.ts";
import { advance } from "../simulation/advance.ts";
import type { XpUpdate } from "./events.ts";
import { subscribedAt, subscriptionSpans, withSubscriptionWindows } from "./subscription.ts";
import { xpForLevel } from "./xpForLevel.ts";

const H = 3_600_000;
const OPEN: SubscriptionWindow = { startsAt: null, endsAt: null };
/** the subscription bought one hour into a four-hour absence and ended two hours later */
const BOUGHT = { startsAt: 1 * H, endsAt: 3 * H };

const withWindows = (p: Player, windows: SubscriptionWindow[]) => ({ ...p, subscriptionWindows: windows });
const xpEvents = (events: readonly { type: string }[]) =>
  events.filter((e): e is XpUpdate => e.type === "xpUpdate");

describe("subscription windows", () => {
  it("cover (startsAt, endsAt], open ends included", () => {
    expect(subscribedAt([BOUGHT], H)).toBe(false);
    expect(subscribedAt([BOUGHT], H + 1)).toBe(true);
    expect(subscribedAt([BOUGHT], 3 * H)).toBe(true);
    expect(subscribedAt([BOUGHT], 3 * H + 1)).toBe(false);
    expect(subscribedAt([OPEN], -1e15)).toBe(true);
    expect(subscribedAt([], 0)).toBe(false);
  });

  it("cut a span at the edges inside it, each piece with its state", () => {
    expect(subscriptionSpans([BOUGHT], 0, 4 * H)).toEqual([
      { until: H, subscribed: false },
      { until: 3 * H, subscribed: true },
      { until: 4 * H, subscribed: false },
    ]);
    expect(subscriptionSpans([], 0, 4 * H)).toEqual([{ until: 4 * H, subscribed: false }]);
    expect(subscriptionSpans([BOUGHT], 2 * H, 5 * H)).toEqual([
      { until: 3 * H, subscribed: true },
      { until: 5 * H, subscribed: false },
    ]);
  });

  it("a refresh changes the windows and the flag at the settled time, nothing already earned", () => {
    const p = advance(gatherer(2), 2 * H).player;
    const refreshed = withSubscriptionWindows(p, [BOUGHT]);
    expect(refreshed.subscription_active).toBe(true);
    expect(refreshed.skills).toEqual(p.skills);
    expect(withSubscriptionWindows(refreshed, [BOUGHT])).toBe(refreshed);
    expect(withSubscriptionWindows(refreshed, []).subscription_active).toBe(false);
  });

  it("cut at edges strictly inside the span only, in time order, whatever the windows' order", () => {
    const later = { startsAt: 5 * H, endsAt: 6 * H };
    expect(subscriptionSpans([later, BOUGHT], 0, 8 * H).map((s) => s.until)).toEqual([
      H,
      3 * H,
      5 * H,
      6 * H,
      8 * H,
    ]);
    // edges on the span's ends cut nothing
    expect(subscriptionSpans([BOUGHT], H, 3 * H)).toEqual([{ until: 3 * H, subscribed: true }]);
    expect(subscriptionSpans([{ startsAt: null, endsAt: 2 * H }], 0, 4 * H)).toEqual([
      { until: 2 * H, subscribed: true },
      { until: 4 * H, subscribed: false },
    ]);
  });

  it("a refresh drops the windows ended by the settled time, keeps the others, and answers the same player when nothing changed", () => {
    const p = deepFreeze({
      ...advance(gatherer(2), 2 * H).player,
      subscription_active: false,
      subscriptionWindows: [],
    });
    const ended = { startsAt: 0, endsAt: p.settledAt };
    const open = { startsAt: p.settledAt + H, endsAt: null };
    const r = withSubscriptionWindows(p, [ended, open, BOUGHT]);
    expect(r.subscriptionWindows).toEqual([open, BOUGHT]);
    expect(r.subscription_active).toBe(true);
    // the same windows again: the same player
    expect(withSubscriptionWindows(r, [open, BOUGHT])).toBe(r);
    // another window, or another edge, with the flag unchanged: a new player
    const moved = withSubscriptionWindows(r, [open, { ...BOUGHT, endsAt: 3 * H + 1 }]);
    expect(moved.subscriptionWindows).toEqual([open, { ...BOUGHT, endsAt: 3 * H + 1 }]);
    const starts = withSubscriptionWindows(r, [{ ...open, startsAt: open.startsAt + 1 }, BOUGHT]);
    expect(starts.subscriptionWindows[0]!.startsAt).toBe(open.startsAt + 1);
    expect(withSubscriptionWindows(r, [BOUGHT]).subscriptionWindows).toEqual([BOUGHT]);
    // the first window kept, the second gone, the flag unchanged: a new player with the one window
    const both = withSubscriptionWindows(p, [BOUGHT, open]);
    const fewer = withSubscriptionWindows(both, [BOUGHT]);
    expect(fewer).not.toBe(both);
    expect(fewer.subscriptionWindows).toEqual([BOUGHT]);
    expect(fewer.subscription_active).toBe(true);
    // nothing left and the flag already off: the same player
    expect(withSubscriptionWindows(p, [ended])).toBe(p);
  });
});

describe("offline catch-up across a subscription", () => {
  const subscribed = () => deepFreeze(withWindows(gatherer(2), [BOUGHT]));
  /** Four hours away, the subscription bought for the second and third. */
  const catchUp = () => advance(subscribed(), 4 * H, { maxEvents: 1_000_000 });

  it("earns 1.5x on exactly the covered span (seed 2)", () => {
    const whole = catchUp();
    // the same absence in three pieces: never subscribed, always subscribed, never subscribed
    const before = advance(withWindows(gatherer(2), []), H).player;
    const during = advance(withWindows(before, [OPEN]), 3 * H).player;
    const after = advance(withWindows(during, []), 4 * H).player;
    expect(whole.player.skills).toEqual(after.skills);
    expect(whole.player.inventory).toEqual(after.inventory);
    expect(whole.player.lab).toEqual(after.lab);

    const plain = advance(withWindows(gatherer(2), []), 4 * H).player;
    expect(plain.skills.mining.xp).toBe(8728);
    expect(whole.player.skills.mining.xp).toBe(11645);
    expect(whole.summary.bonusXp).toBe(2539);
  });

  it("marks each grant inside the window with its bonus, and none outside", () => {
    const whole = catchUp();
    const xp = xpEvents(whole.events).filter((e) => e.skill === "mining");
    const inside = xp.filter((e) => e.at > H && e.at <= 3 * H);
    const outside = xp.filter((e) => !(e.at > H && e.at <= 3 * H));
    expect(inside.length).toBeGreaterThan(0);
    expect(outside.length).toBeGreaterThan(0);
    for (const e of inside) expect(e.bonus).toBe(e.delta - Math.floor(e.delta / 1.5));
    for (const e of outside) expect(e).not.toHaveProperty("bonus");
    expect(xp.reduce((sum, e) => sum + (e.bonus ?? 0), 0)).toBe(whole.summary.bonusXp);
  });

  it("ends subscribed or not as the windows say at the settled time", () => {
    expect(advance(subscribed(), 2 * H).player.subscription_active).toBe(true);
    expect(catchUp().player.subscription_active).toBe(false);
  });

  it("a test entitlement (no start, no end) covers the whole absence", () => {
    const always = advance(withWindows(gatherer(2), [OPEN]), 4 * H);
    const never = advance(withWindows(gatherer(2), []), 4 * H);
    expect(always.summary.bonusXp).toBeGreaterThan(0);
    expect(always.player.skills.mining.xp).toBeGreaterThan(never.player.skills.mining.xp);
    expect(never.summary.bonusXp).toBe(0);
  });
});

describe("a subscriber's xp against a non-subscriber's over the same play", () => {
  /** The same four hours of mining at the garden, with and without the subscription (seed 1). */
  const play = (p: Player) => {
    const run = (windows: SubscriptionWindow[]) =>
      advance(deepFreeze(withWindows(p, windows)), 4 * H, { maxEvents: 1_000_000 });
    return { free: run([]), sub: run([OPEN]) };
  };

  it("is 1.5x per grant and more in all only by compounding: faster levels hit harder and break more nodes, no second bonus", () => {
    const { free, sub } = play(gatherer(1));
    const xp = (r: typeof free) => r.player.skills.mining.xp;
    // one bonus: the subscriber's xp is 1.5x the xp its own grants were worth without the subscription
    const base = xp(sub) - sub.summary.bonusXp;
    expect(xp(sub) / base).toBeCloseTo(1.5, 2);
    // the rest is more work done: levels come sooner, each hit does 1.5 more damage a level, so more
    // nodes break in the same four hours and the grants themselves are more
    expect(sub.player.skills.mining.level).toBeGreaterThan(free.player.skills.mining.level);
    expect(sub.summary.gathering!.nodes).toBeGreaterThan(free.summary.gathering!.nodes);
    expect(base / xp(free)).toBeGreaterThan(1.1);
    expect(xp(sub) / xp(free)).toBeCloseTo(1.677, 3);
  });

  it("is exactly 1.5x when levels cannot change the pace (mining at 99 already)", () => {
    const maxed = gatherer(1);
    const at99 = {
      ...maxed,
      skills: { ...maxed.skills, mining: { ...maxed.skills.mining, level: 99, xp: xpForLevel(99) } },
    };
    const { free, sub } = play(at99);
    const gained = (r: typeof free) => r.player.skills.mining.xp - xpForLevel(99);
    expect(sub.summary.gathering!.nodes).toBe(free.summary.gathering!.nodes);
    expect(gained(sub) / gained(free)).toBeCloseTo(1.5, 2);
    expect(gained(sub) - sub.summary.bonusXp).toBe(gained(free));
  });
});
