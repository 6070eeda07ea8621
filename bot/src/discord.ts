import {
  type APIMessage,
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

export type MessageBody = RESTPostAPIChannelMessageJSONBody;

export class DiscordApi {
  readonly rest: REST;

  constructor(token: string, api: string) {
    this.rest = new REST({ api, version: "10", retries: 1 }).setToken(token);
  }

  /** Posts to a channel; with a nonce, Discord answers the earlier message instead of posting twice. */
  async post(channelId: string, body: MessageBody, nonce?: string): Promise<APIMessage> {
    const withNonce = nonce ? { ...body, nonce, enforce_nonce: true } : body;
    return (await this.rest.post(Routes.channelMessages(channelId), { body: withNonce })) as APIMessage;
  }

  async edit(channelId: string, messageId: string, body: MessageBody): Promise<void> {
    await this.rest.patch(Routes.channelMessage(channelId, messageId), { body });
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
  async respond(interactionId: string, token: string, body: unknown): Promise<void> {
    await this.rest.post(Routes.interactionCallback(interactionId, token), { body, auth: false });
  }

  /** Replaces the deferred answer of an interaction (its token lasts 15 minutes). */
  async editReply(applicationId: string, token: string, body: MessageBody): Promise<void> {
    await this.rest.patch(Routes.webhookMessage(applicationId, token, "@original"), { body, auth: false });
  }

  async applicationId(): Promise<string> {
    return ((await this.rest.get(Routes.currentApplication())) as { id: string }).id;
  }

  /** Registers the commands in one server (development: at once) or globally. */
  async registerCommands(
    applicationId: string,
    commands: RESTPostAPIApplicationCommandsJSONBody[],
    guildId?: string,
  ): Promise<void> {
    const route = guildId
      ? Routes.applicationGuildCommands(applicationId, guildId)
      : Routes.applicationCommands(applicationId);
    await this.rest.put(route, { body: commands });
  }
}
