import type { ChatMessageOut } from "@pickle-garden/shared";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { logsLine } from "../../testing/fixtures.ts";
import { resetStores } from "../../testing/resetStores.ts";
import { dispatchServerEvent } from "../api/serverEvents.ts";
import { i18n } from "../i18n/index.ts";
import { itemName, monsterName } from "../i18n/names.ts";
import { startRoomSync } from "../session/rooms.ts";
import { ChatBox } from "../social/ChatBox.tsx";
import { useUiStore } from "../stores/uiStore.ts";
import { combatTopic } from "./logLines.ts";

const stops: (() => void)[] = [];
beforeEach(() => {
  resetStores();
  stops.push(startRoomSync());
});
afterEach(async () => {
  for (const stop of stops.splice(0)) stop();
  await i18n.changeLanguage("en");
});

const history: ChatMessageOut[] = [
  logsLine({ kind: "drop", skill: "mining", itemId: 1, quantity: 3, lost: 0 }, 1_000),
  logsLine({ kind: "loot", monsterId: 1, itemId: 2, quantity: 1 }, 2_000),
  logsLine(
    {
      kind: "craft",
      craft: "stopped",
      skill: "smithing",
      slotId: 0,
      itemId: 1,
      remaining: 0,
      reason: "cancelled",
    },
    3_000,
  ),
];
const texts = () => useUiStore.getState().messages.map((m) => m.text);

describe("logs channel in the message log", () => {
  it("a reload gets the server's lines back, in the player's language, once even after a reconnect", async () => {
    await i18n.changeLanguage("fr");
    dispatchServerEvent("chatHistory", { channel: "logs", messages: history });
    expect(texts()).toEqual([
      `+3 ${itemName(1)}`,
      `+1 ${itemName(2)} (${monsterName(1)})`,
      i18n.t("pages:craft.cancelled", { item: itemName(1), skill: i18n.t("shell:skills.smithing"), n: 1 }),
    ]);
    dispatchServerEvent("chatHistory", { channel: "logs", messages: history });
    expect(texts()).toHaveLength(3);
  });

  it("shows pushed drops and crafts in the logs tab, each once when the history comes after them", () => {
    render(<ChatBox visible />);
    act(() => {
      dispatchServerEvent(
        "chatMessage",
        logsLine({ kind: "drop", skill: "mining", itemId: 1, quantity: 5, lost: 2 }, 5),
      );
      dispatchServerEvent("chatMessage", history[2]);
    });
    fireEvent.click(screen.getByTestId("chat-tab-logs"));
    expect(screen.getByTestId("chat-lines-logs").textContent).toContain(`+3 ${itemName(1)}`);
    const cancelled = i18n.t("pages:craft.cancelled", {
      item: itemName(1),
      skill: i18n.t("shell:skills.smithing"),
      n: 1,
    });
    expect(texts()).toEqual([`+3 ${itemName(1)}`, cancelled]);
    // the history replayed on connect holds the cancel just pushed: it stays once, the older lines come back
    act(() => dispatchServerEvent("chatHistory", { channel: "logs", messages: history }));
    expect(texts()).toEqual([
      `+3 ${itemName(1)}`,
      `+1 ${itemName(2)} from ${monsterName(1)}`,
      `+3 ${itemName(1)}`,
      cancelled,
    ]);
  });

  it("counts the replayed history as read, what comes after it as unread", () => {
    render(<ChatBox visible />);
    act(() => dispatchServerEvent("chatHistory", { channel: "logs", messages: history }));
    expect(texts()).toHaveLength(3);
    expect(screen.queryByTestId("chat-unread-logs")).toBeNull();
    act(() =>
      dispatchServerEvent("chatMessage", logsLine({ kind: "level", skill: "mining", level: 2 }, 9_000)),
    );
    expect(screen.getByTestId("chat-unread-logs").textContent).toContain("1");
  });

  it("files each line under its page: the skill's, the monster's area for loot, the fight's for combat levels", () => {
    dispatchServerEvent("chatHistory", {
      channel: "logs",
      messages: [...history, logsLine({ kind: "level", skill: "health", level: 4 }, 4_000)],
    });
    expect(useUiStore.getState().messages.map((m) => m.topic)).toEqual([
      "mining",
      "combat:aphid_nest",
      "smithing",
      "combat",
    ]);
    expect(combatTopic(4)).toBe("combat:rosebush_nest");
  });

  it("writes a level reached in the player's language", async () => {
    await i18n.changeLanguage("fr");
    dispatchServerEvent("chatMessage", logsLine({ kind: "level", skill: "mining", level: 3 }, 7));
    await i18n.changeLanguage("en");
    dispatchServerEvent("chatMessage", logsLine({ kind: "level", skill: "picklelogy", level: 2 }, 8));
    expect(texts()).toEqual(["Minage atteint le niveau 3", "Picklelogy reached level 2"]);
  });

  it("says when the action changed by itself, what the player does now, in a toast and the log", async () => {
    dispatchServerEvent(
      "chatMessage",
      logsLine({ kind: "action", skill: "none", location: "home", why: "crafting_done" }, 9),
    );
    await i18n.changeLanguage("fr");
    dispatchServerEvent(
      "chatMessage",
      logsLine({ kind: "action", skill: "none", location: "home", why: "unavailable" }, 10),
    );
    const messages = useUiStore.getState().messages;
    expect(messages.map((m) => [m.text, m.tone, Boolean(m.toast)])).toEqual([
      ["Crafting is done: no slot has anything left to make. You are now resting at home.", "warning", true],
      ["Plus rien à récolter là-bas : vous vous reposez à la maison.", "warning", true],
    ]);
  });
});
