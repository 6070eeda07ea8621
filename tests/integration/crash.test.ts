import { join } from "node:path";
import { type Player, PlayerSchema, type PlayerView } from "@pickle-garden/shared";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { type RunningServer, removeDataDir, startServer } from "../support/startServer.ts";
import { Browser } from "./httpClient.ts";

/**
 * Plays through HTTP, kills the server with SIGKILL mid-play, restarts it on the same data: the stored
 * document is intact and at most about a second of progress (the write-behind period) is missing.
 */

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const servers: RunningServer[] = [];
afterAll(async () => {
  // stop() waits for an exit that already happened when a server was killed by a signal: skip those
  for (const s of servers)
    if (s.process.exitCode === null && s.process.signalCode === null) await s.stop("SIGKILL");
  if (servers[0]) removeDataDir(servers[0].dataDir);
});

function storedPlayer(dataDir: string, id: string): { version: number; player: Player } {
  const db = new Database(join(dataDir, "pickle-garden.sqlite"), { readonly: true });
  try {
    const row = db.prepare("SELECT version, doc FROM players WHERE id = ?").get(id) as {
      version: number;
      doc: string;
    };
    const doc = JSON.parse(row.doc) as { player: unknown };
    return { version: row.version, player: PlayerSchema.parse(doc.player) };
  } finally {
    db.close();
  }
}

describe("crash safety", () => {
  it("SIGKILL loses at most a second of progress and no document", async () => {
    const first = await startServer();
    servers.push(first);
    const b = new Browser(first.url);
    const id = await b.signInAsGuest();
    expect((await b.json("POST", "/api/lab/buy", { nodeId: "south:mining:unlock" })).status).toBe(200);
    expect(
      (await b.json("POST", "/api/user/update-action", { skill: "mining", location: "garden" })).status,
    ).toBe(200);

    // play: a request every 50 ms for 2.5 s, each settling the simulation to now
    let last: PlayerView | null = null;
    const end = Date.now() + 2_500;
    while (Date.now() < end) {
      last = (await b.json<{ user: PlayerView }>("GET", "/api/user/get-user")).body.user;
      await pause(50);
    }
    await first.stop("SIGKILL");
    expect(last).not.toBeNull();

    const saved = storedPlayer(first.dataDir, id);
    expect(saved.player.featureFlags.mining).toBe(true);
    expect(saved.player.currentAction).toMatchObject({ skill: "mining", location: "garden" });
    const missing = (last as PlayerView).settledAt - saved.player.settledAt;
    expect(missing).toBeLessThanOrEqual(1_100);

    // the restarted server picks the player up where the store left it and keeps going
    const second = await startServer({}, first.dataDir);
    servers.push(second);
    const again = new Browser(second.url);
    for (const [k, v] of b.cookies) again.cookies.set(k, v);
    const res = await again.json<{ user: PlayerView }>("GET", "/api/user/get-user");
    expect(res.status).toBe(200);
    expect(res.body.user.discordId).toBe(id);
    expect(res.body.user.skills.mining.xp).toBeGreaterThanOrEqual(saved.player.skills.mining.xp);
    expect(res.body.user.currentAction.skill).toBe("mining");
    await second.stop("SIGTERM");
    const flushed = storedPlayer(first.dataDir, id);
    expect(flushed.version).toBeGreaterThanOrEqual(saved.version);
  });
});
