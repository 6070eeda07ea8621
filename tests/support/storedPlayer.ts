import { join } from "node:path";
import {
  CHARACTER_STYLE,
  type Character,
  EQUIPMENT_SLOTS,
  gearItemId,
  type Player,
  PlayerSchema,
  xpForLevel,
} from "@pickle-garden/shared";
import Database from "better-sqlite3";

/**
 * Edits a player in a stopped server's SQLite store (DATA_DIR/pickle-garden.sqlite): a test's shortcut to
 * a state that would take long to play to. The envelope, its schema version and its row version are kept.
 */
export function patchStoredPlayer(dataDir: string, id: string, patch: (player: Player) => void): void {
  const db = new Database(join(dataDir, "pickle-garden.sqlite"));
  try {
    const row = db.prepare("SELECT doc FROM players WHERE id = ?").get(id) as { doc: string } | undefined;
    if (!row) throw new Error(`no stored player ${id}`);
    const doc = JSON.parse(row.doc) as { player: unknown };
    const player = PlayerSchema.parse(doc.player);
    patch(player);
    db.prepare("UPDATE players SET doc = ? WHERE id = ?").run(JSON.stringify({ ...doc, player }), id);
  } finally {
    db.close();
  }
}

/** Stores a copy of a stored player under another id, such as a Discord id a test cannot sign in with. */
export function copyStoredPlayer(dataDir: string, fromId: string, toId: string): void {
  const db = new Database(join(dataDir, "pickle-garden.sqlite"));
  try {
    const row = db.prepare("SELECT * FROM players WHERE id = ?").get(fromId) as { doc: string } | undefined;
    if (!row) throw new Error(`no stored player ${fromId}`);
    const doc = JSON.parse(row.doc) as { player: Player };
    const player = PlayerSchema.parse({ ...doc.player, discordId: toId });
    const copy = { ...row, id: toId, doc: JSON.stringify({ ...doc, player }) };
    const columns = Object.keys(copy);
    db.prepare(
      `INSERT INTO players (${columns.join(", ")}) VALUES (${columns.map((c) => `@${c}`).join(", ")})`,
    ).run(copy);
  } finally {
    db.close();
  }
}

/** Players as a server (running or not) last wrote them, with their row version and fencing token. */
export function readStoredPlayers(
  dataDir: string,
  ids: readonly string[],
): Map<string, { version: number; fence: number; player: Player }> {
  const db = new Database(join(dataDir, "pickle-garden.sqlite"), { readonly: true });
  try {
    const read = db.prepare("SELECT version, fence, doc FROM players WHERE id = ?");
    const found = new Map<string, { version: number; fence: number; player: Player }>();
    for (const id of ids) {
      const row = read.get(id) as { version: number; fence: number; doc: string } | undefined;
      if (!row) continue;
      const doc = JSON.parse(row.doc) as { player: unknown };
      found.set(id, { version: row.version, fence: row.fence, player: PlayerSchema.parse(doc.player) });
    }
    return found;
  } finally {
    db.close();
  }
}

/** A class's level-99 veteran in the tier-10 set, with combat and intellect open: a party boss's fighter. */
export function makeVeteran(player: Player, character: Character): void {
  const style = CHARACTER_STYLE[character];
  if (!style) throw new Error(`${character} fights no style`);
  player.activeCharacter = character;
  for (const flag of ["combat", style, "intellect"]) player.featureFlags[flag] = true;
  for (const skill of [style, "health", "intellect"] as const)
    player.skills[skill] = { level: 99, xp: xpForLevel(99) };
  for (const slot of EQUIPMENT_SLOTS)
    player.equipmentSlots[style][slot] = { id: gearItemId(style, 10, slot), stack: 1 };
}
