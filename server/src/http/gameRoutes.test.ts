import {
  ActiveCharacterBodySchema,
  CancelAllCraftsBodySchema,
  CancelCraftBodySchema,
  CastSpellBodySchema,
  CraftBodySchema,
  EquipBodySchema,
  GATHER_NODES,
  InventoryTakeBodySchema,
  LabBuyBodySchema,
  MONSTERS,
  PanelCreateBodySchema,
  PanelVoteBodySchema,
  type PlayerView,
  SellAllBodySchema,
  SendItemBodySchema,
  TutorialActionSchema,
  UnequipBodySchema,
  UpdateActionBodySchema,
  UpdateHealthBodySchema,
  UpdateManaBodySchema,
  UpdateMonstersBodySchema,
  UpdateXpBodySchema,
  UsernameBodySchema,
} from "@pickle-garden/shared";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { CookieJar, guestSignIn, startTestServer, type TestServer } from "../../testing/testServer.ts";
import { TestClock } from "../clock.ts";

let t: TestServer;
let token: string;
let discordId: string;

beforeAll(async () => {
  // time stands still unless a test moves it: a refused call has nothing to settle, so it changes nothing
  const start = Date.now();
  t = await startTestServer({ RATE_LIMIT_WRITES: "0" }, { clock: new TestClock(() => start) });
  discordId = "fuzz-player";
  await t.server.accounts.ensurePlayer({ discordId, username: "Fuzzy" });
  token = t.server.signer.sessionToken(discordId, t.server.clock.now());
});
afterAll(async () => {
  await t.close();
});

function call(method: string, path: string, body?: string, auth = token): Promise<Response> {
  return fetch(`${t.url}/api${path}`, {
    method,
    headers: { "content-type": "application/json", ...(auth ? { authorization: `Bearer ${auth}` } : {}) },
    body,
  });
}

async function storedDoc() {
  await t.server.service.flushAll();
  const loaded = await t.server.store.loadPlayer(discordId);
  return { version: loaded?.version, doc: JSON.stringify(loaded?.doc) };
}

