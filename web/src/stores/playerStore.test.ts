import { PlayerViewSchema } from "@pickle-garden/shared";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { playerView } from "../../testing/fixtures.ts";
import { mockServer } from "../../testing/mockServer.ts";
import { resetStores } from "../../testing/resetStores.ts";
import { applyServerEvent, refreshPlayer, setPlayer, usePlayerStore } from "./playerStore.ts";

beforeEach(resetStores);
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("playerStore", () => {
  it("the fixture is a valid PlayerView", () => {
    expect(() => PlayerViewSchema.parse(playerView())).not.toThrow();
  });

  it("refreshPlayer loads GET /api/user/get-user's { user }", async () => {
    const server = mockServer();
    server.on("GET /api/user/get-user", { user: playerView({ username: "Pip" }) });
    const p = await refreshPlayer();
    expect(p?.username).toBe("Pip");
    expect(usePlayerStore.getState().player?.username).toBe("Pip");
    expect(server.calls[0]?.headers.get("authorization")).toBeNull();
  });

  it("a refresh asked for while one is in flight fetches again, and the older answer never lands", async () => {
    // the first get-user is answered before an action; its answer arrives after the action's own refresh
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    let asked = 0;
    const answer = (gold: number) =>
      new Response(JSON.stringify({ user: playerView({ gold }) }), {
        headers: { "content-type": "application/json" },
      });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        asked += 1;
        if (asked > 1) return answer(2);
        await held;
        return answer(1);
      }),
    );
    const seen: number[] = [];
    const stop = usePlayerStore.subscribe((s) => {
      if (s.player) seen.push(s.player.gold);
    });
    const first = refreshPlayer();
    const afterAction = refreshPlayer();
    release();
    expect((await afterAction)?.gold).toBe(2);
    expect((await first)?.gold).toBe(2);
    stop();
    expect(asked).toBe(2);
    expect(seen).not.toContain(1);
    expect(usePlayerStore.getState()).toMatchObject({ loading: false, player: { gold: 2 } });
    // a call alone still makes one request
    await refreshPlayer();
    expect(asked).toBe(3);
  });

  it("refreshPlayer keeps the error when the answer does not match the schema", async () => {
    const server = mockServer();
    server.on("GET /api/user/get-user", { user: { nope: true } });
    expect(await refreshPlayer()).toBeNull();
    expect(usePlayerStore.getState().error).toBe("generic");
  });

  it("a refused get-user keeps the failure's code, never the server's text; a 401 drops the player", async () => {
    setPlayer(playerView());
    const server = mockServer();
    server.on(
      "GET /api/user/get-user",
      () =>
        new Response(JSON.stringify({ error: "Sign in first (server text)" }), {
          status: 401,
          headers: { "content-type": "application/json" },
        }),
    );
    expect(await refreshPlayer()).toBeNull();
    expect(usePlayerStore.getState()).toMatchObject({ error: "auth/required", player: null });
  });

  it("applies xpUpdate: skill xp and level, picklelogy xp, lab rp as the rule rounds it; ignores an identical repeat", () => {
    setPlayer(playerView());
    const e = {
      playerId: "guest-abc123",
      skill: "mining" as const,
      delta: 10,
      xp: 110,
      level: 2,
      rpGain: 0.2,
      picklelogyGain: 5,
    };
    expect(applyServerEvent("xpUpdate", e)).toBe(true);
    expect(applyServerEvent("xpUpdate", e)).toBe(false);
    const p = usePlayerStore.getState().player!;
    expect(p.skills.mining).toEqual({ xp: 110, level: 2 });
    expect(p.skills.picklelogy).toEqual({ xp: 5, level: 1 });
    expect(p.lab.rp).toBe(0.2);
    // what the events do not say comes in a patch
    const picklelogy = { xp: 7, level: 1 };
    expect(applyServerEvent("playerPatch", { skills: { ...p.skills, picklelogy } })).toBe(true);
    expect(usePlayerStore.getState().player!.skills.picklelogy).toEqual(picklelogy);
    expect(usePlayerStore.getState().player!.skills.mining).toBe(p.skills.mining);
  });

  it("ignores another player's events", () => {
    setPlayer(playerView());
    expect(
      applyServerEvent("xpUpdate", {
        playerId: "someone-else",
        skill: "mining",
        delta: 1,
        xp: 1,
        level: 1,
        rpGain: 0,
        picklelogyGain: 0,
      }),
    ).toBe(false);
  });

  it("applies gatheringNode and playerState; unchanged parts keep their identity", () => {
    setPlayer(playerView());
    const skillsBefore = usePlayerStore.getState().player!.skills;
    applyServerEvent("gatheringNode", { nodeId: 101, nodeHp: 5, nodeMaxHp: 10 });
    expect(usePlayerStore.getState().player!.currentAction.nodeHp).toBe(5);
    applyServerEvent("playerState", playerView({ gold: 7 }));
    const after = usePlayerStore.getState().player!;
    expect(after.gold).toBe(7);
    expect(after.skills).toBe(skillsBefore);
  });

  it("death and revival", () => {
    const view = playerView({ health: 3 });
    setPlayer(view);
    applyServerEvent("playerDeath", { playerId: "guest-abc123" });
    expect(usePlayerStore.getState().player!.dead).toBe(true);
    applyServerEvent("deathCountdown", { playerId: "guest-abc123", secondsLeft: 7 });
    expect(usePlayerStore.getState().deathSecondsLeft).toBe(7);
    applyServerEvent("playerRevived", { playerId: "guest-abc123" });
    expect(usePlayerStore.getState().player).toMatchObject({ dead: false, health: view.maxHealth });
    expect(usePlayerStore.getState().deathSecondsLeft).toBeNull();
  });

  it("a hit's popup lowers the monster it names and a bite moves its next attack, as the server's view will", () => {
    const aphid = { id: 1, uid: "m1", hp: 10, maxHp: 12, nextAttackAt: 1_000, status: {} };
    setPlayer(playerView({ currentMonsters: [aphid] }));
    applyServerEvent("popup", { type: "melee_dmg", value: 4, target: "m1", playerId: "guest-abc123" });
    expect(usePlayerStore.getState().player!.currentMonsters[0]).toMatchObject({ hp: 6 });
    // a room member's hit on the monster they share
    applyServerEvent("popup", { type: "melee_dmg", value: 4, target: "m1", playerId: "a-friend" });
    expect(usePlayerStore.getState().player!.currentMonsters[0]).toMatchObject({ hp: 2 });
    applyServerEvent("monsterAttack", {
      playerId: "guest-abc123",
      at: 5_000,
      uid: "m1",
      damage: 1,
      health: 9,
    });
    expect(usePlayerStore.getState().player!.currentMonsters[0]!.nextAttackAt).toBeGreaterThan(5_000);
    expect(usePlayerStore.getState().player!.health).toBe(9);
  });
});
