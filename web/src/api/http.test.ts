import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useApiStore } from "../stores/apiStore.ts";
import { ApiError, http, setSessionRecovery, setSessionToken } from "./http.ts";

/** A server that knows one bearer token at a time: any other answers 401. */
function serverKnowing(valid: { token: string }) {
  const seen: (string | null)[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_url: string, init: RequestInit) => {
      const auth = (init.headers as Record<string, string>).Authorization ?? null;
      seen.push(auth);
      const ok = auth === `Bearer ${valid.token}`;
      return new Response(JSON.stringify(ok ? { ok: true } : { error: "SessionRequired" }), {
        status: ok ? 200 : 401,
        headers: { "content-type": "application/json" },
      });
    }),
  );
  return seen;
}

beforeEach(() => setSessionToken("old"));
afterEach(() => useApiStore.setState({ sessionToken: null, recover: null, recovering: null }));

describe("a refused bearer session", () => {
  it("is recovered once for every call refused meanwhile, and each call is sent again with the new token", async () => {
    const valid = { token: "old" };
    const seen = serverKnowing(valid);
    valid.token = "new";
    const recover = vi.fn(async () => {
      await new Promise((r) => setTimeout(r, 10));
      return "new";
    });
    setSessionRecovery(recover);
    const answers = await Promise.all([http.get("/api/a"), http.get("/api/b"), http.post("/api/c", {})]);
    expect(answers).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(recover).toHaveBeenCalledTimes(1);
    expect(useApiStore.getState().sessionToken).toBe("new");
    expect(seen.filter((a) => a === "Bearer new")).toHaveLength(3);
  });

  it("stays refused without a recovery (the website) or when the recovery fails", async () => {
    serverKnowing({ token: "other" });
    await expect(http.get("/api/a")).rejects.toMatchObject({ status: 401 });
    setSessionRecovery(async () => null);
    await expect(http.get("/api/a")).rejects.toBeInstanceOf(ApiError);
  });

  it("an anonymous call (the token exchange) carries no bearer and never waits for a recovery", async () => {
    const seen = serverKnowing({ token: "other" });
    const recover = vi.fn(async () => "new");
    setSessionRecovery(recover);
    await expect(http.post("/api/token", {}, { anonymous: true })).rejects.toMatchObject({ status: 401 });
    expect(seen).toEqual([null]);
    expect(recover).not.toHaveBeenCalled();
  });
});
