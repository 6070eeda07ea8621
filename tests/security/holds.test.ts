import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gameSocket, handshake } from "../../server/testing/gameSocket.ts";
import { CookieJar, guestSignIn } from "../../server/testing/testServer.ts";
import { miningGuest, type SecurityServer, sameOriginJson, startServer } from "./support.ts";

/** Attacks that already fail; kept here so a regression shows. */

let t: SecurityServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(async () => {
  await t.close();
});

const snapshot = (discordId: string) =>
  t.server.service.read(discordId, (p) => ({
    skills: p.skills,
    health: p.health,
    gold: p.gold,
    rp: p.lab.rp,
    inventory: p.inventory,
    action: p.currentAction.skill,
  }));

describe("client numbers are ignored", () => {
  it("claimed xp, health, node and time change nothing", async () => {
    const { jar, discordId } = await miningGuest(t);
    const before = await snapshot(discordId);
    for (const [path, body] of [
      ["/api/user/update-xp", { skill: "mining", gainedXp: 1e12 }],
      ["/api/user/update-health", { health: 1e9, maxHealth: 1e9 }],
      ["/api/user/update-mana", { mana: 1e9, maxMana: 1e9 }],
    ] as const) {
      const res = await sameOriginJson(t, jar, "POST", path, body);
      expect(res.status, path).toBe(200);
    }
    expect(await snapshot(discordId)).toEqual(before);
    const action = await sameOriginJson(t, jar, "POST", "/api/user/update-action", {
      skill: "mining",
      location: "garden",
      nodeId: 3,
      nodeHp: 0,
      nodeMaxHp: 1,
      lastUpdate: 0,
    });
    expect(action.body).toEqual({ ok: true });
    const user = await sameOriginJson(t, jar, "GET", "/api/user/get-user");
    const current = (
      user.body.user as { currentAction: { nodeHp: number; nodeMaxHp: number; lastUpdate: number } }
    ).currentAction;
    expect(current.nodeMaxHp).toBeGreaterThan(1);
    expect(current.nodeHp).toBe(current.nodeMaxHp);
    expect(current.lastUpdate).toBeGreaterThan(0);
  });
});

describe("forged tokens", () => {
  const forge = (claims: object, secret = "not-the-server-secret-not-the-server-secret") => {
    const body = Buffer.from(JSON.stringify(claims)).toString("base64url");
    const key = createHmac("sha256", secret).update("pickle-garden:session:v1").digest();
    return `${body}.${createHmac("sha256", key).update(body).digest("base64url")}`;
  };

  it("a bearer token signed with another secret, a tampered one and a bare id are 401", async () => {
    await t.server.accounts.ensurePlayer({ discordId: "400000000000000004", username: "victim" });
    const real = t.server.signer.sessionToken("400000000000000004", t.server.clock.now());
    const [, mac] = real.split(".");
    const tampered = `${Buffer.from(JSON.stringify({ sub: "400000000000000005", iat: 0 })).toString("base64url")}.${mac}`;
    for (const token of [
      forge({ sub: "400000000000000004", iat: 0 }),
      tampered,
      "400000000000000004",
      `${real.split(".")[0]}.`,
    ]) {
      const res = await fetch(`${t.url}/api/user/get-user`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(401);
    }
  });

  it("a forged guest token signs in a new guest, never the victim; a forged socket token is refused", async () => {
    const victim = await guestSignIn(t.url, new CookieJar());
    const forgedGuest = forge({ sub: victim.discordId, iat: 0 });
    const attacker = await guestSignIn(t.url, new CookieJar(), { guestToken: forgedGuest });
    expect(attacker.discordId).toMatch(/^guest-/);
    expect(attacker.discordId).not.toBe(victim.discordId);
    const socket = gameSocket(t.url, { auth: { token: forge({ sub: victim.discordId, iat: 0 }) } });
    const refused = await handshake(socket);
    socket.close();
    expect(refused?.message).toBe("SessionRequired");
  });
});

describe("bad bodies", () => {
  it("oversized is 413, malformed JSON 400, wrong types 400, an unknown place 422; nothing changes", async () => {
    const { jar, discordId } = await miningGuest(t);
    const post = (body: string) =>
      jar.fetch(`${t.url}/api/user/update-action`, {
        method: "POST",
        headers: { origin: t.url, "content-type": "application/json" },
        body,
      });
    expect((await post(JSON.stringify({ skill: "mining", location: "x".repeat(20_000) }))).status).toBe(413);
    expect((await post('{"skill": "mining",')).status).toBe(400);
    expect((await post(JSON.stringify({ skill: 7, location: ["garden"] }))).status).toBe(400);
    const moon = await post(JSON.stringify({ skill: "mining", location: "moon" }));
    expect(moon.status).toBe(422);
    expect(await moon.json()).toMatchObject({ ok: false, code: "action/unknown_location" });
    expect(await t.server.service.read(discordId, (p) => p.currentAction.skill)).toBe("none");
  });

  it("prototype pollution through __proto__ or constructor.prototype reaches nothing", async () => {
    const { jar, discordId } = await miningGuest(t);
    for (const body of [
      '{"skill":"mining","location":"garden","__proto__":{"polluted":true,"isAdmin":true}}',
      '{"skill":"mining","location":"garden","constructor":{"prototype":{"polluted":true}}}',
    ]) {
      const res = await jar.fetch(`${t.url}/api/user/update-action`, {
        method: "POST",
        headers: { origin: t.url, "content-type": "application/json" },
        body,
      });
      expect(res.status).toBeLessThan(500);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(t.server.service.isAdmin(discordId)).toBe(false);
    const panels = await sameOriginJson(t, jar, "GET", "/api/admin/panels");
    expect(panels.status).toBe(403);
  });
});

describe("the test clock", () => {
  it("is absent when TEST_CLOCK is off", async () => {
    const off = await startServer({ TEST_CLOCK: "0" });
    try {
      const before = off.server.clock.now();
      const res = await fetch(`${off.url}/api/test/clock`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ advanceMs: 3_600_000 }),
      });
      expect(res.status).toBe(404);
      expect(off.server.clock.now() - before).toBeLessThan(60_000);
    } finally {
      await off.close();
    }
  });
});
