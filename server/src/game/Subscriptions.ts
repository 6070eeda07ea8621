import {
  type SubscriptionStatus,
  type SubscriptionWindow,
  withSubscriptionWindows,
} from "@pickle-garden/shared";
import { isGuestId } from "../auth/tokens.ts";
import type { GameService } from "./GameService.ts";
import type { GameLog } from "./GameServiceDeps.ts";
import { KeyedQueue } from "./KeyedQueue.ts";

/**
 * The garden-supporter subscription (docs/decisions.md, "The garden-supporter subscription"): the server alone decides it, from the spans
 * Discord's entitlements cover for the player's Discord id. It asks Discord at sign-in, at the activity's
 * token exchange, when the bot relays an entitlement event, after a purchase, and every RECHECK_MS at
 * most while a player is online. What Discord answers becomes the document's windows (inputs of the
 * rules, applied before the settle); when Discord cannot answer, the last known windows stay.
 */

/** The player's entitlement spans to the SKU, as Discord answers them now. */
export type WindowsOf = (discordId: string) => Promise<SubscriptionWindow[]>;

// chosen: a subscription bought in another client shows within five minutes, at one call per player per five minutes
export const RECHECK_MS = 5 * 60_000;
// chosen: a purchase's confirmation may be asked again after ten seconds (Discord may be a moment behind)
export const REFRESH_MIN_MS = 10_000;
// chosen: the sweep over online players runs every minute; each player is asked at most every RECHECK_MS
const SWEEP_MS = 60_000;

export class Subscriptions {
  private readonly checkedAt = new Map<string, number>();
  /** the last purchase confirmation asked per player (its own limit: a sign-in's check never stands for it) */
  private readonly confirmedAt = new Map<string, number>();
  /** one question at a time per player: a later answer is never overwritten by an earlier one */
  private readonly asks = new KeyedQueue();
  private readonly sweepTimer: ReturnType<typeof setInterval> | null;

  constructor(
    private readonly game: GameService,
    /** null: subscriptions are off (no SKU, or no Discord bot token to ask with) */
    private readonly windowsOf: WindowsOf | null,
    private readonly log: GameLog,
  ) {
    this.sweepTimer = windowsOf ? setInterval(() => this.sweep(), SWEEP_MS) : null;
    this.sweepTimer?.unref?.();
  }

  get enabled(): boolean {
    return this.windowsOf !== null;
  }

  /**
   * Asks Discord now (sign-in, token exchange, the bot's entitlement events) and applies the answer.
   * Never throws: Discord failing, or a player not found, leaves the player as it was.
   */
  refresh(discordId: string): Promise<void> {
    const ask = this.windowsOf;
    if (!ask || isGuestId(discordId)) return Promise.resolve();
    return this.asks.run(discordId, () => this.apply(discordId, ask));
  }

  /**
   * The server's word after asking Discord, unless this player asked less than `minMs` ago: a purchase's
   * confirmation (the client's word is never taken), the bot's entitlement events (minMs 0).
   */
  async confirm(discordId: string, minMs: number): Promise<SubscriptionStatus> {
    const now = this.game.clock.now();
    const last = this.confirmedAt.get(discordId);
    if (last === undefined || now - last >= minMs) {
      this.confirmedAt.set(discordId, now);
      await this.refresh(discordId);
    }
    return this.game.read(discordId, (player) => ({
      enabled: this.enabled,
      active: player.subscription_active,
    }));
  }

  stop(): void {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
  }

  private async apply(discordId: string, ask: WindowsOf): Promise<void> {
    this.checkedAt.set(discordId, this.game.clock.now());
    let windows: SubscriptionWindow[];
    try {
      windows = await ask(discordId);
    } catch (err) {
      this.log.warn({ err, discordId }, "entitlements could not be read: the last known subscription stays");
      return;
    }
    try {
      await this.game.command(discordId, () => ({ answer: undefined }), {
        inputs: (player) => withSubscriptionWindows(player, windows),
      });
    } catch (err) {
      this.log.debug({ err, discordId }, "subscription not applied (no such player)");
    }
  }

  /** Every online player whose last check is older than RECHECK_MS is asked again. */
  private sweep(): void {
    const now = this.game.clock.now();
    for (const id of this.game.onlineIds()) {
      const last = this.checkedAt.get(id);
      if (last === undefined || now - last >= RECHECK_MS) void this.refresh(id);
    }
  }
}
