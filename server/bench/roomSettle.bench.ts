import { deepClone, newRoomState, nextEventAt, type Player, type RoomState } from "@pickle-garden/shared";
import { afterAll, bench, describe } from "vitest";
import { mediansTimeout, printMedians } from "../../shared/bench/printMedians.ts";
import { fighter } from "../../shared/testing/fighters.ts";
import { gatherer } from "../../shared/testing/players.ts";
import { sharedRules } from "../src/game/rules.ts";

/**
 * One room settle as the server runs it (the rules' door, sharedRules.advanceRoom: advanceRoom, the
 * party quest, the tutorial and shareUnchanged): a room of five at one place, settled from a minute in
 * to its next event, which is one member's hit, swing or bite (docs/load.md).
 */

const named = (p: Player, id: string): Player => ({ ...deepClone(p), discordId: id, username: id });
const ids = ["a1", "b2", "c3", "d4", "e5"];

function warm(players: Player[]): { room: RoomState; players: Player[]; next: number } {
  const r = sharedRules.advanceRoom(newRoomState("bench", 7, 0), players, 60_000);
  const members = r.results.map((x) => x.player);
  const next = Math.min(...members.map((p) => nextEventAt(p) ?? Number.POSITIVE_INFINITY));
  return { room: r.room, players: members, next };
}

const gathering = warm(ids.map((id, i) => named(gatherer(i + 1), id)));
const fighting = warm(
  ids.map((id, i) => named(fighter({ location: "aphid_nest", seed: i + 1, level: 5 }), id)),
);

const settleOnce = (w: typeof gathering) => () => {
  sharedRules.advanceRoom(w.room, w.players, w.next);
};

describe("a room of five settled to its next event", () => {
  bench("five gatherers at one node", settleOnce(gathering));
  bench("five fighters at one nest", settleOnce(fighting));
});

const rows: [string, () => void][] = [
  ["five gatherers at one node, one hit", settleOnce(gathering)],
  ["five fighters at one nest, one event", settleOnce(fighting)],
];

afterAll(() => {
  printMedians("room settle medians", rows, 2001);
}, mediansTimeout(rows.length));
