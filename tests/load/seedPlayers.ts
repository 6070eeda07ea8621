import { join } from "node:path";
import { buyLabNode, newPlayer, type Player } from "@pickle-garden/shared";
import { SqliteStore } from "../../server/src/store/SqliteStore.ts";
import { isFighter } from "./roomPlan.ts";

/** A resting guest with mining and multiplayer bought (and melee for a fighter); it starts its action once in its room. */
function seedPlayer(i: number, now: number): Player {
  let p = newPlayer({ discordId: `load-${i}`, username: `Load ${i}`, now, seed: i + 1 });
  p.lab.rp = 1_000_000;
  for (const node of ["west:meta:multiplayer", "south:mining:unlock"]) {
    const r = buyLabNode(p, node, now);
    if (!r.ok) throw new Error(`${node}: ${r.message}`);
    p = r.state;
  }
  if (isFighter(i)) {
    p.featureFlags.combat = true;
    p.featureFlags.melee = true;
  }
  return p;
}

/** The load runs' players `load-0` … `load-<n-1>`, stored in `dataDir`'s SQLite file before any server starts. */
export async function seedPlayers(dataDir: string, n: number, now: number): Promise<void> {
  const store = new SqliteStore(join(dataDir, "pickle-garden.sqlite"));
  for (let i = 0; i < n; i++) {
    await store.createPlayer({
      player: seedPlayer(i, now),
      meta: { awaySince: null, pendingOffline: null, lastDelivered: null, archived: false },
    });
  }
  await store.close();
}