describe("game routes: basics", () => {
  it("GET /api/server-time is public", async () => {
    const res = await fetch(`${t.url}/api/server-time`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { now: number };
    expect(Math.abs(body.now - t.server.clock.now())).toBeLessThan(5_000);
  });

  it("every game route needs a session", async () => {
    for (const [method, path] of [
      ["GET", "/user/get-user"],
      ["GET", "/user/sync-offline"],
      ["POST", "/user/update-xp"],
      ["POST", "/lab/buy"],
      ["GET", "/panels/active"],
    ] as const) {
      const res = await call(method, path, method === "GET" ? undefined : "{}", "");
      expect(res.status, path).toBe(401);
    }
  });

  it("get-user answers the player's view without the generator state", async () => {
    const res = await call("GET", "/user/get-user");
    expect(res.status).toBe(200);
    const { user } = (await res.json()) as { user: Record<string, unknown> };
    expect(user.discordId).toBe(discordId);
    expect(user).not.toHaveProperty("rng");
    expect(user).toHaveProperty("miningSpeed");
  });

  it("a guest signed in with cookies reaches its own player", async () => {
    const jar = new CookieJar();
    const { discordId: guestId } = await guestSignIn(t.url, jar);
    const res = await jar.fetch(`${t.url}/api/user/get-user`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { user: { discordId: string } }).user.discordId).toBe(guestId);
  });

  it("claimed owned values are ignored: the answers are the server's", async () => {
    const before = (await (await call("GET", "/user/get-user")).json()) as {
      user: { health: number; mana: number; skills: Record<string, { xp: number }>; lab: { rp: number } };
    };
    const health = (await (
      await call("POST", "/user/update-health", JSON.stringify({ health: 9999, maxHealth: 9999 }))
    ).json()) as {
      health: number;
    };
    expect(health.health).toBe(before.user.health);
    const xp = (await (
      await call("POST", "/user/update-xp", JSON.stringify({ skill: "mining", gainedXp: 1e9 }))
    ).json()) as {
      xp: number;
      picklelogyGain: number;
    };
    expect(xp.xp).toBe(before.user.skills.mining?.xp);
    expect(xp.picklelogyGain).toBe(0);
    const mana = (await (await call("POST", "/user/update-mana", JSON.stringify({ mana: 5000 }))).json()) as {
      mana: number;
    };
    expect(mana.mana).toBe(before.user.mana);
    const reward = await call("POST", "/user/send-item", JSON.stringify({ skill: "mining", nodeId: 1 }));
    expect(((await reward.json()) as { rewardItem: unknown }).rewardItem).toBeNull();
    const unknown = await call("POST", "/user/send-item", JSON.stringify({ skill: "mining", nodeId: 4242 }));
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: string }).error).toBe(
      "Gathering reward ignored: nodeId unknown.",
    );
  });

  it("a lab buy answers { ok } only: its change (the tutorial step it proves too) is the player's, read once", async () => {
    const id = "lab-buyer";
    await t.server.accounts.ensurePlayer({ discordId: id, username: "Buyer" });
    const auth = t.server.signer.sessionToken(id, t.server.clock.now());
    const tutorial = (body: object) => call("PATCH", "/user/tutorial", JSON.stringify(body), auth);
    expect((await tutorial({ action: "choose-path", path: "mining" })).status).toBe(200);
    const jump = {
      action: "jump",
      currentStep: "lab-buy-gather",
      done: ["go-picklelogy", "lab-choose-path"],
      ui: { isOpen: true },
    };
    expect((await tutorial(jump)).status).toBe(200);
    const res = await call("POST", "/lab/buy", JSON.stringify({ nodeId: "south:mining:unlock" }), auth);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    const { user } = (await (await call("GET", "/user/get-user", undefined, auth)).json()) as {
      user: PlayerView;
    };
    expect(user.featureFlags.mining).toBe(true);
    expect(user.tutorial?.done).toContain("lab-buy-gather");
    const again = await call(
      "POST",
      "/intents/labBuy",
      JSON.stringify({ nodeId: "south:mining:unlock" }),
      auth,
    );
    expect(again.status).toBe(422);
    expect(await again.json()).toEqual({ ok: false, code: "lab/cannot_buy", error: "Cannot buy" });
  });

  it("panels: active, vote once, dismiss; authoring is for admins only", async () => {
    expect(
      (await call("POST", "/admin/panels", JSON.stringify({ type: "message", title: "Hi" }))).status,
    ).toBe(403);
    t.config.adminDiscordIds.push(discordId);
    try {
      const created = await call(
        "POST",
        "/admin/panels",
        JSON.stringify({
          _id: "poll-1",
          type: "poll",
          title: "Best bug?",
          options: [
            { id: "a", label: "Aphid" },
            { id: "b", label: "Beetle" },
          ],
        }),
      );
      expect(created.status).toBe(200);
    } finally {
      t.config.adminDiscordIds.pop();
    }
    const active = (await (await call("GET", "/panels/active")).json()) as { panel: { _id: string } | null };
    expect(active.panel?._id).toBe("poll-1");
    expect((await call("POST", "/panels/poll-1/vote", JSON.stringify({ optionId: "zzz" }))).status).toBe(400);
    const voted = await call("POST", "/panels/poll-1/vote", JSON.stringify({ optionId: "a" }));
    expect(((await voted.json()) as { votes: Record<string, number> }).votes).toEqual({ a: 1 });
    expect((await call("POST", "/panels/poll-1/vote", JSON.stringify({ optionId: "b" }))).status).toBe(409);
    expect(((await (await call("GET", "/panels/active")).json()) as { panel: unknown }).panel).toBeNull();
    expect((await call("POST", "/panels/nope/dismiss", "{}")).status).toBe(404);
  });
});

/* ---------------- fuzz ---------------- */

interface FuzzRoute {
  method: "POST" | "PATCH";
  path: string;
  schema: z.ZodType;
  /** bodies that pass the schema but name things that do not exist */
  unknownIds?: fc.Arbitrary<unknown>;
}

