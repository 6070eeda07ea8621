import {
  type APIApplicationCommandInteractionDataOption,
  type APIInteraction,
  ApplicationCommandOptionType,
  ApplicationCommandType,
  InteractionResponseType,
  InteractionType,
  MessageFlags,
  PermissionFlagsBits,
} from "discord.js";
import type { DiscordApi, MessageBody } from "./discord.ts";
import { statusMessage } from "./embeds.ts";
import type { Log } from "./outbox.ts";
import { parseVoteButton } from "./panelMessage.ts";
import { type ServerApi, ServerRefusal } from "./serverApi.ts";
import { type Language, languageOf, texts } from "./texts.ts";

/**
 * Interaction handlers: plain functions fed Discord's interaction payloads (the gateway layer only
 * forwards them). Each acknowledges first, within Discord's 3 seconds (a deferred, ephemeral answer),
 * then does the work through the server and replaces the deferred answer with the result.
 */

export interface InteractionDeps {
  server: ServerApi;
  discord: DiscordApi;
  applicationId: string;
  adminIds: readonly string[];
  gameUrl: string;
  log: Log;
}

const DEFER_EPHEMERAL = {
  type: InteractionResponseType.DeferredChannelMessageWithSource,
  data: { flags: MessageFlags.Ephemeral },
};

type Options = readonly APIApplicationCommandInteractionDataOption[] | undefined;
type Leaf = { name: string; options: Record<string, string | number | boolean> };

/** The subcommand path and its values: `/panel update id:x title:y` → ["update"], { id, title }. */
function leaf(options: Options, path: string[] = []): { path: string[]; values: Leaf["options"] } {
  const values: Leaf["options"] = {};
  for (const o of options ?? []) {
    if (
      o.type === ApplicationCommandOptionType.Subcommand ||
      o.type === ApplicationCommandOptionType.SubcommandGroup
    ) {
      return leaf(o.options as Options, [...path, o.name]);
    }
    if ("value" in o) values[o.name] = o.value;
  }
  return { path, values };
}

const userOf = (i: APIInteraction) => i.member?.user ?? i.user;

/** Manage Server in this guild, or listed in ADMIN_DISCORD_IDS. */
export function canManagePanels(i: APIInteraction, adminIds: readonly string[]): boolean {
  const id = userOf(i)?.id;
  if (id && adminIds.includes(id)) return true;
  const permissions = i.member?.permissions;
  return permissions !== undefined && (BigInt(permissions) & PermissionFlagsBits.ManageGuild) !== 0n;
}

export async function handleInteraction(i: APIInteraction, deps: InteractionDeps): Promise<void> {
  const language = languageOf("locale" in i ? i.locale : undefined);
  try {
    if (i.type === InteractionType.MessageComponent) {
      const vote = parseVoteButton(i.data.custom_id);
      if (vote) await voteButton(i, vote, language, deps);
      return;
    }
    if (i.type !== InteractionType.ApplicationCommand) return;
    // the Activity's Entry Point, where its handler was set to the app (Discord launches it otherwise)
    if (i.data.type === ApplicationCommandType.PrimaryEntryPoint) {
      await deps.discord.respond(i.id, i.token, { type: InteractionResponseType.LaunchActivity });
      return;
    }
    if (!("options" in i.data)) return;
    const { path, values } = leaf(i.data.options);
    if (i.data.name === "garden") await gardenCommand(i, path[0], values, language, deps);
    else if (i.data.name === "panel") await panelCommand(i, path[0], values, language, deps);
  } catch (error) {
    deps.log.error("interaction failed", { err: String(error), type: i.type });
    await deps.discord
      .editReply(deps.applicationId, i.token, { content: texts(language).t("error") })
      .catch(() => undefined);
  }
}

/** What a refusal means, written from its code in the user's language (the server's English stays in its log). */
function refusalText(
  refusal: ServerRefusal,
  t: (key: string, params?: Record<string, unknown>) => string,
): string {
  const other = t("refused.other", { status: refusal.status });
  return refusal.code ? t(`refused.${refusal.code}`, { defaultValue: other }) : other;
}

