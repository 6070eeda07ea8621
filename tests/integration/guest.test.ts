import type { OfflineSummary, PlayerView } from "@pickle-garden/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, removeDataDir, startServer } from "../support/startServer.ts";
import { Browser } from "./httpClient.ts";

/** A scripted guest plays through the HTTP API of a real server process, letting an hour pass with the test clock. */

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.stop();
  removeDataDir(server.dataDir);
});

describe("a guest's first hour", () => {
  it("signs in, picks a path, buys the gather unlock, gathers for an hour, comes back to the expected summary", async () => {
    const b = new Browser(server.url);
    const id = await b.signInAsGuest();
    expect(id).toMatch(/^guest-/);

    const fresh = (await b.json<{ user: PlayerView }>("GET", "/api/user/get-user")).body.user;
    expect(fresh.discordId).toBe(id);
    expect(fresh.featureFlags.mining).toBeFalsy();

    // each intent answers { ok }: what it changed is the player's, read back once
    const user = async () => (await b.json<{ user: PlayerView }>("GET", "/api/user/get-user")).body.user;
    const path = await b.json("PATCH", "/api/user/tutorial", { action: "choose-path", path: "mining" });
    expect(path).toMatchObject({ status: 200, body: { ok: true } });
    expect((await user()).tutorial?.chosenPath).toBe("mining");

    const bought = await b.json("POST", "/api/lab/buy", { nodeId: "south:mining:unlock" });
    expect(bought).toMatchObject({ status: 200, body: { ok: true } });
    expect((await user()).featureFlags.mining).toBe(true);

    const action = await b.json("POST", "/api/user/update-action", { skill: "mining", location: "garden" });
    expect(action).toMatchObject({ status: 200, body: { ok: true } });
    expect((await user()).currentAction).toMatchObject({ skill: "mining", location: "garden" });

    // gone for an hour
    expect((await b.json("POST", "/api/test/clock", { advanceMs: 3_600_000 })).status).toBe(200);

    const { status, body: summary } = await b.json<OfflineSummary>("GET", "/api/user/sync-offline");
    expect(status).toBe(200);
    expect(summary.repeated).toBe(false);
    expect(summary.awaySince).toEqual(expect.any(Number));
    const g = summary.gathering;
    expect(g).toMatchObject({ skill: "mining", location: "garden" });
    // 3 s per action: 1200 actions in the hour (a request's few real milliseconds may add one)
    expect(g?.cycles).toBeGreaterThanOrEqual(1200);
    expect(g?.cycles).toBeLessThanOrEqual(1201);
    expect(g?.duration).toBeGreaterThanOrEqual(3599);
    expect(g?.gainedXp).toBeGreaterThan(0);
    const kept = (g?.items ?? []).reduce((n, i) => n + i.quantity, 0);
    expect(kept + (g?.lost ?? 0)).toBe(g?.totalamount);
    expect(summary.updatedSkills.mining?.xp).toBe(g?.gainedXp);
    expect(summary.gainedXp.mining).toBe(g?.gainedXp);
    for (const item of g?.items ?? []) {
      const held = summary.updatedInventory.filter((e) => e.id === item.id).reduce((n, e) => n + e.stack, 0);
      expect(held).toBe(item.quantity);
    }

    // the player sees the same numbers, and a repeat grants nothing
    const after = (await b.json<{ user: PlayerView }>("GET", "/api/user/get-user")).body.user;
    const again = (await b.json<OfflineSummary>("GET", "/api/user/sync-offline")).body;
    expect(again.repeated).toBe(true);
    expect(again.awaySince).toBe(summary.awaySince);
    expect(again.gathering).toEqual(summary.gathering);
    const later = (await b.json<{ user: PlayerView }>("GET", "/api/user/get-user")).body.user;
    expect(later.skills.mining.xp - after.skills.mining.xp).toBeLessThanOrEqual(20); // at most a hit or two of real time
  });
});
