import { DiscordSDK, DiscordSDKMock, type IDiscordSDK, Permissions } from "@discord/embedded-app-sdk";
import { type MockUser, mockAuthCode } from "@pickle-garden/shared";

/**
 * The SDK for this page: Discord's when Discord launched it (`frame_id` in the query: `new DiscordSDK`
 * throws without it, and `ready()` never resolves outside Discord), else the SDK's mock, answering as
 * the mock player so the rest of the activity runs the same code either way.
 */

export function isDiscordLaunch(search: string): boolean {
  return new URLSearchParams(search).has("frame_id");
}

export function discordSdk(clientId: string): IDiscordSDK {
  return new DiscordSDK(clientId, { disableConsoleLogOverride: false });
}

export const MOCK_GUILD_ID = "mock-guild";
export const MOCK_CHANNEL_ID = "mock-voice-channel";

export function mockSdk(user: MockUser): DiscordSDKMock {
  const sdk = new DiscordSDKMock("mock-client", MOCK_GUILD_ID, MOCK_CHANNEL_ID, null);
  const participant = {
    id: user.id,
    username: user.username,
    global_name: user.username,
    discriminator: "0",
    avatar: null,
    bot: false,
    flags: 0,
  };
  sdk._updateCommandMocks({
    authorize: async () => ({ code: mockAuthCode(user) }),
    authenticate: async ({ access_token }) => ({
      access_token: access_token ?? "mock_token",
      user: { ...participant, public_flags: 0 },
      scopes: ["identify", "guilds", "rpc.activities.write"],
      expires: new Date(Date.now() + 7 * 24 * 3600_000).toISOString(),
      application: { id: "mock-client", name: "Pickle Garden", description: "" },
    }),
    getInstanceConnectedParticipants: async () => ({ participants: [participant] }),
    // a guild voice channel where inviting is allowed, so the invite button shows in development
    getChannelPermissions: async () => ({ permissions: Permissions.CREATE_INSTANT_INVITE.toString() }),
  });
  return sdk;
}
