import { describe, expect, it, vi } from "vitest";
import { HandshakeError } from "./handshake.ts";
import { SIGN_IN_AT_MOST_EVERY_MS, sessionRecovery } from "./sessionRecovery.ts";

function recovery(signIn: () => Promise<string>) {
  let now = 1_000_000;
  const calls: string[] = [];
  const onLost = vi.fn();
  const recover = sessionRecovery({
    signIn: async () => {
      calls.push("signIn");
      return signIn();
    },
    refreshProxy: async () => calls.push("refreshProxy"),
    onLost,
    now: () => now,
  });
  return { recover, calls, onLost, advance: (ms: number) => (now += ms) };
}

describe("the session's recovery", () => {
  it("refreshes Discord's proxy token, then signs in again and answers the new session", async () => {
    const { recover, calls, onLost } = recovery(async () => "fresh");
    expect(await recover()).toBe("fresh");
    expect(calls).toEqual(["refreshProxy", "signIn"]);
    expect(onLost).not.toHaveBeenCalled();
  });

  it("a sign-in that fails ends on the failure screen, with its reason", async () => {
    const { recover, onLost } = recovery(async () => {
      throw new HandshakeError("authorizeRefused", "the player said no");
    });
    expect(await recover()).toBeNull();
    expect(onLost).toHaveBeenCalledWith(expect.objectContaining({ reason: "authorizeRefused" }));
  });

  it("a fresh session refused at once is not signed in again in a loop", async () => {
    const { recover, calls, onLost, advance } = recovery(async () => "fresh");
    await recover();
    advance(SIGN_IN_AT_MOST_EVERY_MS - 1);
    expect(await recover()).toBeNull();
    expect(calls.filter((c) => c === "signIn")).toHaveLength(1);
    expect(onLost).toHaveBeenCalledWith(expect.objectContaining({ reason: "tokenRejected" }));
    // a day later the session ends again: signed in again
    advance(24 * 3600_000);
    expect(await recover()).toBe("fresh");
  });
});
