import { DiscordSDK, type IDiscordSDK, Platform } from "@discord/embedded-app-sdk";
import { type MockUser, mockAuthCode } from "@pickle-garden/shared";
import { StrictDiscordSDKMock } from "./strictMock.ts";

/**
 * The SDK for this page: Discord's when Discord launched it (`frame_id` in the query: `new DiscordSDK`
 * throws without it, and `ready()` never resolves outside Discord), else the SDK's mock, answering as
 * the mock player so the rest of the activity runs the same code either way. The mock is strict (scopes
 * checked as Discord checks them) and plays a phone with `?platform=mobile`, as Discord's launch says.
 */

export function isDiscordLaunch(search: string): boolean {
  return new URLSearchParams(search).has("frame_id");
}

export function discordSdk(clientId: string): IDiscordSDK {
  return new DiscordSDK(clientId, { disableConsoleLogOverride: false });
}

export const MOCK_GUILD_ID = "mock-guild";
export const MOCK_CHANNEL_ID = "mock-voice-channel";

/** The platform Discord's launch query names (`platform=mobile` on iOS and Android). */
export function launchPlatform(search: string): Platform {
  return new URLSearchParams(search).get("platform") === Platform.MOBILE ? Platform.MOBILE : Platform.DESKTOP;
}

export function mockSdk(user: MockUser, platform: Platform = Platform.DESKTOP): StrictDiscordSDKMock {
  const sdk = new StrictDiscordSDKMock("mock-client", MOCK_GUILD_ID, MOCK_CHANNEL_ID, { platform });
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
      // the strict mock answers the scopes authorize() asked for
      scopes: [],
      expires: new Date(Date.now() + 7 * 24 * 3600_000).toISOString(),
      application: { id: "mock-client", name: "Pickle Garden", description: "" },
    }),
    getInstanceConnectedParticipants: async () => ({ participants: [participant] }),
  });
  return sdk;
}
