import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { keepSessionFresh, RENEW_AT_MOST_EVERY_MS, RENEW_RETRY_MS } from "./sessionRenewal.ts";

const DAY = 24 * 3600_000;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(0);
});
afterEach(() => {
  vi.useRealTimers();
});

describe("session renewal", () => {
  it("renews well before expiry, keeps renewing, and retries a failure a minute later", async () => {
    const applied: string[] = [];
    let n = 0;
    const renew = vi.fn(async () => {
      n++;
      if (n === 2) throw new Error("offline");
      return { sessionToken: `token-${n}`, expiresAt: Date.now() + 7 * DAY };
    });
    const stop = keepSessionFresh(7 * DAY, renew, (t) => applied.push(t));
    await vi.advanceTimersByTimeAsync(RENEW_AT_MOST_EVERY_MS - 1);
    expect(renew).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(applied).toEqual(["token-1"]);
    await vi.advanceTimersByTimeAsync(RENEW_AT_MOST_EVERY_MS);
    expect(applied).toEqual(["token-1"]);
    await vi.advanceTimersByTimeAsync(RENEW_RETRY_MS);
    expect(applied).toEqual(["token-1", "token-3"]);
    stop();
    await vi.advanceTimersByTimeAsync(7 * DAY);
    expect(renew).toHaveBeenCalledTimes(3);
  });

  it("renews a short-lived token halfway to its expiry", async () => {
    const renew = vi.fn(async () => ({ sessionToken: "t", expiresAt: Date.now() + 3600_000 }));
    const stop = keepSessionFresh(3600_000, renew, () => {});
    await vi.advanceTimersByTimeAsync(1800_000);
    expect(renew).toHaveBeenCalledTimes(1);
    stop();
  });
});
