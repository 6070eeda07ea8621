import {
  type APIApplicationCommand,
  type APIMessage,
  ApplicationCommandType,
  DiscordAPIError,
  REST,
  type RESTPostAPIApplicationCommandsJSONBody,
  type RESTPostAPIChannelMessageJSONBody,
  Routes,
} from "discord.js";

/**
 * The few Discord HTTP calls the bot makes, over discord.js's REST client (which queues on 429 by
 * itself). `api` is Discord's API base: tests point it at a local stub.
 */

export const DISCORD_ERRORS = {
  unknownMessage: 10008,
  cannotSendToUser: 50007,
  /** too many edits to a message older than an hour */
  oldMessageEdits: 30046,
} as const;

export const errorCode = (error: unknown): number | null =>
  error instanceof DiscordAPIError && typeof error.code === "number" ? error.code : null;

/** Discord's answers to a request it can never accept as sent (Invalid Form Body, empty message, bad JSON). */
const MALFORMED = new Set([50035, 50006, 50109]);

/** Why Discord refused a request as malformed (its code and message), or null for any other failure. */
export function malformedReason(error: unknown): string | null {
  if (!(error instanceof DiscordAPIError) || error.status !== 400) return null;
  const code = errorCode(error);
  return code !== null && MALFORMED.has(code) ? `Discord ${code}: ${error.message}`.slice(0, 500) : null;
}

/** No message the bot sends pings anyone: names, panels and summaries are text, never mentions. */
const NO_MENTIONS = { allowed_mentions: { parse: [] } } as const;

export type MessageBody = RESTPostAPIChannelMessageJSONBody;

export class DiscordApi {
  readonly rest: REST;

  constructor(token: string, api: string) {
    this.rest = new REST({ api, version: "10", retries: 1 }).setToken(token);
  }

  /** Posts to a channel; with a nonce, Discord answers the earlier message instead of posting twice. */
  async post(channelId: string, body: MessageBody, nonce?: string): Promise<APIMessage> {
    const withNonce = { ...body, ...NO_MENTIONS, ...(nonce ? { nonce, enforce_nonce: true } : {}) };
    return (await this.rest.post(Routes.channelMessages(channelId), { body: withNonce })) as APIMessage;
  }

  async edit(channelId: string, messageId: string, body: MessageBody): Promise<void> {
    await this.rest.patch(Routes.channelMessage(channelId, messageId), { body: { ...body, ...NO_MENTIONS } });
  }

  async remove(channelId: string, messageId: string): Promise<void> {
    await this.rest.delete(Routes.channelMessage(channelId, messageId));
  }

  /** Opens (or finds) the DM channel with a user. */
  async dmChannel(userId: string): Promise<string> {
    const channel = (await this.rest.post(Routes.userChannels(), { body: { recipient_id: userId } })) as {
      id: string;
    };
    return channel.id;
  }

  /** Answers an interaction (the 3-second acknowledgement, or an immediate reply). */
  async respond(interactionId: string, token: string, body: { type: number; data?: object }): Promise<void> {
    const quiet = body.data ? { ...body, data: { ...body.data, ...NO_MENTIONS } } : body;
    await this.rest.post(Routes.interactionCallback(interactionId, token), { body: quiet, auth: false });
  }

  /** Replaces the deferred answer of an interaction (its token lasts 15 minutes). */
  async editReply(applicationId: string, token: string, body: MessageBody): Promise<void> {
    await this.rest.patch(Routes.webhookMessage(applicationId, token, "@original"), {
      body: { ...body, ...NO_MENTIONS },
      auth: false,
    });
  }

  async applicationId(): Promise<string> {
    return ((await this.rest.get(Routes.currentApplication())) as { id: string }).id;
  }

  /**
   * Registers the commands in one server (development: at once) or globally, in one bulk overwrite that
   * carries the Entry Point command along: enabling Activities creates it (type 4), Discord refuses an
   * overwrite without it (50240), and deleting it would take the Activity's launch button away.
   */
  async registerCommands(
    applicationId: string,
    commands: RESTPostAPIApplicationCommandsJSONBody[],
    guildId?: string,
  ): Promise<void> {
    const route = guildId
      ? Routes.applicationGuildCommands(applicationId, guildId)
      : Routes.applicationCommands(applicationId);
    const registered = (await this.rest.get(route)) as APIApplicationCommand[];
    const entryPoints = registered
      .filter((c) => c.type === ApplicationCommandType.PrimaryEntryPoint)
      .map(({ application_id, guild_id, version, ...kept }) => kept);
    await this.rest.put(route, { body: [...commands, ...entryPoints] });
  }
}
