import type { BotOutboxItem } from "@pickle-garden/shared";
import { DISCORD_ERRORS, type DiscordApi, errorCode, malformedReason } from "./discord.ts";
import { bossKillMessage, welcomeBackMessage } from "./embeds.ts";
import { panelMessage } from "./panelMessage.ts";
import type { ServerApi } from "./serverApi.ts";

/**
 * The bot's outbox loop (DESIGN §10): claim items with a lease, deliver each, acknowledge it. A crash
 * before the acknowledgement leaves the item to be claimed again when its lease runs out; delivering it
 * again is harmless: a DM or a first post carries the item id as its nonce (Discord answers the earlier
 * message), and a panel whose message id is recorded is edited, never posted again.
 */

export interface OutboxDeps {
  server: ServerApi;
  discord: DiscordApi;
  /** the channel panels are posted in; without it panel items are acknowledged and skipped */
  panelChannelId: string | undefined;
  log: Log;
  /** one edit per panel per this many ms at most (vote counts) */
  panelEditEveryMs: number;
  owner: string;
  leaseMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export interface Log {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

type PanelItem = Extract<BotOutboxItem, { kind: "panel" }>;
type SummaryItem = Extract<BotOutboxItem, { kind: "summary" }>;
type BossItem = Extract<BotOutboxItem, { kind: "boss" }>;

export class OutboxWorker {
  private readonly lastEdit = new Map<string, number>();
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  private stopped = false;
  private unreachable = false;

  constructor(private readonly deps: OutboxDeps) {
    this.now = deps.now ?? Date.now;
    this.sleep = deps.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  /** One round: claim what is due, deliver and acknowledge each. Answers how many items were handled. */
  async runOnce(): Promise<number> {
    const { server, owner } = this.deps;
    const items = await server.claim(owner, 10, this.deps.leaseMs ?? 60_000);
    for (const item of items) {
      if (this.stopped) break;
      try {
        await this.deliver(item);
        await server.ack(owner, item.id);
      } catch (error) {
        const malformed = malformedReason(error);
        if (malformed) {
          await this.park(item, malformed);
          continue;
        }
        // left leased: claimed again when the lease runs out
        this.deps.log.error("outbox delivery failed; it will be retried", {
          id: item.id,
          err: String(error),
        });
      }
    }
    return items.length;
  }

  /**
   * Discord will refuse this item however often it is sent: acknowledged as parked, with the reason in
   * the bot's log and the server's, never retried (a later change of its panel queues a new item).
   */
  private async park(item: BotOutboxItem, reason: string): Promise<void> {
    this.deps.log.error("outbox item parked: Discord refuses it as malformed", {
      id: item.id,
      kind: item.kind,
      reason,
    });
    await this.deps.server.ack(this.deps.owner, item.id, reason).catch((error: unknown) => {
      this.deps.log.warn("could not park the outbox item; it will be claimed again", {
        id: item.id,
        err: String(error),
      });
    });
  }

  /** Polls until stop(): at once while there is work, every pollMs otherwise. */
  async run(pollMs: number): Promise<void> {
    while (!this.stopped) {
      let handled = 0;
      try {
        handled = await this.runOnce();
        if (this.unreachable) this.deps.log.info("the server's outbox is reachable again");
        this.unreachable = false;
      } catch (error) {
        // said once per outage, not every poll
        if (!this.unreachable) this.deps.log.warn("cannot reach the server's outbox", { err: String(error) });
        this.unreachable = true;
      }
      if (handled === 0 && !this.stopped) await this.sleep(pollMs);
    }
  }

  stop(): void {
    this.stopped = true;
  }

  private deliver(item: BotOutboxItem): Promise<void> {
    if (item.kind === "panel") return this.syncPanel(item);
    if (item.kind === "boss") return this.announceBoss(item);
    return this.sendSummary(item);
  }

  /** A party boss beaten: a line in the panel channel (none without one, acknowledged all the same). */
  private async announceBoss(item: BossItem): Promise<void> {
    const channelId = this.deps.panelChannelId;
    if (!channelId) return;
    await this.deps.discord.post(channelId, bossKillMessage(item.kill), item.id);
  }

  /** Makes the panel's message match the panel: post it once, then edit it (debounced per panel). */
  private async syncPanel(item: PanelItem): Promise<void> {
    const { discord, server } = this.deps;
    const { panel, message } = item;
    if (!panel) return;
    if (!message) {
      const channelId = this.deps.panelChannelId;
      if (!panel.active) return;
      if (!channelId) {
        this.deps.log.warn("a panel waits to be posted but DISCORD_PANEL_CHANNEL_ID is not set", {
          panel: panel._id,
        });
        return;
      }
      const posted = await discord.post(channelId, panelMessage(panel, item.votes), item.id);
      await server.setPanelMessage(panel._id, { channelId, messageId: posted.id });
      this.lastEdit.set(panel._id, this.now());
      return;
    }
    const wait =
      (this.lastEdit.get(panel._id) ?? Number.NEGATIVE_INFINITY) + this.deps.panelEditEveryMs - this.now();
    if (wait > 0) await this.sleep(wait);
    try {
      await discord.edit(message.channelId, message.messageId, panelMessage(panel, item.votes));
    } catch (error) {
      const code = errorCode(error);
      if (code !== DISCORD_ERRORS.oldMessageEdits && code !== DISCORD_ERRORS.unknownMessage) throw error;
      // Discord refuses more edits of this old message (or it is gone): post a fresh one, retire the old
      const posted = await discord.post(message.channelId, panelMessage(panel, item.votes), item.id);
      await server.setPanelMessage(panel._id, { channelId: message.channelId, messageId: posted.id });
      if (code === DISCORD_ERRORS.oldMessageEdits) {
        await discord.remove(message.channelId, message.messageId).catch((err: unknown) => {
          this.deps.log.warn("could not remove the retired panel message", { err: String(err) });
        });
      }
    }
    this.lastEdit.set(panel._id, this.now());
  }

  /** The welcome-back DM; a user Discord will not let us message has their summaries turned off. */
  private async sendSummary(item: SummaryItem): Promise<void> {
    const { discord, server } = this.deps;
    const dm = item.summary;
    try {
      const channelId = await discord.dmChannel(dm.discordId);
      await discord.post(channelId, welcomeBackMessage(dm), item.id);
    } catch (error) {
      if (errorCode(error) !== DISCORD_ERRORS.cannotSendToUser) throw error;
      this.deps.log.warn("cannot DM this player (50007): welcome-back summaries turned off", {
        discordId: dm.discordId,
      });
      await server.setSummaries(dm.discordId, false);
    }
  }
}
