import type { APIInteraction } from "discord.js";
import { Client, GatewayDispatchEvents, GatewayIntentBits } from "discord.js";

/**
 * The gateway connection, kept thin: it only hands each INTERACTION_CREATE payload, as Discord sent it,
 * to the handlers (which answer over REST). Only the Guilds intent is needed: interactions come to every
 * bot, and the bot reads no messages.
 */
export async function connectGateway(
  token: string,
  onInteraction: (payload: APIInteraction) => void,
): Promise<Client> {
  const client = new Client({ intents: [GatewayIntentBits.Guilds] });
  client.on("raw", (packet: { t?: string; d?: unknown }) => {
    if (packet.t === GatewayDispatchEvents.InteractionCreate) onInteraction(packet.d as APIInteraction);
  });
  await client.login(token);
  return client;
}
