import type { Player, SubscriptionWindow } from "../../protocol/player.ts";

/**
 * The garden-supporter subscription as an input of the rules: the player document carries the spans
 * Discord's entitlements cover (SubscriptionWindow), and the simulation asks them at each moment, so a
 * subscription that starts or ends in the middle of an absence gives its bonus to exactly the part it
 * covers. A span is (startsAt, endsAt]: xp earned at t gets the bonus when startsAt < t <= endsAt.
 */

/** Is `t` inside one of the windows? */
export function subscribedAt(windows: readonly SubscriptionWindow[], t: number): boolean {
  return windows.some((w) => (w.startsAt === null || w.startsAt < t) && (w.endsAt === null || t <= w.endsAt));
}

/**
 * (from, until] cut at every window edge inside it, each piece with its subscription state: the whole
 * span in one piece when no edge falls inside (a player who never subscribed).
 */
export function subscriptionSpans(
  windows: readonly SubscriptionWindow[],
  from: number,
  until: number,
): { until: number; subscribed: boolean }[] {
  const edges = new Set<number>();
  for (const w of windows) {
    for (const edge of [w.startsAt, w.endsAt])
      if (edge !== null && edge > from && edge < until) edges.add(edge);
  }
  const ends = [...[...edges].sort((a, b) => a - b), until];
  // the state is constant on each piece (no edge strictly inside it), so its end tells it
  return ends.map((end) => ({ until: end, subscribed: subscribedAt(windows, end) }));
}

/**
 * The player with the windows Discord now answers (the server's refresh). Only the windows and the flag
 * change: the time already settled keeps what it earned, and the next advance applies the new windows
 * from the settled time on, so a subscription bought since then counts from its start. Windows ended by
 * the settled time are dropped: nothing is left for them to cover.
 */
export function withSubscriptionWindows(player: Player, windows: readonly SubscriptionWindow[]): Player {
  const kept = windows.filter((w) => w.endsAt === null || w.endsAt > player.settledAt);
  const active = subscribedAt(kept, player.settledAt);
  if (active === player.subscription_active && sameWindows(player.subscriptionWindows, kept)) return player;
  return { ...player, subscription_active: active, subscriptionWindows: kept.map((w) => ({ ...w })) };
}

function sameWindows(a: readonly SubscriptionWindow[], b: readonly SubscriptionWindow[]): boolean {
  return (
    a.length === b.length && a.every((w, i) => w.startsAt === b[i]!.startsAt && w.endsAt === b[i]!.endsAt)
  );
}
