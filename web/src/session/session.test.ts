import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { playerView } from "../../testing/fixtures.ts";
import { mockServer } from "../../testing/mockServer.ts";
import { resetStores } from "../../testing/resetStores.ts";
import { dispatchServerEvent } from "../api/serverEvents.ts";
import { setPlayer, usePlayerStore } from "../stores/playerStore.ts";
import { useSessionStore } from "../stores/sessionStore.ts";
import { useUiStore } from "../stores/uiStore.ts";
import { CROSS_TAB_KEY, onCrossTab, postCrossTab } from "./crossTab.ts";
import { POLL_FAST_MS, POLL_SLOW_MS, pendingLinkOptions, startSessionPolling } from "./discordSignIn.ts";
import { startRealtime } from "./realtime.ts";
import { refreshSession } from "./refreshSession.ts";
import "../i18n/index.ts";

beforeEach(resetStores);
afterEach(() => vi.useRealTimers());

describe("realtime", () => {
  it("applies pushes to the player store, raises popups as the window event 'popup', logs death", () => {
    setPlayer(playerView());
    const stop = startRealtime();
    const popups: unknown[] = [];
    const onPopup = (e: Event) => popups.push((e as CustomEvent).detail);
    window.addEventListener("popup", onPopup);
    dispatchServerEvent("popup", { type: "melee_dmg", value: 12, target: "m-1" });
    dispatchServerEvent("popup", { type: "heal", value: 5, playerId: "someone-else" });
    dispatchServerEvent("gatheringNode", { nodeId: 3, nodeHp: 4, nodeMaxHp: 9 });
    dispatchServerEvent("playerDeath", { playerId: "guest-abc123" });
    window.removeEventListener("popup", onPopup);
    stop();
    expect(popups).toEqual([{ type: "melee_dmg", value: 12, target: "m-1" }]);
    expect(usePlayerStore.getState().player?.currentAction.nodeHp).toBe(4);
    expect(useUiStore.getState().messages.at(-1)?.text).toMatch(/^You died! In 10 seconds you regrow/);
  });
});

describe("cross-tab messages", () => {
  it("hears IG_LOGIN_DONE from another tab (storage event) once, and not its own", () => {
    const heard: string[] = [];
    const off = onCrossTab((t) => heard.push(t));
    postCrossTab("IG_LINK_DONE");
    const value = JSON.stringify({ type: "IG_LOGIN_DONE", id: "other-tab-1" });
    window.dispatchEvent(new StorageEvent("storage", { key: CROSS_TAB_KEY, newValue: value }));
    window.dispatchEvent(new StorageEvent("storage", { key: CROSS_TAB_KEY, newValue: value }));
    off();
    expect(heard).toEqual(["IG_LOGIN_DONE"]);
  });
});

describe("session", () => {
  it("parses GET /api/account/link: the options of a conflict, else null; a malformed answer throws", async () => {
    const server = mockServer();
    const option = {
      discordId: "guest-1",
      username: "Guest Sprout",
      totalLevel: 12,
      gold: 5,
      rp: 1,
      createdAt: 1,
    };
    const options = [
      { keep: "guest", ...option },
      { keep: "discord", ...option, discordId: "333" },
    ];
    server.on("GET /api/account/link", { conflict: true, options });
    expect(await pendingLinkOptions()).toEqual(options);
    server.on("GET /api/account/link", { pending: false });
    expect(await pendingLinkOptions()).toBeNull();
    server.on("GET /api/account/link", { conflict: true, options: [{ keep: "both", ...option }] });
    await expect(pendingLinkOptions()).rejects.toMatchObject({
      message: "Unexpected answer from the server",
    });
  });

  it("reads user.discordId from GET /api/auth/session", async () => {
    const server = mockServer();
    server.on("GET /api/auth/session", {
      user: { discordId: "guest-1", name: "Guest Sprout" },
      expires: "x",
    });
    await refreshSession();
    expect(useSessionStore.getState()).toMatchObject({ status: "authenticated", discordId: "guest-1" });
    server.on("GET /api/auth/session", null);
    await refreshSession();
    expect(useSessionStore.getState()).toMatchObject({ status: "unauthenticated", discordId: null });
  });

  it("polls every 500 ms for the first 4 s, then every 1500 ms", async () => {
    vi.useFakeTimers();
    const server = mockServer();
    server.on("GET /api/auth/session", {});
    const times: number[] = [];
    const start = Date.now();
    const stop = startSessionPolling(
      () => {
        times.push(Date.now() - start);
        return false;
      },
      () => {},
    );
    await vi.advanceTimersByTimeAsync(7000);
    stop();
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    expect(times[0]).toBe(POLL_FAST_MS);
    expect(gaps.slice(0, 6).every((g) => g === POLL_FAST_MS)).toBe(true);
    expect(gaps.at(-1)).toBe(POLL_SLOW_MS);
  });
});