const notIn = (known: (v: string) => boolean) =>
  fc.string({ minLength: 1, maxLength: 40 }).filter((s) => !known(s));

/** ids no table has (the world grows: read from the tables, never a fixed bound) */
const unknownMonster = fc.integer({ min: 1, max: 1e6 }).filter((id) => MONSTERS[id] === undefined);
const unknownNode = fc.integer({ min: 1, max: 1e6 }).filter((id) => GATHER_NODES[id] === undefined);

const ROUTES: FuzzRoute[] = [
  { method: "POST", path: "/user/update-health", schema: UpdateHealthBodySchema },
  { method: "POST", path: "/user/update-mana", schema: UpdateManaBodySchema },
  {
    method: "POST",
    path: "/user/update-action",
    schema: UpdateActionBodySchema,
    unknownIds: fc.record({
      skill: fc.constantFrom("mining", "mycology", "botany", "combat"),
      location: notIn((s) =>
        [
          "garden",
          "pond",
          "path",
          "square",
          "fire_camp",
          "shed",
          "tree_stump",
          "swamp",
          "maple_tree_stump",
          "fountain",
          "swamp_night",
          "backyard",
          "garage",
          "ant_nest",
          "aphid_nest",
          "black_ant_nest",
          "trash_can",
          "rosebush_nest",
          "beetle_nest",
        ].includes(s),
      ),
    }),
  },
  {
    method: "POST",
    path: "/user/update-monsters",
    schema: UpdateMonstersBodySchema,
    unknownIds: fc.record({
      monsters: fc.array(fc.record({ id: unknownMonster, hp: fc.integer() }), {
        minLength: 1,
        maxLength: 3,
      }),
    }),
  },
  {
    method: "POST",
    path: "/user/send-item",
    schema: SendItemBodySchema,
    unknownIds: fc.oneof(
      fc.record({ skill: fc.constant("mining"), nodeId: unknownNode }),
      fc.record({ skill: fc.constant("combat"), monsterId: unknownMonster }),
    ),
  },
  { method: "POST", path: "/user/update-xp", schema: UpdateXpBodySchema },
  {
    method: "POST",
    path: "/lab/buy",
    schema: LabBuyBodySchema,
    unknownIds: fc.record({ nodeId: notIn((s) => s === "root" || /^(north|south|east|west):/.test(s)) }),
  },
  {
    method: "POST",
    path: "/user/craft",
    schema: CraftBodySchema,
    unknownIds: fc.record({
      craftingSkill: fc.constantFrom("smithing", "tanning", "tailoring"),
      itemId: fc.integer({ min: 1, max: 9_999 }),
      slotId: fc.integer({ min: 0, max: 3 }),
    }),
  },
  { method: "POST", path: "/user/cancel-craft", schema: CancelCraftBodySchema },
  { method: "POST", path: "/intents/cancelAllCrafts", schema: CancelAllCraftsBodySchema },
  { method: "PATCH", path: "/user/tutorial", schema: TutorialActionSchema },
  { method: "POST", path: "/intents/equip", schema: EquipBodySchema },
  { method: "POST", path: "/intents/unequip", schema: UnequipBodySchema },
  { method: "POST", path: "/intents/activeCharacter", schema: ActiveCharacterBodySchema },
  { method: "PATCH", path: "/user/username", schema: UsernameBodySchema },
  { method: "POST", path: "/intents/castSpell", schema: CastSpellBodySchema },
  { method: "POST", path: "/intents/sellItem", schema: InventoryTakeBodySchema },
  { method: "POST", path: "/intents/sellAll", schema: SellAllBodySchema },
  { method: "POST", path: "/intents/discardItem", schema: InventoryTakeBodySchema },
  {
    method: "POST",
    path: "/panels/no-such-panel/vote",
    schema: PanelVoteBodySchema,
    unknownIds: fc.record({ optionId: fc.string({ minLength: 1, maxLength: 32 }) }),
  },
  {
    method: "POST",
    path: "/admin/panels",
    schema: PanelCreateBodySchema,
    unknownIds: fc.constant({ type: "message", title: "x" }),
  },
];

