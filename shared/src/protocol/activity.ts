import { z } from "zod";
import { RoomIdSchema } from "./rooms.ts";

/**
 * The Discord Activity's sign-in (DESIGN §6): POST /api/token { code, instanceId } with the code from the
 * SDK's authorize(); the answer carries Discord's access token (for authenticate()) and our own bearer
 * session token, which grants the room `discord:<instanceId>`.
 */

/** An activity instance id as Discord's SDK reads it from the launch URL (letters, digits, - and _). */
export const InstanceIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,100}$/, "instance id: 1-100 letters, digits, _ or -");

/** The room of an activity instance: everyone in the voice channel who opens the activity shares it. */
export const instanceRoomId = (instanceId: string) => `discord:${instanceId}`;

export const TokenRequestSchema = z.object({
  code: z.string().min(1).max(512),
  instanceId: InstanceIdSchema.optional(),
});
export type TokenRequest = z.infer<typeof TokenRequestSchema>;

export const TokenUserSchema = z.object({
  discordId: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
  isGuest: z.boolean(),
});

export const TokenAnswerSchema = z.object({
  access_token: z.string(),
  sessionToken: z.string(),
  /** when the session token stops working (epoch ms): the activity renews it well before */
  expiresAt: z.number(),
  /** the room the session may join, when an instance was granted */
  roomId: z.string().nullable(),
  user: TokenUserSchema,
});
export type TokenAnswer = z.infer<typeof TokenAnswerSchema>;

/** POST /api/account/session-token: a fresh bearer token for the caller, keeping its instance grants. */
export const SessionTokenAnswerSchema = z.object({ sessionToken: z.string(), expiresAt: z.number() });
export type SessionTokenAnswer = z.infer<typeof SessionTokenAnswerSchema>;

/** GET /api/token/config: what the activity needs before its handshake (the public client id). */
export const ActivityConfigSchema = z.object({
  clientId: z.string().nullable(),
  /** the garden-supporter subscription's SKU; null: subscriptions are off and nothing shows them */
  subscriptionSkuId: z.string().nullable(),
});
export type ActivityConfig = z.infer<typeof ActivityConfigSchema>;

/** POST /api/user/subscription: the server's word on the player's subscription, after asking Discord. */
export const SubscriptionStatusSchema = z.object({ enabled: z.boolean(), active: z.boolean() });
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;

/**
 * The SDK mock's sign-in (development only, MOCK_DISCORD_AUTH=1): the mock's authorize() answers this
 * code, which names the pretend Discord user, so the token route runs the same path as with Discord.
 */
export const MockUserSchema = z.object({
  id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,40}$/)
    .refine((id) => !id.startsWith("guest-"), "a mock user cannot be a guest"),
  username: z.string().trim().min(1).max(32),
});
export type MockUser = z.infer<typeof MockUserSchema>;

const MOCK_CODE_PREFIX = "mock:";

export function mockAuthCode(user: MockUser): string {
  return `${MOCK_CODE_PREFIX}${user.id}:${encodeURIComponent(user.username)}`;
}

/** The user a mock code names, or null when the code is not a well-formed mock code. */
export function parseMockAuthCode(code: string): MockUser | null {
  if (!code.startsWith(MOCK_CODE_PREFIX)) return null;
  const rest = code.slice(MOCK_CODE_PREFIX.length);
  const colon = rest.indexOf(":");
  if (colon < 0) return null;
  let username: string;
  try {
    username = decodeURIComponent(rest.slice(colon + 1));
  } catch {
    return null;
  }
  const parsed = MockUserSchema.safeParse({ id: rest.slice(0, colon), username });
  return parsed.success ? parsed.data : null;
}

/**
 * activityParticipants { roomId } (socket): Discord's participants of the instance changed and a room member
 * is no longer among them (iOS sends no unload). The server asks Discord which users the instance still
 * has (with the bot token) and takes the others out of the room; the answer says whom, or that it could
 * not verify (no bot token), in which case the disconnect and its grace period decide.
 */
export const ActivityParticipantsSchema = z.object({
  roomId: RoomIdSchema.refine((id) => id.startsWith("discord:"), "an activity's room"),
});
export type ActivityParticipantsAnswer = { verified: false } | { verified: true; left: string[] };
