import { ERROR_CODES, type GroupPlayer } from "@pickle-garden/shared";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fakeSocket } from "../../testing/fakeSocket.ts";
import { groupMember, playerView } from "../../testing/fixtures.ts";
import { resetStores } from "../../testing/resetStores.ts";
import { dispatchServerEvent } from "../api/serverEvents.ts";
import { i18n } from "../i18n/index.ts";
import { unreadOf, useChatStore } from "../stores/chatStore.ts";
import { setPlayer } from "../stores/playerStore.ts";
import { ROOM_KEY, setRoom, useRoomStore } from "../stores/roomStore.ts";
import { useUiStore } from "../stores/uiStore.ts";
import { createRoom, joinRoom, leaveRoom, listRooms, sendChat, startRoomSync } from "./rooms.ts";

const stops: (() => void)[] = [];
beforeEach(resetStores);
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});
/** startRoomSync, stopped after the test whatever happens. */
function sync(): void {
  stops.push(startRoomSync());
}

const group = (roomId: string, ...players: GroupPlayer[]) => ({ ok: true, roomId, players });

describe("rooms: the room intents", () => {
  it("joinGroup puts the player in the room with its members, stored for the next load", async () => {
    const socket = await fakeSocket();
    socket.answer("joinGroup", () =>
      group("garden-club", groupMember("a", "Alice"), groupMember("b", "Bob")),
    );
    expect(await joinRoom("garden-club")).toBe(true);
    expect(socket.emitted("joinGroup")).toEqual([{ roomId: "garden-club" }]);
    expect(useRoomStore.getState()).toMatchObject({ roomId: "garden-club", status: "idle", error: null });
    expect(useRoomStore.getState().players.map((p) => p.username)).toEqual(["Alice", "Bob"]);
    expect(window.localStorage.getItem(ROOM_KEY)).toBe("garden-club");
  });

  it("createRoom creates, then joins", async () => {
    const socket = await fakeSocket();
    socket.answer("createRoom", () => ({ ok: true, roomId: "new-one" }));
    socket.answer("joinGroup", () => group("new-one", groupMember("a", "Alice")));
    expect(await createRoom("new-one")).toBe(true);
    expect(socket.emitted("createRoom")).toEqual([{ roomId: "new-one" }]);
    expect(socket.emitted("joinGroup")).toEqual([{ roomId: "new-one" }]);
    expect(useRoomStore.getState().roomId).toBe("new-one");
  });

  it("a refusal leaves the player out and says why", async () => {
    const socket = await fakeSocket();
    socket.answer("joinGroup", () => ({ ok: false, code: ERROR_CODES.forbidden }));
    expect(await joinRoom("garden-club")).toBe(false);
    expect(useRoomStore.getState().roomId).toBeNull();
    expect(useRoomStore.getState().error).toBe("You cannot do that in this room.");
  });

  it("a refusal is told from its code in the player's language", async () => {
    const socket = await fakeSocket();
    socket.answer("joinGroup", () => ({ ok: false, code: ERROR_CODES.conflict }));
    socket.answer("chatMessage", () => ({ ok: false, code: "brand/new_code" }));
    await i18n.changeLanguage("fr");
    try {
      await joinRoom("garden-club");
      expect(useRoomStore.getState().error).toBe(
        "Ce salon ne peut pas vous accueillir pour l'instant (il est peut-être complet). Essayez-en un autre.",
      );
      await sendChat("hello", "global");
      expect(useChatStore.getState().error).toBe("Un problème est survenu. Rien n'a changé ; réessayez.");
    } finally {
      await i18n.changeLanguage("en");
    }
    await joinRoom("garden-club");
    expect(useRoomStore.getState().error).toBe(
      "This room cannot take you now (it may be full). Try another room.",
    );
    socket.answer("joinGroup", () => ({
      ok: false,
      code: ERROR_CODES.invalidRequest,
      data: { fields: ["roomId"] },
    }));
    await joinRoom("garden-club");
    expect(useRoomStore.getState().error).toBe("That request was not understood. Nothing changed.");
  });

  it("shows socket.io's timeout and disconnection as the spec words them, in the player's language", async () => {
    const socket = await fakeSocket();
    socket.answer("joinGroup", () => {
      throw new Error("operation has timed out");
    });
    await joinRoom("garden-club");
    expect(useRoomStore.getState().error).toBe(
      "The server did not answer in time (operation has timed out). Try again.",
    );
    socket.answer("getRooms", () => {
      throw new Error("socket has been disconnected");
    });
    await i18n.changeLanguage("fr");
    try {
      await listRooms();
      expect(useRoomStore.getState().error).toBe(
        "Connexion perdue (socket has been disconnected). Reconnexion…",
      );
    } finally {
      await i18n.changeLanguage("en");
    }
  });

  it("getRooms lists the open rooms", async () => {
    const socket = await fakeSocket();
    socket.answer("getRooms", () => ["zeta", "alpha"]);
    await listRooms();
    expect(useRoomStore.getState().rooms).toEqual(["alpha", "zeta"]);
  });

  it("leaveGroup clears the room and the group list at once; late updates of that room are ignored", async () => {
    const socket = await fakeSocket();
    socket.answer("joinGroup", () => group("garden-club", groupMember("a", "Alice")));
    await joinRoom("garden-club");
    setPlayer(playerView({ discordId: "a" }));
    await leaveRoom();
    expect(socket.emitted("leaveGroup")).toEqual([{ roomId: "garden-club", playerId: "a" }]);
    expect(useRoomStore.getState()).toMatchObject({ roomId: null, players: [] });
    expect(window.localStorage.getItem(ROOM_KEY)).toBeNull();
    sync();
    dispatchServerEvent("groupUpdate", { roomId: "garden-club", players: [] });
    expect(useRoomStore.getState().roomId).toBeNull();
  });
});

