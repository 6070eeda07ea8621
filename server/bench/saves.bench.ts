import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deepClone, settle } from "@pickle-garden/shared";
import { afterAll, bench, describe } from "vitest";
import { mediansTimeout, printMedians } from "../../shared/bench/printMedians.ts";
import { fighter } from "../../shared/testing/fighters.ts";
import { openSqlite } from "../src/store/SqliteStore.ts";
import { SqliteChatStore } from "../src/store/sqlite/SqliteChatStore.ts";
import { SqlitePlayerStore } from "../src/store/sqlite/SqlitePlayerStore.ts";
import { WriteBatch } from "../src/store/sqlite/WriteBatch.ts";

/**
 * The write-behind flush as the embedded store runs it (docs/load.md): a hundred players saved in one
 * turn, each encoded whole and written in the turn's one transaction, and a hundred log lines beside
 * them. A SQLite file of its own, opened as `SqliteStore` opens its file.
 */

const PLAYERS = 100;
const dir = mkdtempSync(join(tmpdir(), "pg-saves-"));
const db = openSqlite(join(dir, "bench.sqlite"));
const batch = new WriteBatch(db);
const players = new SqlitePlayerStore(db, batch);
const chat = new SqliteChatStore(db, batch);

// a fighter an hour into its nest: a document of the size a playing member saves
const played = settle(fighter({ location: "aphid_nest", seed: 1, level: 20 }), 3_600_000).player;
const meta = { awaySince: null, pendingOffline: null, lastDelivered: null, archived: false };
const docs = Array.from({ length: PLAYERS }, (_, i) => {
  const player = { ...deepClone(played), discordId: `p${i}`, username: `p${i}` };
  return { player, meta };
});
const versions = docs.map(() => 1);
let failures = 0;
for (const doc of docs) await players.createPlayer(doc);

function flushPlayers(): void {
  docs.forEach((doc, i) => {
    players.savePlayer(doc, versions[i] as number, 0).catch(() => failures++);
    versions[i] = (versions[i] as number) + 1;
  });
  batch.commit();
}

const log = { kind: "loot" as const, monsterId: 1, itemId: 1, quantity: 1 };
function flushLogLines(): void {
  docs.forEach(({ player: { discordId, username } }) => {
    const line = { username, type: "logs" as const, timestamp: 0, discordId, log };
    chat.appendChat(`logs:${discordId}`, line, 50).catch(() => failures++);
  });
  batch.commit();
}

describe("the write-behind flush", () => {
  bench(`${PLAYERS} players saved in one transaction`, flushPlayers);
  bench(`${PLAYERS} log lines appended in one transaction`, flushLogLines);
});

const rows: [string, () => void][] = [
  [`${PLAYERS} players saved`, flushPlayers],
  [`${PLAYERS} log lines appended`, flushLogLines],
];

afterAll(() => {
  printMedians(`write-behind flush medians (a document of ${JSON.stringify(played).length} B)`, rows);
  db.close();
  rmSync(dir, { recursive: true, force: true });
  if (failures > 0) throw new Error(`${failures} writes failed`);
}, mediansTimeout(rows.length));
