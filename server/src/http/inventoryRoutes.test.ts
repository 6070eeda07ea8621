import { newPlayer, type PlayerView, researchGrant, sellValue } from "@pickle-garden/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, storedPlayerToken, type TestServer } from "../../testing/testServer.ts";

/** Sell and discard through real HTTP on loopback: the gold pouch gate, the gold, and every refusal. */

const DIRT = 10001;
const HELMET = 30101;
let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ RATE_LIMIT_WRITES: "0" });
});
afterAll(async () => {
  await t.close();
});

/**
 * A player holding 700 Dirt in two stacks (500 and 200, as a save from before stacks grew holds them) and
 * one rolled helmet, with RP for the pouch; a bearer token.
 */
async function stockedPlayer(discordId: string): Promise<string> {
  const now = t.server.clock.now();
  const fresh = newPlayer({ discordId, username: "Seller", now, seed: 7 });
  const player = {
    ...fresh,
    lab: { ...fresh.lab, rp: 100 },
    inventory: [
      { id: DIRT, stack: 500 },
      { id: DIRT, stack: 200 },
      { id: HELMET, stack: 1, affixes: [{ id: "dodge", tier: 1, stats: { dodge_pct: 3 } }] },
      ...fresh.inventory.slice(3),
    ],
  };
  return storedPlayerToken(t, player);
}