describe("rooms: the stored room after a (re)connect (spec §4 Room)", () => {
  it("joins the stored room on every connect", async () => {
    setRoom("garden-club");
    const socket = await fakeSocket();
    socket.answer("joinGroup", () => group("garden-club", groupMember("a", "Alice")));
    sync();
    socket.status("connect");
    await expect.poll(() => useRoomStore.getState().players.length).toBe(1);
    socket.status("disconnect");
    socket.status("connect");
    await expect.poll(() => socket.emitted("joinGroup").length).toBe(2);
  });

  it("creates the stored room when the server lacks it, then joins", async () => {
    setRoom("lost-room");
    const socket = await fakeSocket();
    let created = false;
    socket.answer("createRoom", () => {
      created = true;
      return { ok: true, roomId: "lost-room" };
    });
    socket.answer("joinGroup", () =>
      created
        ? group("lost-room", groupMember("a", "Alice"))
        : { ok: false, error: "no such room", code: ERROR_CODES.notFound },
    );
    sync();
    socket.status("connect");
    await expect.poll(() => useRoomStore.getState().players.length).toBe(1);
    expect(socket.emitted("joinGroup")).toHaveLength(2);
  });

  it("forgets a stored room the player may not enter", async () => {
    setRoom("discord:123");
    const socket = await fakeSocket();
    socket.answer("joinGroup", () => ({ ok: false, error: "not granted", code: ERROR_CODES.forbidden }));
    sync();
    socket.status("connect");
    await expect.poll(() => useRoomStore.getState().roomId).toBeNull();
    expect(window.localStorage.getItem(ROOM_KEY)).toBeNull();
  });
});

describe("rooms: chat", () => {
  const message = (type: "global" | "party" | "logs", text: string) => ({
    username: "Alice",
    text,
    type,
    timestamp: 1_700_000_000_000,
  });

  it("routes pushed messages: global and party to their tabs, logs to the message log", () => {
    sync();
    dispatchServerEvent("chatMessage", message("global", "hi all"));
    dispatchServerEvent("chatMessage", message("party", "hi group"));
    dispatchServerEvent("chatMessage", message("logs", "+3 Dirt"));
    dispatchServerEvent("chatMessage", { text: 42 });
    const chat = useChatStore.getState();
    expect(chat.messages.global.map((m) => m.text)).toEqual(["hi all"]);
    expect(chat.messages.party.map((m) => m.text)).toEqual(["hi group"]);
    expect(useUiStore.getState().messages.map((m) => m.text)).toEqual(["+3 Dirt"]);
    expect(unreadOf(chat, "logs")).toBe(1);
    dispatchServerEvent("chatHistory", { channel: "party:garden-club", messages: [message("party", "old")] });
    expect(useChatStore.getState().messages.party.map((m) => m.text)).toEqual(["old"]);
    dispatchServerEvent("roomsList", ["b", "a"]);
    expect(useRoomStore.getState().rooms).toEqual(["a", "b"]);
  });

  it("reads each push with the protocol's schema for its event: a malformed one is dropped whole", () => {
    sync();
    dispatchServerEvent("chatHistory", { channel: "global", messages: [message("global", "kept")] });
    dispatchServerEvent("chatHistory", {
      channel: "global",
      messages: [message("global", "half"), { text: 42 }],
    });
    dispatchServerEvent("roomsList", ["a", 7]);
    expect(useChatStore.getState().messages.global.map((m) => m.text)).toEqual(["kept"]);
    expect(useRoomStore.getState().rooms).toBeNull();
  });

  it("sends a party message with its room; a rate limit is said plainly", async () => {
    const socket = await fakeSocket();
    setRoom("garden-club");
    expect(await sendChat("hello", "party")).toBe(true);
    expect(socket.emitted("chatMessage")).toEqual([{ text: "hello", type: "party", roomId: "garden-club" }]);
    socket.answer("chatMessage", () => ({
      ok: false,
      error: "You are sending messages too fast",
      code: ERROR_CODES.rateLimited,
    }));
    expect(await sendChat("again", "global")).toBe(false);
    expect(useChatStore.getState().error).toBe(
      "You are sending messages too fast. Wait a few seconds, then try again.",
    );
  });
});
