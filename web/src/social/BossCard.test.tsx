import type { BossView } from "@pickle-garden/shared";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fakeSocket } from "../../testing/fakeSocket.ts";
import { groupMember, playerView } from "../../testing/fixtures.ts";
import { resetStores } from "../../testing/resetStores.ts";
import { i18n } from "../i18n/index.ts";
import { setPlayer } from "../stores/playerStore.ts";
import { applyGroupUpdate, setRoom } from "../stores/roomStore.ts";
import { GroupList } from "./GroupList.tsx";
import "../i18n/index.ts";

beforeEach(resetStores);
afterEach(async () => {
  await i18n.changeLanguage("en");
});

const fighter = (
  id: string,
  role: "guard" | "mender" | "striker",
  more: Partial<BossView["fighters"][0]> = {},
) => ({
  id,
  character:
    role === "guard" ? ("warrior" as const) : role === "mender" ? ("mage" as const) : ("archer" as const),
  role,
  hp: 900,
  maxHp: 1000,
  hit: 100,
  critChance: 0,
  defence: 90,
  heal: role === "mender" ? 0.05 : 0,
  damage: 1200,
  healed: role === "mender" ? 340 : 0,
  left: false,
  loot: null,
  ...more,
});

function room(boss: BossView | null) {
  setPlayer(playerView({ discordId: "ann", featureFlags: { multiplayer: true } }));
  setRoom("club");
  applyGroupUpdate({
    roomId: "club",
    players: [groupMember("ann", "Ann"), groupMember("bob", "Bob")],
    members: ["ann", "bob"],
    boss,
  });
  render(<GroupList />);
}

const T0 = Date.now();
const LIVE: BossView = {
  bossId: "wasp_queen",
  startedAt: T0,
  enrageAt: T0 + 180_000,
  hp: 20_000,
  maxHp: 38_000,
  rounds: 30,
  outcome: null,
  endedAt: null,
  fighters: [fighter("ann", "mender"), fighter("bob", "striker")],
};

describe("BossCard", () => {
  it("offers the challenge to a party and sends it; a refusal shows in the player's words", async () => {
    const socket = await fakeSocket({ connected: true });
    socket.answer("challengeBoss", () => ({ ok: false, code: "boss/above_tier" }));
    room(null);
    fireEvent.change(screen.getByTestId("boss-pick"), { target: { value: "stag_king" } });
    await act(async () => {
      fireEvent.click(screen.getByTestId("boss-challenge"));
    });
    expect(socket.emitted("challengeBoss")).toEqual([{ roomId: "club", bossId: "stag_king" }]);
    expect(screen.getByTestId("boss-error").textContent).toBe(
      "Every member needs the boss's combat level to challenge it.",
    );
  });

  it("shows the fight: the boss's health, the enrage countdown, each member's role and part", () => {
    room(LIVE);
    expect(screen.getByTestId("boss-card").textContent).toContain("Wasp Queen");
    expect(screen.getByTestId("boss-health").textContent).toContain("20000");
    // the rounds played say 60 s have gone (the clock may lag behind a server that jumped)
    expect(screen.getByTestId("boss-status").textContent).toBe("Enrages in 2:00");
    const roles = screen.getAllByTestId("boss-role").map((e) => e.textContent);
    expect(roles).toEqual(["Healer", "Striker"]);
    expect(screen.getAllByTestId("boss-part").map((e) => e.textContent)).toEqual([
      "1,200 damage · 340 healed",
      "1,200 damage",
    ]);
    expect(screen.queryByTestId("boss-challenge")).toBeNull();
  });

  it("shows the end in French: the outcome, each one's loot, who left and the weekly limit", async () => {
    await i18n.changeLanguage("fr");
    room({
      ...LIVE,
      hp: 0,
      outcome: "won",
      endedAt: T0 + 150_000,
      fighters: [
        fighter("ann", "mender", {
          loot: [
            { id: 15107, quantity: 2 },
            { id: 15007, quantity: 5 },
          ],
        }),
        fighter("bob", "striker", { loot: [] }),
        fighter("cat", "guard", { left: true }),
      ],
    });
    expect(screen.getByTestId("boss-status").textContent).toBe("Victoire contre : Reine des guêpes !");
    const loot = screen.getAllByTestId("boss-loot").map((e) => e.textContent);
    expect(loot).toEqual([
      "Butin : 2 Dards de la Reine, 5 Dards de guêpe",
      "Pas de butin : déjà 3 butins de boss cette semaine.",
    ]);
    expect(screen.getAllByTestId("boss-fighter")[2]!.textContent).toContain("parti");
    // a finished fight offers the next challenge
    expect(screen.getByTestId("boss-challenge")).toBeTruthy();
  });
});