async function api(token: string, path: string, body: unknown, method = "POST") {
  const res = await fetch(`${t.url}/api${path}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: method === "GET" ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
const user = async (token: string) =>
  (await api(token, "/user/get-user", null, "GET")).body.user as PlayerView;

describe("POST /api/intents/sellItem and /api/intents/discardItem", () => {
  it("selling needs the gold pouch; then gold += sellvalue × quantity, answered { ok }, the player read after", async () => {
    const token = await stockedPlayer("seller");
    const locked = await api(token, "/intents/sellItem", { inventoryIndex: 0, quantity: 10 });
    expect(locked.status).toBe(422);
    expect(locked.body).toMatchObject({ ok: false, code: "inventory/no_gold_pouch" });
    expect((await user(token)).inventory[0]).toEqual({ id: DIRT, stack: 500 });

    expect((await api(token, "/lab/buy", { nodeId: "east:utility:gold-pouch" })).status).toBe(200);
    const sold = await api(token, "/intents/sellItem", { inventoryIndex: 0, quantity: 120 });
    expect(sold.status).toBe(200);
    expect(sold.body.ok).toBe(true);
    expect((await user(token)).gold).toBe(sellValue(DIRT) * 120);
    expect((await user(token)).inventory[0]).toEqual({ id: DIRT, stack: 380 });
    expect((await user(token)).gold).toBe(sellValue(DIRT) * 120);

    const all = await api(token, "/intents/sellAll", { itemId: DIRT });
    expect(all.status).toBe(200);
    expect((await user(token)).gold).toBe(sellValue(DIRT) * 700);
    expect((await user(token)).inventory.some((e) => e.id === DIRT)).toBe(false);
  });

  it("discarding works without the pouch and gives nothing", async () => {
    const token = await stockedPlayer("thrower");
    const helmetAt = (await user(token)).inventory.findIndex((e) => e.id === HELMET);
    const thrown = await api(token, "/intents/discardItem", { inventoryIndex: helmetAt, quantity: 1 });
    expect(thrown.status).toBe(200);
    expect((await user(token)).inventory[helmetAt]).toEqual({ id: -1, stack: 0 });
    expect((await user(token)).gold).toBe(0);
    expect((await api(token, "/intents/discardItem", { inventoryIndex: 1, quantity: 50 })).body).toEqual({
      ok: true,
    });
    expect((await user(token)).inventory[1]).toEqual({ id: DIRT, stack: 150 });
  });

  it("a bad quantity or slot is a 4xx with ok false and the rule's code, and changes nothing", async () => {
    const token = await stockedPlayer("fumbler");
    await api(token, "/lab/buy", { nodeId: "east:utility:gold-pouch" });
    const before = await user(token);
    const cases: [unknown, number, string][] = [
      [{ inventoryIndex: 0, quantity: 501 }, 422, "inventory/not_enough"],
      [{ inventoryIndex: 0, quantity: 0 }, 422, "inventory/bad_quantity"],
      [{ inventoryIndex: 0, quantity: -5 }, 422, "inventory/bad_quantity"],
      [{ inventoryIndex: 0, quantity: 2.5 }, 422, "inventory/bad_quantity"],
      [{ inventoryIndex: 7, quantity: 1 }, 422, "inventory/empty_slot"],
      [{ inventoryIndex: 4000, quantity: 1 }, 422, "inventory/empty_slot"],
      [{ inventoryIndex: -1, quantity: 1 }, 422, "inventory/empty_slot"],
      [{ inventoryIndex: 0, quantity: "3" }, 400, "request/invalid"],
      [{ inventoryIndex: 0 }, 400, "request/invalid"],
    ];
    for (const path of ["/intents/sellItem", "/intents/discardItem"]) {
      for (const [body, status, code] of cases) {
        const res = await api(token, path, body);
        expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(status);
        expect(res.body.code).toBe(code);
        expect(typeof res.body.error).toBe("string");
        if (status === 422) expect(res.body.ok).toBe(false);
      }
    }
    const after = await user(token);
    expect(after.inventory).toEqual(before.inventory);
    expect(after.gold).toBe(before.gold);
  });
});

describe("POST /api/intents/buySlot", () => {
  it("needs the gold pouch and the gold; buys slots at a rising price; concurrent buys never overspend", async () => {
    const token = await stockedPlayer("slot-buyer");
    expect((await api(token, "/intents/buySlot", {})).body).toMatchObject({
      code: "inventory/no_gold_pouch",
    });
    await api(token, "/lab/buy", { nodeId: "east:utility:gold-pouch" });
    expect((await api(token, "/intents/buySlot", {})).body).toMatchObject({
      ok: false,
      code: "inventory/not_enough_gold",
    });
    await api(token, "/intents/sellAll", { itemId: DIRT }); // 700 Dirt
    const gold = (await user(token)).gold;
    const size = (await user(token)).inventory.length;
    const first = await api(token, "/intents/buySlot", {});
    expect(first.status).toBe(200);
    expect((await user(token)).gold).toBe(gold - 100);
    expect((await user(token)).inventory).toHaveLength(size + 1);
    const tries = await Promise.all([1, 2, 3, 4].map(() => api(token, "/intents/buySlot", {})));
    const after = await user(token);
    const bought = tries.filter((r) => r.status === 200).length;
    const prices = [400, 900, 1600, 2500].slice(0, bought);
    expect(after.gold).toBe(gold - 100 - prices.reduce((a, b) => a + b, 0));
    expect(after.gold).toBeGreaterThanOrEqual(0);
    expect(after.inventory).toHaveLength(size + 1 + bought);
    for (const r of tries.filter((x) => x.status !== 200))
      expect(r.body.code).toBe("inventory/not_enough_gold");
  });
});

describe("POST /api/intents/fundResearch", () => {
  it("needs the gold pouch; turns gold into RP at the grant's price; refuses bad counts; never overspends", async () => {
    const token = await stockedPlayer("grant-funder");
    expect((await api(token, "/intents/fundResearch", { grants: 1 })).body).toMatchObject({
      code: "research/no_gold_pouch",
    });
    await api(token, "/lab/buy", { nodeId: "east:utility:gold-pouch" });
    await api(token, "/intents/sellAll", { itemId: DIRT }); // 700 gold
    const before = await user(token);
    const grant = researchGrant(before);
    expect(grant).toEqual({ gold: 120, rp: 4.8 }); // 12 skills at level 1
    for (const [body, status, code] of [
      [{ grants: 0 }, 422, "research/bad_quantity"],
      [{ grants: 1.5 }, 422, "research/bad_quantity"],
      [{ grants: 101 }, 422, "research/bad_quantity"],
      [{ grants: 6 }, 422, "research/not_enough_gold"],
      [{ grants: "2" }, 400, "request/invalid"],
      [{}, 400, "request/invalid"],
    ] as const) {
      const res = await api(token, "/intents/fundResearch", body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.code).toBe(code);
    }
    const two = await api(token, "/intents/fundResearch", { grants: 2 });
    expect(two.status).toBe(200);
    expect((await user(token)).gold).toBe(before.gold - 240);
    expect((await user(token)).lab.rp).toBeCloseTo(before.lab.rp + 9.6, 3);
    const tries = await Promise.all(
      [1, 2, 3, 4].map(() => api(token, "/intents/fundResearch", { grants: 1 })),
    );
    const funded = tries.filter((r) => r.status === 200).length;
    expect(funded).toBe(3); // 460 gold left: three grants of 120
    const after = await user(token);
    expect(after.gold).toBe(before.gold - 240 - 120 * funded);
    expect(after.lab.rp).toBeCloseTo(before.lab.rp + 4.8 * (2 + funded), 3);
    expect(tries.find((r) => r.status !== 200)?.body.code).toBe("research/not_enough_gold");
  });
});
