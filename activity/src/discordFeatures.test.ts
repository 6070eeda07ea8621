import { DiscordSDKMock, Events, RPCErrorCodes } from "@discord/embedded-app-sdk";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { isCompact, LAYOUT, useActivityStore } from "./activityStore.ts";
import { followLayout, followParticipants, openInvite } from "./discordFeatures.ts";

const invalidCommand = () =>
  Promise.reject({ code: RPCErrorCodes.INVALID_COMMAND, message: "Invalid command" });
const participant = (id: string, username: string) => ({
  id,
  username,
  discriminator: "0",
  bot: false,
  flags: 0,
  avatar: null,
});

beforeEach(() => {
  useActivityStore.setState({ layoutMode: LAYOUT.focused, participants: [], invite: "offered" });
});

describe("layout", () => {
  it("picture-in-picture and grid are compact, focused is the full app", async () => {
    const sdk = new DiscordSDKMock("c", "g", "ch", null);
    const off = await followLayout(sdk);
    const compact = () => isCompact(useActivityStore.getState().layoutMode);
    expect(compact()).toBe(false);
    sdk.emitEvent(Events.ACTIVITY_LAYOUT_MODE_UPDATE, { layout_mode: LAYOUT.pip });
    expect(compact()).toBe(true);
    sdk.emitEvent(Events.ACTIVITY_LAYOUT_MODE_UPDATE, { layout_mode: LAYOUT.grid });
    expect(compact()).toBe(true);
    sdk.emitEvent(Events.ACTIVITY_LAYOUT_MODE_UPDATE, { layout_mode: LAYOUT.focused });
    expect(compact()).toBe(false);
    off();
    sdk.emitEvent(Events.ACTIVITY_LAYOUT_MODE_UPDATE, { layout_mode: LAYOUT.pip });
    expect(compact()).toBe(false);
  });

  it("an older client that cannot subscribe stays on the full app, without failing", async () => {
    const sdk = new DiscordSDKMock("c", "g", "ch", null);
    sdk.subscribe = invalidCommand as unknown as typeof sdk.subscribe;
    const off = await followLayout(sdk);
    expect(useActivityStore.getState().layoutMode).toBe(LAYOUT.focused);
    off();
  });
});

describe("participants", () => {
  it("reads the connected participants first, then follows the updates", async () => {
    const sdk = new DiscordSDKMock("c", "g", "ch", null);
    sdk._updateCommandMocks({
      getInstanceConnectedParticipants: async () => ({ participants: [participant("1", "alice")] }),
    });
    const off = await followParticipants(sdk);
    expect(useActivityStore.getState().participants.map((p) => p.username)).toEqual(["alice"]);
    sdk.emitEvent(Events.ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE, {
      participants: [participant("1", "alice"), participant("2", "bob")],
    });
    expect(useActivityStore.getState().participants.map((p) => p.username)).toEqual(["alice", "bob"]);
    sdk.emitEvent(Events.ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE, { participants: [participant("2", "bob")] });
    expect(useActivityStore.getState().participants.map((p) => p.username)).toEqual(["bob"]);
    off();
  });

  it("an older client without the command still gets the updates", async () => {
    const sdk = new DiscordSDKMock("c", "g", "ch", null);
    sdk._updateCommandMocks({ getInstanceConnectedParticipants: invalidCommand });
    await followParticipants(sdk);
    expect(useActivityStore.getState().participants).toEqual([]);
    sdk.emitEvent(Events.ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE, { participants: [participant("2", "bob")] });
    expect(useActivityStore.getState().participants).toHaveLength(1);
  });
});

describe("invite", () => {
  it("is offered from the start, wherever the activity runs (a guild channel, a DM, no channel at all)", () => {
    expect(useActivityStore.getState().invite).toBe("offered");
  });

  it("opens Discord's invite dialog; only a refusal takes the button away", async () => {
    // an instance without a channel context (a -cl- id): no guild, no channel, and inviting works there
    const sdk = new DiscordSDKMock("c", null, null, null);
    const openInviteDialog = vi.fn(async () => null);
    sdk._updateCommandMocks({ openInviteDialog });
    await openInvite(sdk);
    expect(openInviteDialog).toHaveBeenCalledTimes(1);
    expect(useActivityStore.getState().invite).toBe("offered");
    sdk._updateCommandMocks({
      openInviteDialog: () => Promise.reject({ code: RPCErrorCodes.INVALID_PERMISSIONS, message: "no" }),
    });
    await openInvite(sdk);
    expect(useActivityStore.getState().invite).toBe("refused");
  });

  it("an older client without the dialog: unsupported", async () => {
    const sdk = new DiscordSDKMock("c", "g", "ch", null);
    sdk._updateCommandMocks({ openInviteDialog: invalidCommand });
    await openInvite(sdk);
    expect(useActivityStore.getState().invite).toBe("unsupported");
  });
});
