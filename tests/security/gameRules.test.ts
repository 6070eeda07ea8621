import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { miningGuest, type SecurityServer, sameOriginJson, startServer } from "./support.ts";

/** Game rules a script could bend through the HTTP API. */

let t: SecurityServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(async () => {
  await t.close();
});

type Action = { skill: string; location: string; nodeId: number | null; nodeHp: number; nodeMaxHp: number };

describe("gathering nodes", () => {
  it("toggling update-action away and back never re-rolls the node: it stays, as it was, until it breaks", async () => {
    const { jar } = await miningGuest(t);
    const action = (skill: string, location: string) =>
      sameOriginJson(t, jar, "POST", "/api/user/update-action", { skill, location });
    expect((await action("mining", "garden")).status).toBe(200);
    await sameOriginJson(t, jar, "POST", "/api/test/clock", { advanceMs: 3500 });
    const user = await sameOriginJson(t, jar, "GET", "/api/user/get-user");
    const node = (user.body.user as { currentAction: Action }).currentAction;
    for (let i = 0; i < 30; i++) {
      expect((await action("none", "home")).status).toBe(200);
      expect((await action("mining", "garden")).body).toEqual({ ok: true });
      const back = await sameOriginJson(t, jar, "GET", "/api/user/get-user");
      expect((back.body.user as { currentAction: Action }).currentAction).toMatchObject({
        nodeId: node.nodeId,
        nodeHp: node.nodeHp,
        nodeMaxHp: node.nodeMaxHp,
      });
    }
  });
});

describe("refusals", () => {
  it("a refused update-action answers 422 with ok: false and the rule's code and message; nothing changes", async () => {
    const { jar, discordId } = await miningGuest(t);
    for (const [body, code, error] of [
      [{ skill: "mycology", location: "garden" }, "action/locked", "Unlock mycology first"],
      [{ skill: "mining", location: "pond" }, "action/level_required", "mining level 5 required"],
    ] as const) {
      const refused = await sameOriginJson(t, jar, "POST", "/api/user/update-action", body);
      expect(refused.status).toBe(422);
      expect(refused.body).toEqual({ ok: false, code, error });
    }
    expect(await t.server.service.read(discordId, (p) => p.currentAction.skill)).toBe("none");
  });

  it("a refused lab purchase answers ok: false too", async () => {
    const { jar } = await miningGuest(t);
    const buy = await sameOriginJson(t, jar, "POST", "/api/lab/buy", { nodeId: "south:mining:unlock" });
    const again =
      buy.status === 200
        ? await sameOriginJson(t, jar, "POST", "/api/lab/buy", { nodeId: "south:mining:unlock" })
        : buy;
    expect(again.status).toBe(422);
    expect(again.body).toEqual({ ok: false, code: expect.any(String), error: expect.any(String) });
  });
});
