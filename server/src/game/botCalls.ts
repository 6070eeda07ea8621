import {
  type BotStatusAnswer,
  type BotVoteAnswer,
  ERROR_CODES,
  type NotificationSettings,
  SKILL_IDS,
  xpForLevel,
} from "@pickle-garden/shared";
import type { NotifyPrefs } from "../store/Store.ts";
import { GameError } from "./GameError.ts";
import type { GameService } from "./GameService.ts";
import { votePanel } from "./panels.ts";

/** The calls behind the bot's service API (/api/bot): the bot adapts Discord, these hold the logic. */

const PACE_WINDOW_MS = 3_600_000;
const MAX_LEVEL = 99;

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
      const toNext = (level: number, xp: number) =>
        level >= MAX_LEVEL ? 0 : Math.max(0, xpForLevel(level + 1) - xp);
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
          return { skill, level: Math.min(s.level, MAX_LEVEL), xp: s.xp, toNext: toNext(s.level, s.xp) };
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
export async function botVote(
  service: GameService,
  discordId: string,
  panelId: string,
  optionId: string,
): Promise<BotVoteAnswer> {
  try {
    const { votes } = await votePanel(service.store, discordId, panelId, optionId, service.clock.now());
    return { status: "recorded", optionId, votes };
  } catch (error) {
    if (!(error instanceof GameError)) throw error;
    if (error.code === ERROR_CODES.alreadyVoted) {
      return { status: "already", optionId: (await service.store.voteOf(panelId, discordId)) ?? optionId };
    }
    if (error.code === ERROR_CODES.unknownPanel) return { status: "closed" };
    throw error;
  }
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
