import type { APIEntitlement, APIInteraction } from "discord.js";
import { Client, GatewayDispatchEvents, GatewayIntentBits } from "discord.js";

const ENTITLEMENT_EVENTS: ReadonlySet<string> = new Set([
  GatewayDispatchEvents.EntitlementCreate,
  GatewayDispatchEvents.EntitlementUpdate,
  GatewayDispatchEvents.EntitlementDelete,
]);

/**
 * The gateway connection, kept thin: it only hands each INTERACTION_CREATE payload, and each entitlement
 * event (ENTITLEMENT_CREATE, _UPDATE, _DELETE: what discord.js emits as entitlementCreate, …Update,
 * …Delete), as Discord sent it, to the handlers. Only the Guilds intent is needed: interactions and
 * entitlement events come to every bot, and the bot reads no messages.
 */
export async function connectGateway(
  token: string,
  onInteraction: (payload: APIInteraction) => void,
  onEntitlement: (payload: APIEntitlement) => void,
): Promise<Client> {
  const client = new Client({ intents: [GatewayIntentBits.Guilds] });
  client.on("raw", (packet: { t?: string; d?: unknown }) => {
    if (packet.t === GatewayDispatchEvents.InteractionCreate) onInteraction(packet.d as APIInteraction);
    else if (packet.t && ENTITLEMENT_EVENTS.has(packet.t)) onEntitlement(packet.d as APIEntitlement);
  });
  await client.login(token);
  return client;
}
