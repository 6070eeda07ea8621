import { Events, Platform } from "@discord/embedded-app-sdk";
import type { TokenAnswer } from "@pickle-garden/shared";
import { describe, expect, it } from "vitest";
import { handshake } from "./handshake.ts";
import { launchPlatform, mockSdk } from "./sdk.ts";
import { NOT_GRANTED, StrictDiscordSDKMock } from "./strictMock.ts";

const ACTIVITY = { activity: { type: 0, details: "Mining" } };
const ANSWER: TokenAnswer = {
  access_token: "discord-access",
  sessionToken: "our-session",
  expiresAt: 1_000_000,
  roomId: null,
  user: { discordId: "42", username: "Nelly", avatar: null, isGuest: false },
};

type Scope = Parameters<StrictDiscordSDKMock["commands"]["authorize"]>[0]["scope"][number];

async function signedIn(sdk: StrictDiscordSDKMock, scope: Scope[]): Promise<void> {
  await sdk.commands.authorize({ client_id: "c", response_type: "code", state: "", prompt: "none", scope });
  await sdk.commands.authenticate({ access_token: "t" });
}

describe("the strict mock", () => {
  it("refuses a scoped command before authenticate, as Discord does", async () => {
    const sdk = new StrictDiscordSDKMock("c", "g", "ch");
    await expect(sdk.commands.setActivity(ACTIVITY)).rejects.toEqual(NOT_GRANTED);
    expect(sdk.refused).toEqual(["setActivity"]);
  });

  it("grants what authorize asked for, and only that", async () => {
    const sdk = new StrictDiscordSDKMock("c", "g", "ch");
    await signedIn(sdk, ["identify", "rpc.activities.write"]);
    expect(sdk.scopes).toEqual(["identify", "rpc.activities.write"]);
    await expect(sdk.commands.setActivity(ACTIVITY)).resolves.toBeDefined();
    await expect(sdk.commands.userSettingsGetLocale()).resolves.toBeDefined();
    await expect(sdk.commands.getChannelPermissions()).rejects.toEqual(NOT_GRANTED);
    await expect(sdk.subscribe(Events.CURRENT_USER_UPDATE, () => {})).resolves.toBeDefined();
    await expect(sdk.subscribe(Events.VOICE_STATE_UPDATE, () => {}, { channel_id: "ch" })).rejects.toEqual(
      NOT_GRANTED,
    );
    expect(sdk.refused).toEqual(["getChannelPermissions", "subscribe VOICE_STATE_UPDATE"]);
    // no scope needed: the invite dialog, the participants, the layout
    await expect(sdk.commands.openInviteDialog()).resolves.toBeNull();
    await expect(sdk.subscribe(Events.ACTIVITY_LAYOUT_MODE_UPDATE, () => {})).resolves.toBeDefined();
  });

  it("stays strict for commands a test replaces", async () => {
    const sdk = new StrictDiscordSDKMock("c", "g", "ch");
    await signedIn(sdk, ["identify"]);
    sdk._updateCommandMocks({ ...sdk.commands, getChannelPermissions: async () => ({ permissions: "1" }) });
    await expect(sdk.commands.getChannelPermissions()).rejects.toEqual(NOT_GRANTED);
  });

  it("the activity's handshake asks for every scope the activity uses", async () => {
    const sdk = mockSdk({ id: "42", username: "Nelly" });
    await handshake({ sdk, exchange: async () => ANSWER });
    await expect(sdk.commands.setActivity(ACTIVITY)).resolves.toBeDefined();
    expect(sdk.refused).toEqual([]);
  });

  it("plays a phone when the launch says platform=mobile", () => {
    expect(launchPlatform("?user_id=1&platform=mobile")).toBe(Platform.MOBILE);
    expect(launchPlatform("?frame_id=f&platform=desktop")).toBe(Platform.DESKTOP);
    expect(launchPlatform("")).toBe(Platform.DESKTOP);
    expect(mockSdk({ id: "1", username: "A" }, Platform.MOBILE).platform).toBe(Platform.MOBILE);
    expect(mockSdk({ id: "1", username: "A" }).platform).toBe(Platform.DESKTOP);
  });
});
