import { buyLabNode, labNodeCost, newPlayer, type Player, UNLOCK_ROOT_IDS } from "@pickle-garden/shared";
import { describe, expect, it } from "vitest";
import { labWithPending } from "./labBuyStore.ts";

const [MINING, MYCOLOGY, BOTANY] = UNLOCK_ROOT_IDS;

/** A player who bought the mining unlock at t=100 and holds RP for more. */
function withMining(): Player {
  const p = newPlayer({ discordId: "lab-pending", username: "Lab", now: 0, seed: 1 });
  return {
    ...p,
    lab: { ...p.lab, rp: 5000, nodes: { ...p.lab.nodes, [MINING]: { level: 1, boughtAt: 100 } } },
  };
}

describe("the lab shown while purchases are pending", () => {
  it("is the lab the server answers for the same purchases", () => {
    const player = withMining();
    const shown = labWithPending(player, { [MYCOLOGY]: { at: 200 } });
    const bought = buyLabNode(player, MYCOLOGY, 200);
    if (!bought.ok) throw new Error(bought.message);
    expect(shown).toEqual(bought.state.lab);
  });

  it("prices the gathering unlocks by purchase order: a pending one comes after those already owned", () => {
    const shown = { lab: labWithPending(withMining(), { [MYCOLOGY]: { at: 200 } }) };
    // mining was first (free), mycology second (1000 RP), so botany is the third
    expect(labNodeCost(shown, MINING)).toBe(0);
    expect(labNodeCost(shown, MYCOLOGY)).toBe(1000);
    expect(labNodeCost(shown, BOTANY)).toBe(2000);
    expect(shown.lab.rp).toBe(4000);
  });

  it("applies several pending purchases in the order they were made", () => {
    const shown = labWithPending(withMining(), { [BOTANY]: { at: 200 }, [MYCOLOGY]: { at: 300 } });
    expect(shown.rp).toBe(5000 - 1000 - 2000);
    expect(labNodeCost({ lab: shown }, BOTANY)).toBe(1000);
    expect(labNodeCost({ lab: shown }, MYCOLOGY)).toBe(2000);
  });
});
