import type { ActionSkill, GatherSkill } from "../src/data/skills.ts";
import type { Player } from "../src/protocol/player.ts";
import { buyLabNode } from "../src/rules/intents/buyLabNode.ts";
import { setAction } from "../src/rules/intents/setAction.ts";
import { newPlayer } from "../src/rules/state/newPlayer.ts";

/** Test helpers (not exported from the package): frozen players built through the rules themselves. */

export function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** Buys the nodes in order with enough RP granted first; throws on a refusal (tests only). */
export function withNodes(player: Player, ids: readonly string[], now = player.settledAt): Player {
  let p: Player = { ...player, lab: { ...player.lab, rp: player.lab.rp + 1_000_000 } };
  for (const id of ids) {
    const r = buyLabNode(p, id, now);
    if (!r.ok) throw new Error(`${id}: ${r.message}`);
    p = r.state;
  }
  return { ...p, lab: { ...p.lab, rp: player.lab.rp } };
}

export function acting(player: Player, skill: ActionSkill, location: string, now = player.settledAt): Player {
  const r = setAction(player, { skill, location }, now);
  if (!r.ok) throw new Error(r.message);
  return r.state;
}

/** A seeded player gathering `skill` at `location` from time 0. */
export function gatherer(seed = 1, skill: GatherSkill = "mining", location = "garden"): Player {
  const p = withNodes(newPlayer({ discordId: "tester", username: "Tester", now: 0, seed }), [
    `south:${skill}:unlock`,
  ]);
  return deepFreeze(acting(p, skill, location, 0));
}