async function reply(deps: InteractionDeps, i: APIInteraction, body: MessageBody): Promise<void> {
  await deps.discord.editReply(deps.applicationId, i.token, body);
}

async function voteButton(
  i: APIInteraction,
  vote: { panelId: string; optionId: string },
  language: Language,
  deps: InteractionDeps,
): Promise<void> {
  await deps.discord.respond(i.id, i.token, DEFER_EPHEMERAL);
  const user = userOf(i);
  if (!user) return;
  const { t } = texts(language);
  let answer: Awaited<ReturnType<ServerApi["vote"]>>;
  try {
    answer = await deps.server.vote(vote.panelId, user.id, vote.optionId);
  } catch (error) {
    if (!(error instanceof ServerRefusal)) throw error;
    await reply(deps, i, { content: t("vote.refused", { reason: refusalText(error, t) }) });
    return;
  }
  const content =
    answer.status === "recorded"
      ? t("vote.recorded", { option: answer.option.label })
      : answer.status === "already"
        ? t("vote.already", { option: answer.option.label })
        : t("vote.closed");
  // the counts on the poll follow through the outbox, one edit per panel every few seconds
  await reply(deps, i, { content });
}

async function gardenCommand(
  i: APIInteraction,
  sub: string | undefined,
  values: Leaf["options"],
  language: Language,
  deps: InteractionDeps,
): Promise<void> {
  const user = userOf(i);
  if (!user) return;
  await deps.discord.respond(i.id, i.token, DEFER_EPHEMERAL);
  const { t } = texts(language);
  if (sub === "status") {
    const status = await deps.server.status(user.id);
    await reply(deps, i, statusMessage(status, language, deps.gameUrl));
  } else if (sub === "summaries") {
    const enabled = values.state === "on";
    await deps.server.setSummaries(user.id, enabled, language);
    await reply(deps, i, { content: enabled ? t("summaries.on") : t("summaries.off") });
  }
}

async function panelCommand(
  i: APIInteraction,
  sub: string | undefined,
  values: Leaf["options"],
  language: Language,
  deps: InteractionDeps,
): Promise<void> {
  const { t } = texts(language);
  if (!canManagePanels(i, deps.adminIds)) {
    // refused at once: this immediate answer is the acknowledgement
    await deps.discord.respond(i.id, i.token, {
      type: InteractionResponseType.ChannelMessageWithSource,
      data: { content: t("panel.forbidden"), flags: MessageFlags.Ephemeral },
    });
    return;
  }
  await deps.discord.respond(i.id, i.token, DEFER_EPHEMERAL);
  const str = (name: string) => (typeof values[name] === "string" ? (values[name] as string) : undefined);
  try {
    if (sub === "create") {
      const options = (str("options") ?? "")
        .split(/[,;|]/)
        .map((label) => label.trim())
        .filter(Boolean)
        .map((label, n) => ({ id: `o${n + 1}`, label }));
      const panel = await deps.server.createPanel({
        type: options.length > 0 ? "poll" : "message",
        title: str("title") ?? "",
        body: str("body") ?? "",
        options,
        ...(str("id") ? { _id: str("id") } : {}),
      });
      await reply(deps, i, { content: t("panel.created", { id: panel._id }) });
    } else if (sub === "update") {
      const id = str("id") ?? "";
      const patch = {
        ...(str("title") !== undefined ? { title: str("title") } : {}),
        ...(str("body") !== undefined ? { body: str("body") } : {}),
      };
      const panel = await deps.server.updatePanel(id, patch);
      await reply(deps, i, { content: t("panel.updated", { id: panel._id }) });
    } else if (sub === "close") {
      const panel = await deps.server.updatePanel(str("id") ?? "", { active: false });
      await reply(deps, i, { content: t("panel.closed", { id: panel._id }) });
    }
  } catch (error) {
    if (!(error instanceof ServerRefusal)) throw error;
    await reply(deps, i, { content: t("panel.failed", { reason: refusalText(error, t) }) });
  }
}