/** Bodies that are not valid JSON at all (an empty body reads as {} in express.json, so it is left out). */
const malformed = fc.oneof(
  fc.string({ maxLength: 200 }).filter((s) => {
    if (s.trim() === "") return false;
    try {
      JSON.parse(s);
      return false;
    } catch {
      return true;
    }
  }),
  fc.jsonValue().map((v) => `${JSON.stringify(v)}}`),
  fc.constantFrom("{", '{"a":', "[1,2", "{'single':1}", "nul", '{"x":1,}'),
);

function badBodies(route: FuzzRoute): fc.Arbitrary<string> {
  const wrongTypes = fc
    .oneof(
      fc.jsonValue(),
      fc.dictionary(
        fc.constantFrom(
          "skill",
          "location",
          "nodeId",
          "monsterId",
          "itemId",
          "slotId",
          "quantity",
          "craftingSkill",
          "action",
          "stepId",
          "optionId",
          "style",
          "slot",
          "inventoryIndex",
          "spellId",
          "username",
          "activeCharacter",
          "health",
          "mana",
          "gainedXp",
          "monsters",
          "type",
          "title",
        ),
        fc.oneof(fc.jsonValue(), fc.string(), fc.integer(), fc.double(), fc.constant(null)),
      ),
    )
    .filter((v) => !route.schema.safeParse(v).success)
    .map((v) => JSON.stringify(v));
  const oversized = fc
    .integer({ min: 17_000, max: 40_000 })
    .map((n) => JSON.stringify({ pad: "x".repeat(n) }));
  const arbs: fc.Arbitrary<string>[] = [malformed, wrongTypes, wrongTypes, oversized];
  if (route.unknownIds) arbs.push(route.unknownIds.map((v) => JSON.stringify(v)));
  return fc.oneof(...arbs);
}

describe("fuzz: 1,000 bad inputs per route get a 4xx and change nothing", () => {
  for (const route of ROUTES) {
    it(`${route.method} ${route.path}`, async () => {
      const before = await storedDoc();
      const samples = fc.sample(badBodies(route), { numRuns: 1000, seed: 42 });
      const statuses = new Map<number, number>();
      for (let i = 0; i < samples.length; i += 25) {
        await Promise.all(
          samples.slice(i, i + 25).map(async (body) => {
            const res = await call(route.method, route.path, body);
            const text = await res.text();
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
            if (res.status < 400 || res.status >= 500) {
              throw new Error(
                `${route.path} answered ${res.status} to ${body.slice(0, 200)}: ${text.slice(0, 200)}`,
              );
            }
            expect(typeof (JSON.parse(text) as { error?: unknown }).error).toBe("string");
          }),
        );
      }
      expect(samples.length).toBe(1000);
      expect(await storedDoc()).toEqual(before);
    });
  }
});

describe("fuzz: 1,000 unknown or malformed panel ids per panel route", () => {
  for (const action of ["dismiss", "vote"] as const) {
    it(`POST /panels/:id/${action}`, async () => {
      const before = await storedDoc();
      const ids = fc.sample(
        fc.string({ minLength: 1, maxLength: 120 }).filter((id) => id !== "poll-1"),
        { numRuns: 1000, seed: 9 },
      );
      for (let i = 0; i < ids.length; i += 25) {
        await Promise.all(
          ids.slice(i, i + 25).map(async (id) => {
            const res = await call(
              "POST",
              `/panels/${encodeURIComponent(id)}/${action}`,
              JSON.stringify({ optionId: "a" }),
            );
            await res.text();
            expect(res.status, id).toBeGreaterThanOrEqual(400);
            expect(res.status, id).toBeLessThan(500);
          }),
        );
      }
      expect(await storedDoc()).toEqual(before);
      expect(await t.server.store.closedPanels(discordId)).toEqual({ "poll-1": 1 });
    });
  }
});
