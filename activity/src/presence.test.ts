import { RPCErrorCodes } from "@discord/embedded-app-sdk";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type PresenceActivity, PresenceSender, presenceActivity } from "./presence.ts";

const session = { instanceId: "i-1", startedAt: 1_700_000_000_000 };
const at = (skill: string, location = "Garden", members = 2) =>
  presenceActivity({ skill, location, members, inActivity: 3 }, session);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_700_000_000_000);
});
afterEach(() => {
  vi.useRealTimers();
});

describe("rich presence", () => {
  it("says the skill and place, the start, and the party as the instance with [members, in the activity]", () => {
    expect(at("Mining")).toEqual({
      type: 0,
      details: "Mining",
      state: "Garden",
      timestamps: { start: session.startedAt },
      party: { id: "i-1", size: [2, 3] },
    });
    expect(
      presenceActivity({ skill: "Resting", location: "Home", members: 0, inActivity: 0 }, session).party,
    ).toEqual({
      id: "i-1",
      size: [1, 1],
    });
  });

  it("sends a change at once, then at most once per interval with the latest state; nothing when unchanged", async () => {
    const sent: PresenceActivity[] = [];
    const sender = new PresenceSender(async (a) => sent.push(a), 10_000);
    sender.update(at("Mining"));
    expect(sent.map((a) => a.details)).toEqual(["Mining"]);
    sender.update(at("Mining"));
    sender.update(at("Botany"));
    sender.update(at("Mycology"));
    await vi.advanceTimersByTimeAsync(9_999);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent.map((a) => a.details)).toEqual(["Mining", "Mycology"]);
    // back and forth within one interval ends where it started: nothing to send
    sender.update(at("Botany"));
    sender.update(at("Mycology"));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toHaveLength(2);
    // after a quiet interval a change goes at once again
    sender.update(at("Botany"));
    expect(sent.map((a) => a.details)).toEqual(["Mining", "Mycology", "Botany"]);
  });

  it("stops for good when an older client answers INVALID_COMMAND", async () => {
    const send = vi.fn(() =>
      Promise.reject({ code: RPCErrorCodes.INVALID_COMMAND, message: "Invalid command" }),
    );
    const sender = new PresenceSender(send, 10_000);
    sender.update(at("Mining"));
    await vi.advanceTimersByTimeAsync(0);
    sender.update(at("Botany"));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(send).toHaveBeenCalledTimes(1);
  });
});
