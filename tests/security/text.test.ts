import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  emit,
  miningGuest,
  openSocket,
  type SecurityServer,
  sameOriginJson,
  startServer,
} from "./support.ts";

/** Names and chat text other players see: no bidi tricks, no invisible characters, never cut inside a character. */

const LINKED = "300000000000000003";
let t: SecurityServer;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await startServer();
  await t.server.accounts.ensurePlayer({ discordId: LINKED, username: "linked" });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

const nameOf = (discordId: string) => t.server.service.read(discordId, (p) => p.username);

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const wellFormed = (s: string) => !LONE_SURROGATE.test(s);

describe("names", () => {
  it("bidi overrides, isolates and zero-width characters are removed; NFC", async () => {
    const { jar, discordId } = await miningGuest(t);
    const res = await sameOriginJson(t, jar, "PATCH", "/api/user/username", {
      username: "\u202Eadmin\u202C\u200B \u2066Jose\u0301\u2069\uFEFF",
    });
    expect(res.status).toBe(200);
    expect(res.body.username).toBe("admin José");
    expect(await nameOf(discordId)).toBe("admin José");
  });

  it("a 40-emoji name is cut to 32 whole emoji, never inside a surrogate pair", async () => {
    const { jar, discordId } = await miningGuest(t);
    await sameOriginJson(t, jar, "PATCH", "/api/user/username", { username: "🥒".repeat(40) });
    const name = await nameOf(discordId);
    expect(name).toBe("🥒".repeat(32));
    expect(wellFormed(name)).toBe(true);
  });

  it("an empty result: a guest becomes Guest Sprout, a linked player is refused and keeps its name", async () => {
    const { jar, discordId } = await miningGuest(t);
    await sameOriginJson(t, jar, "PATCH", "/api/user/username", { username: "Pickle" });
    const guest = await sameOriginJson(t, jar, "PATCH", "/api/user/username", {
      username: "\u200B\u202E \u2066",
    });
    expect(guest.body.username).toBe("Guest Sprout");
    expect(await nameOf(discordId)).toBe("Guest Sprout");

    const token = t.server.signer.sessionToken(LINKED, t.server.clock.now());
    const linked = await fetch(`${t.url}/api/user/username`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ username: "\u200D\u200B" }),
    });
    expect(linked.status).toBe(400);
    expect(await nameOf(LINKED)).toBe("linked");
  });
});

describe("chat", () => {
  it("chat text is normalised before anyone hears it; invisible-only text is refused", async () => {
    const { discordId } = await miningGuest(t);
    const socket = await openSocket(t, discordId);
    sockets.push(socket);
    const answer = (await emit(socket, "chatMessage", {
      text: "hi \u202Eereht\u202C\u200B",
      type: "global",
    })) as {
      ok: boolean;
      message?: { text: string };
    };
    expect(answer.ok).toBe(true);
    expect(answer.message?.text).toBe("hi ereht");
    expect((await t.server.store.recentChat("global", 50)).at(-1)?.text).toBe("hi ereht");
    expect(await emit(socket, "chatMessage", { text: "\u2066\u200B\u2069", type: "global" })).toMatchObject({
      ok: false,
      code: "request/invalid",
    });
  });
});
