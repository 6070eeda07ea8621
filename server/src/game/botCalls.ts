import {
  type BotOutboxItem,
  type BotStatusAnswer,
  type BotVoteAnswer,
  levelProgress,
  MAX_LEVEL,
  type NotificationSettings,
  type NotificationSettingsAnswer,
  type PanelCreateBody,
  type PanelMessageRef,
  type PanelUpdateBody,
  SKILL_IDS,
  shownLevel,
} from "@pickle-garden/shared";
import type { NotifyPrefs, Panel } from "../store/Store.ts";
import { isLinkedDiscordId, outboxItemView } from "./botOutbox.ts";
import { GameError } from "./GameError.ts";
import type { GameService } from "./GameService.ts";
import { outboxId } from "./outbox.ts";
import { castVote, createPanel, updatePanel } from "./panels.ts";

/** The calls behind the bot's service API (/api/bot): the bot adapts Discord, these hold the logic. */

const PACE_WINDOW_MS = 3_600_000;

/** /garden status: the activity and its pace, levels, RP. A Discord user who never played is not found. */
export async function playerStatus(service: GameService, discordId: string): Promise<BotStatusAnswer> {
  const prefs = await service.store.getNotifyPrefs(discordId);
  try {
    return await service.read(discordId, (player, now) => {
      const action = player.currentAction;
      // the pace: the same simulation run an hour ahead on this copy (advance is pure; nothing is kept)
      const ahead =
        action.skill === "none" ? null : service.rules.advance(player, now + PACE_WINDOW_MS).summary;
      const gains = Object.entries(ahead?.xp ?? {}).filter(
        ([skill, xp]) => skill !== "picklelogy" && skill !== "health" && (xp ?? 0) > 0,
      ) as [keyof typeof player.skills, number][];
      const [paced] = gains.sort((a, b) => b[1] - a[1]);
      const pacedState = paced ? player.skills[paced[0]] : undefined;
      const toNext = (level: number, xp: number) => levelProgress(level, xp).toNext;
      const nextLevelInMs =
        paced && pacedState && pacedState.level < MAX_LEVEL
          ? Math.round((toNext(pacedState.level, pacedState.xp) / paced[1]) * PACE_WINDOW_MS)
          : null;
      const progress =
        action.nodeMaxHp > 0 ? Math.min(1, Math.max(0, 1 - action.nodeHp / action.nodeMaxHp)) : null;
      return {
        found: true as const,
        username: player.username,
        online: service.isOnline(discordId),
        activity: {
          skill: action.skill,
          location: action.location,
          progress,
          nextLevelInMs,
          levelSkill: paced?.[0] ?? null,
          skillLevel: pacedState?.level ?? null,
        },
        skills: SKILL_IDS.map((skill) => {
          const s = player.skills[skill];
          return { skill, level: shownLevel(s.level), xp: s.xp, toNext: toNext(s.level, s.xp) };
        }),
        rp: player.lab.rp,
        summaries: prefs.summaries,
      };
    });
  } catch (error) {
    if (error instanceof GameError && error.status === 404) return { found: false };
    throw error;
  }
}

/** A vote by button: the website's rule (one vote per player per panel), answered in the bot's words. */
export function botVote(
  service: GameService,
  discordId: string,
  panelId: string,
  optionId: string,
): Promise<BotVoteAnswer> {
  return castVote(service.store, discordId, panelId, optionId, service.clock.now());
}

/** Turns welcome-back DMs on or off (website settings, /garden summaries, or a DM Discord refused). */
export async function setSummaries(
  service: GameService,
  discordId: string,
  change: { summaries: boolean; language?: NotificationSettings["language"] },
): Promise<NotifyPrefs> {
  const prefs = await service.store.getNotifyPrefs(discordId);
  const next: NotifyPrefs = { summaries: change.summaries, language: change.language ?? prefs.language };
  await service.store.setNotifyPrefs(discordId, next);
  return next;
}

/** The website's settings of welcome-back DMs (they need a Discord account: `linked`). */
export async function notificationSettings(
  service: GameService,
  discordId: string,
): Promise<NotificationSettingsAnswer> {
  return { ...(await service.store.getNotifyPrefs(discordId)), linked: isLinkedDiscordId(discordId) };
}

export async function changeNotificationSettings(
  service: GameService,
  discordId: string,
  settings: NotificationSettings,
): Promise<NotificationSettingsAnswer> {
  return { ...(await setSummaries(service, discordId, settings)), linked: isLinkedDiscordId(discordId) };
}

/** Leases the bot's next deliveries, each as the bot reads it now. */
export async function claimDeliveries(
  service: GameService,
  claim: { owner: string; leaseMs: number; limit: number },
): Promise<{ items: BotOutboxItem[] }> {
  const rows = await service.store.claimOutbox(claim.owner, service.clock.now(), claim.leaseMs, claim.limit);
  const items: BotOutboxItem[] = [];
  for (const row of rows) {
    const item = await outboxItemView(service.store, row);
    if (item) items.push(item);
    // a row that no longer reads (a document from older code) is dropped, not retried forever
    else await service.store.ackOutbox(row.id, claim.owner, outboxId());
  }
  return { items };
}

/** A delivery done: false when the bot's lease was lost. */
/** Done with an outbox item: delivered, or parked (Discord refuses it as malformed; logged, never retried). */
export async function ackDelivery(
  service: GameService,
  ack: { id: string; owner: string; parked?: string },
): Promise<{ ok: boolean }> {
  if (ack.parked) service.log.warn({ id: ack.id, reason: ack.parked }, "outbox item parked by the bot");
  return { ok: await service.store.ackOutbox(ack.id, ack.owner, outboxId()) };
}

/** Where the bot posted a panel, so the next change edits that message. */
export async function recordPanelMessage(
  service: GameService,
  panelId: string,
  message: PanelMessageRef,
): Promise<{ ok: true }> {
  await service.store.setPanelMessage(panelId, message);
  return { ok: true };
}

/** /panel create: the bot has already checked the Discord user's right to author. */
export async function botCreatePanel(service: GameService, body: PanelCreateBody): Promise<{ panel: Panel }> {
  return { panel: await createPanel(service.store, body, service.clock.now()) };
}

export async function botUpdatePanel(
  service: GameService,
  panelId: string,
  patch: PanelUpdateBody,
): Promise<{ panel: Panel }> {
  return { panel: await updatePanel(service.store, panelId, patch, service.clock.now()) };
}
