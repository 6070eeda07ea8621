import { DiscordSDKMock } from "@discord/embedded-app-sdk";
import type { TokenAnswer, TokenRequest } from "@pickle-garden/shared";
import { ApiError } from "@pickle-garden/web";
import { afterEach, describe, expect, it, vi } from "vitest";
import { HandshakeError, handshake, SCOPES } from "./handshake.ts";

const ANSWER: TokenAnswer = {
  access_token: "discord-access",
  sessionToken: "our-session",
  expiresAt: 1_000_000,
  roomId: "discord:123456789012345678",
  user: { discordId: "42", username: "Nelly", avatar: null, isGuest: false },
};

function sdkWith(overrides: Parameters<DiscordSDKMock["_updateCommandMocks"]>[0] = {}) {
  const sdk = new DiscordSDKMock("client-9", "guild", "channel", null);
  sdk._updateCommandMocks(overrides);
  return sdk;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the handshake", () => {
  it("authorizes with a code and the scopes it uses, exchanges it with the instance, then authenticates", async () => {
    const authorize = vi.fn(async () => ({ code: "the-code" }));
    const authenticate = vi.fn(async () => ({
      access_token: "discord-access",
      user: { id: "42", username: "nelly", discriminator: "0", public_flags: 0 },
      scopes: [],
      expires: "",
      application: { id: "client-9", name: "Pickle Garden", description: "" },
    }));
    const exchange = vi.fn(async (_body: TokenRequest) => ANSWER);
    const steps: string[] = [];
    const session = await handshake({
      sdk: sdkWith({ authorize, authenticate }),
      exchange,
      onStep: (step) => steps.push(step),
    });
    expect(steps).toEqual(["connecting", "authorizing", "signingIn"]);
    expect(authorize).toHaveBeenCalledWith({
      client_id: "client-9",
      response_type: "code",
      state: "",
      prompt: "none",
      scope: [...SCOPES],
    });
    expect(SCOPES).toEqual(["identify", "rpc.activities.write"]);
    expect(exchange).toHaveBeenCalledWith({ code: "the-code", instanceId: "123456789012345678" });
    expect(authenticate).toHaveBeenCalledWith({ access_token: "discord-access" });
    expect(session).toEqual({ ...ANSWER, instanceId: "123456789012345678" });
  });

  it("stops at a refused authorization: nothing is exchanged", async () => {
    const exchange = vi.fn(async () => ANSWER);
    const refused = handshake({
      sdk: sdkWith({ authorize: () => Promise.reject({ code: 5000, message: "Authorization cancelled" }) }),
      exchange,
    });
    await expect(refused).rejects.toMatchObject({
      reason: "authorizeRefused",
      message: "Authorization cancelled",
    });
    expect(exchange).not.toHaveBeenCalled();
  });

  it("times out when Discord never says ready", async () => {
    vi.useFakeTimers();
    const sdk = sdkWith();
    sdk.ready = () => new Promise<void>(() => {});
    const authorize = vi.spyOn(sdk.commands, "authorize");
    const pending = handshake({ sdk, exchange: async () => ANSWER, readyTimeoutMs: 5000 });
    const outcome = expect(pending).rejects.toMatchObject({ reason: "readyTimeout" });
    await vi.advanceTimersByTimeAsync(4999);
    expect(authorize).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
  });

  it("names each failure of the token exchange", async () => {
    const cases: [ApiError | Error, string][] = [
      [new ApiError(0, "Network error"), "serverUnreachable"],
      [new ApiError(401, "InvalidCode", { error: "InvalidCode" }), "tokenRejected"],
      [new ApiError(403, "NotInInstance", { error: "NotInInstance" }), "notInInstance"],
      [new ApiError(503, "DiscordUnavailable", { error: "DiscordUnavailable" }), "discordUnavailable"],
      [new ApiError(503, "DiscordNotConfigured", { error: "DiscordNotConfigured" }), "notConfigured"],
      [new ApiError(500, "InternalError", { error: "InternalError" }), "serverError"],
    ];
    for (const [error, reason] of cases) {
      const failed = await handshake({
        sdk: sdkWith(),
        exchange: () => Promise.reject(error),
      }).catch((e: unknown) => e);
      expect(failed).toBeInstanceOf(HandshakeError);
      expect([error.message, (failed as HandshakeError).reason]).toEqual([error.message, reason]);
    }
  });

  it("reports a failed authenticate()", async () => {
    const failed = handshake({
      sdk: sdkWith({ authenticate: () => Promise.reject({ code: 4009, message: "Invalid token" }) }),
      exchange: async () => ANSWER,
    });
    await expect(failed).rejects.toMatchObject({ reason: "authenticateFailed" });
  });
});
