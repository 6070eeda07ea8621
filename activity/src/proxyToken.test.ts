import { DiscordSDKMock } from "@discord/embedded-app-sdk";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  keepProxyTokenFresh,
  PROXY_COOKIE,
  proxyTokenExpiry,
  REFRESH_BEFORE_EXPIRY_MS,
  refreshProxyToken,
} from "./proxyToken.ts";

const jwt = (payload: object) => `h.${btoa(JSON.stringify(payload)).replace(/=+$/, "")}.sig`;
const cookieExpiring = (ms: number) =>
  `a=1; ${PROXY_COOKIE}=${jwt({ application_id: "1", user_id: "2", expires_at: ms / 1000 })}`;

function sdkGiving(ticket: string) {
  const sdk = new DiscordSDKMock("c", "g", "ch", null);
  const requestProxyTicketRefresh = vi.fn(async () => ({ ticket }));
  sdk._updateCommandMocks({ requestProxyTicketRefresh });
  return { sdk, requestProxyTicketRefresh };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("Discord's proxy token", () => {
  it("its expiry is read from the cookie's payload; none without the cookie", () => {
    expect(proxyTokenExpiry(cookieExpiring(1_700_000_000_000))).toBe(1_700_000_000_000);
    expect(proxyTokenExpiry("a=1")).toBeNull();
    expect(proxyTokenExpiry(`${PROXY_COOKIE}=garbage`)).toBeNull();
  });

  it("is refreshed with a ticket from Discord, which the proxy exchanges for a new cookie", async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal("fetch", fetch);
    const { sdk } = sdkGiving("t/1");
    expect(await refreshProxyToken(sdk, "https://app.discordsays.com")).toBe(true);
    expect(fetch).toHaveBeenCalledWith("https://app.discordsays.com/?discord_proxy_ticket=t%2F1", {
      method: "HEAD",
      credentials: "include",
    });
    sdk._updateCommandMocks({
      requestProxyTicketRefresh: () => Promise.reject({ code: 4002, message: "no" }),
    });
    expect(await refreshProxyToken(sdk, "https://app.discordsays.com")).toBe(false);
  });

  it("is refreshed 15 minutes before it expires while the activity runs", async () => {
    vi.useFakeTimers({ now: 0 });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    const { sdk, requestProxyTicketRefresh } = sdkGiving("t");
    let cookies = cookieExpiring(60 * 60_000);
    const stop = keepProxyTokenFresh(sdk, () => cookies);
    await vi.advanceTimersByTimeAsync(60 * 60_000 - REFRESH_BEFORE_EXPIRY_MS - 1);
    expect(requestProxyTicketRefresh).not.toHaveBeenCalled();
    cookies = cookieExpiring(2 * 60 * 60_000);
    await vi.advanceTimersByTimeAsync(1);
    expect(requestProxyTicketRefresh).toHaveBeenCalledTimes(1);
    stop();
    await vi.advanceTimersByTimeAsync(2 * 60 * 60_000);
    expect(requestProxyTicketRefresh).toHaveBeenCalledTimes(1);
  });

  it("nothing to watch without the cookie (the SDK's mock)", async () => {
    vi.useFakeTimers({ now: 0 });
    const { sdk, requestProxyTicketRefresh } = sdkGiving("t");
    keepProxyTokenFresh(sdk, () => "");
    await vi.advanceTimersByTimeAsync(24 * 60 * 60_000);
    expect(requestProxyTicketRefresh).not.toHaveBeenCalled();
  });
});
