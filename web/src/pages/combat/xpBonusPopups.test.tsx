import type { XpUpdatePayload } from "@pickle-garden/shared";
import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { playerView } from "../../../testing/fixtures.ts";
import { dispatchServerEvent } from "../../api/serverEvents.ts";
import { i18n } from "../../i18n/index.ts";
import { clearPlayer, setPlayer } from "../../stores/playerStore.ts";
import { listenPopups, usePopupStore } from "../../stores/popupStore.ts";
import { SkillHeader } from "../skill/SkillHeader.tsx";
import { PlayerVitals } from "./PlayerVitals.tsx";

const ME = "discord-me";
const grant = (over: Partial<XpUpdatePayload> = {}): XpUpdatePayload => ({
  playerId: ME,
  skill: "mining",
  delta: 120,
  xp: 900,
  level: 5,
  rpGain: 0,
  picklelogyGain: 0,
  ...over,
});

beforeEach(() => {
  const p = playerView({ discordId: ME, featureFlags: { mining: true, combat: true, melee: true } });
  setPlayer(p);
});
afterEach(() => {
  usePopupStore.setState({ popups: [] });
  clearPlayer();
});

describe("a subscriber's xp popups show the supporter bonus", () => {
  it("pops the grant with its bonus over the skill's xp bar; a grant without bonus, another skill's or another player's shows nothing", () => {
    render(<SkillHeader skill="mining" />);
    act(() => {
      dispatchServerEvent("xpUpdate", grant({ bonus: 0 }));
      dispatchServerEvent("xpUpdate", grant({ delta: 80 }));
      dispatchServerEvent("xpUpdate", grant({ skill: "botany", bonus: 10 }));
      dispatchServerEvent("xpUpdate", grant({ playerId: "someone-else", bonus: 40 }));
    });
    const layer = screen.getByTestId("popups-xp:mining");
    expect(layer.textContent).toBe("");
    act(() => dispatchServerEvent("xpUpdate", grant({ bonus: 40 })));
    expect(layer.textContent).toBe("+120 XPincl. +40 supporter bonus");
    expect(layer.querySelector(".pg-popup--xp .pg-popup__bonus")?.textContent).toBe(
      "incl. +40 supporter bonus",
    );
  });

  it("pops it over the player's vitals in combat, in French too", async () => {
    await act(() => i18n.changeLanguage("fr"));
    const off = listenPopups(() => ME);
    try {
      render(<PlayerVitals />);
      act(() => {
        dispatchServerEvent("xpUpdate", grant({ skill: "melee", delta: 30 }));
        dispatchServerEvent("xpUpdate", grant({ skill: "melee", delta: 45, bonus: 15 }));
      });
      expect(screen.getByTestId("popups-player").textContent).toBe("+45 XPdont +15 de bonus de soutien");
    } finally {
      off();
      await act(() => i18n.changeLanguage("en"));
    }
  });
});
