import {
  type BossKill,
  BossKillSchema,
  type BotOutboxItem,
  type ItemQuantity,
  levelsGained,
  type OfflineSummary,
  offlineLost,
  SnowflakeSchema,
  type WelcomeBack,
  WelcomeBackSchema,
} from "@pickle-garden/shared";
import { isGuestId } from "../auth/tokens.ts";
import type { OutboxItem, Store } from "../store/Store.ts";
import { outboxId } from "./outbox.ts";
import { publicPanel } from "./panels.ts";

/**
 * What the bot delivers (DESIGN §10), queued in the store's outbox: `panel:<id>` rows make the panel's
 * Discord message match the panel as it is when the bot claims it (so an edit is never out of date and
 * many changes make one edit); `summary:<discordId>:<awaySince>` rows are one welcome-back DM each.
 */

/** The bot's view of a claimed row: a panel item carries the panel's current state, counts and message. */
export async function outboxItemView(store: Store, item: OutboxItem): Promise<BotOutboxItem | null> {
  if (item.kind === "summary") {
    const summary = WelcomeBackSchema.safeParse(item.payload);
    return summary.success ? { kind: "summary", id: item.id, summary: summary.data } : null;
  }
  if (item.kind === "boss") {
    const kill = BossKillSchema.safeParse(item.payload);
    return kill.success ? { kind: "boss", id: item.id, kill: kill.data } : null;
  }
  const panelId = (item.payload as { panelId?: unknown }).panelId;
  if (typeof panelId !== "string") return null;
  const [panel, votes, message] = await Promise.all([
    store.getPanel(panelId),
    store.voteCounts(panelId),
    store.getPanelMessage(panelId),
  ]);
  return {
    kind: "panel",
    id: item.id,
    panelId,
    panel: panel ? { ...publicPanel(panel), active: panel.active, createdAt: panel.createdAt } : null,
    votes,
    message,
  };
}

/** A party boss beaten in a room: one announcement (keyed by the room and the kill's time). */
export async function queueBossKill(
  store: Store,
  roomId: string,
  kill: BossKill,
  now: number,
): Promise<void> {
  await store.enqueueOutbox(
    { id: outboxId(), key: `boss:${roomId}:${kill.at}`, kind: "boss", payload: kill },
    now,
  );
}

export interface WelcomeBackOptions {
  minMinutes: number;
  gameUrl: string;
}

/** A Discord account (not a guest, not the development mock) can receive a DM. */
export const isLinkedDiscordId = (discordId: string): boolean =>
  !isGuestId(discordId) && SnowflakeSchema.safeParse(discordId).success;

/**
 * Called once per delivered offline summary: queues the welcome-back DM when the player is linked to
 * Discord, wants summaries, was away long enough, and the summary holds something.
 */
export async function queueWelcomeBack(
  store: Store,
  discordId: string,
  username: string,
  summary: OfflineSummary,
  now: number,
  options: WelcomeBackOptions,
): Promise<boolean> {
  const awaySince = summary.awaySince;
  if (summary.repeated || awaySince === null || !isLinkedDiscordId(discordId)) return false;
  if (now - awaySince < options.minMinutes * 60_000) return false;
  const prefs = await store.getNotifyPrefs(discordId);
  if (!prefs.summaries) return false;
  const dm = welcomeBack(discordId, username, summary, now - awaySince, prefs.language, options.gameUrl);
  if (!dm) return false;
  await store.enqueueOutbox(
    { id: outboxId(), key: `summary:${discordId}:${awaySince}`, kind: "summary", payload: dm },
    now,
  );
  return true;
}

const positive = (items: readonly ItemQuantity[]) => items.filter((i) => i.quantity > 0);

/** The DM's content from the summary; null when nothing happened worth a message. */
export function welcomeBack(
  discordId: string,
  username: string,
  s: OfflineSummary,
  awayMs: number,
  language: WelcomeBack["language"],
  gameUrl: string,
): WelcomeBack | null {
  const xp = Object.fromEntries(Object.entries(s.gainedXp).filter(([, v]) => v > 0));
  const levels = levelsGained(xp, s.updatedSkills)
    .filter((l) => l.to > l.from)
    .map(({ skill, from, to }) => ({ skill, from, to }));
  const crafted = new Map<number, number>();
  for (const c of s.craftedItemVariants) crafted.set(c.id, (crafted.get(c.id) ?? 0) + c.quantity);
  const dm: WelcomeBack = {
    discordId,
    username,
    language,
    gameUrl,
    awayMs,
    gathered: positive(s.gathering?.items ?? []),
    crafted: positive([...crafted].map(([id, quantity]) => ({ id, quantity }))),
    craftingSkill: s.craftingSkill,
    fought: s.combat
      ? { kills: s.combat.kills, deaths: s.combat.deaths ?? 0, loot: positive(s.combat.items) }
      : null,
    levels,
    xp,
    bonusXp: s.bonusXp,
    rp: s.gainedRp,
    lostToFullInventory: offlineLost(s),
    craftStoppedForInventory: s.craftStoppedForInventory,
    questsReady: s.questsReady,
  };
  const empty =
    dm.gathered.length === 0 &&
    dm.crafted.length === 0 &&
    dm.fought === null &&
    Object.keys(xp).length === 0 &&
    dm.lostToFullInventory === 0 &&
    !dm.craftStoppedForInventory &&
    dm.questsReady.length === 0;
  return empty ? null : dm;
}
