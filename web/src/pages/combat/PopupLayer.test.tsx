import { POPUP_TYPES } from "@pickle-garden/shared";
import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { dispatchServerEvent } from "../../api/serverEvents.ts";
import { formatNumber } from "../../format.ts";
import { i18n } from "../../i18n/index.ts";
import { listenPopups, POPUP_MS, popupText, usePopupStore } from "../../stores/popupStore.ts";
import { raisePopup } from "../../stores/uiStore.ts";
import { PopupLayer } from "./PopupLayer.tsx";

afterEach(() => {
  usePopupStore.setState({ popups: [] });
  vi.useRealTimers();
});

describe("combat popups", () => {
  it("has a text for every popup type of the spec (the combat rules' list)", () => {
    for (const type of POPUP_TYPES) {
      const text = popupText({ type, value: 12 });
      expect("key" in text, type).toBe(true);
    }
    expect(popupText({ type: "ranged_dmg_crit", value: 40 })).toEqual({ key: "popup.crit", n: 40 });
  });

  it("renders popups from the window event and the socket on their targets, then lets them fade", () => {
    vi.useFakeTimers();
    const off = listenPopups(() => "me");
    render(
      <>
        <PopupLayer target="player" />
        <PopupLayer target="m1" />
      </>,
    );
    act(() => {
      raisePopup({ type: "heal", value: 15, target: "player" });
      raisePopup({ type: "melee_dmg_crit", value: 44, target: "m1" });
      // the shell forwards this player's socket popups as window events; the socket itself only adds
      // another room member's hits on a shared monster
      dispatchServerEvent("popup", { type: "melee_dmg", value: 7, target: "m1", playerId: "me" });
      dispatchServerEvent("popup", { type: "heal", value: 9, target: "player", playerId: "someone-else" });
      dispatchServerEvent("popup", { type: "burn_tick", value: 3, target: "m1", playerId: "friend" });
    });
    expect(screen.getByTestId("popups-player").textContent).toBe("+15");
    expect(screen.getByTestId("popups-m1").textContent).toBe("CRIT 44!-3 burn");
    expect(screen.getByTestId("popups-m1").querySelector(".pg-popup--crit")).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(POPUP_MS + 10);
    });
    expect(screen.getByTestId("popups-m1").textContent).toBe("");
    off();
  });

  it("writes a spell's and a full inventory's popups in the player's language, from their subject", async () => {
    await act(() => i18n.changeLanguage("fr"));
    const off = listenPopups(() => "me");
    try {
      render(<PopupLayer target="player" />);
      act(() => {
        raisePopup({ type: "info", spellId: "whirlwind", target: "player" });
        raisePopup({ type: "info", itemId: 1, target: "player" });
      });
      const text = screen.getByTestId("popups-player").textContent ?? "";
      expect(text).toContain("Tourbillon !");
      expect(text).toContain("Plus de place pour ");
    } finally {
      off();
      await act(() => i18n.changeLanguage("en"));
    }
  });

  it("shortens numbers with K and M", () => {
    expect(formatNumber(1234)).toBe("1.2K");
    expect(formatNumber(2_500_000)).toBe("2.5M");
  });
});
