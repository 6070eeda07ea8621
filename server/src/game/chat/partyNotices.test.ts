import type { ChatMessageOut, PartyNotice } from "@pickle-garden/shared";
import { describe, expect, it } from "vitest";
import { RateLimiter } from "../../RateLimiter.ts";
import { NOTICE_ALLOWANCE, NOTICE_COLLAPSE, ROOM_NOTICES_KEPT, RoomNotices } from "./partyNotices.ts";

const notice = (discordId: string, timestamp: number, kind: PartyNotice = "joined") => ({
  username: discordId,
  notice: kind,
  type: "party" as const,
  timestamp,
  roomId: "r",
  discordId,
});

describe("RoomNotices", () => {
  it("shows a join and its leave, then collapses the player's further lines within the minute", () => {
    const notices = new RoomNotices();
    const minute = NOTICE_COLLAPSE.windowMs;
    const shown = [0, 1_000, 2_000, minute - 1, minute, minute + 500, minute + 1_000].map((at, i) =>
      notices.post(notice("ann", at, i % 2 ? "left" : "joined"), () => true),
    );
    expect(shown).toEqual([true, true, false, false, true, false, true]);
    expect(notices.post(notice("bob", 2_000), () => true)).toBe(true);
  });

  it("asks the player's allowance only for a line it would show, and shows nothing it refuses", () => {
    let now = 0;
    const allowance = new RateLimiter(NOTICE_ALLOWANCE, () => now);
    const rooms = Array.from({ length: 8 }, () => new RoomNotices());
    const shown = rooms.map((room) => room.post(notice("ann", now), () => allowance.take("ann")));
    expect(shown.filter(Boolean)).toHaveLength(NOTICE_ALLOWANCE.capacity);
    now += 30_000;
    expect(rooms[7]?.post(notice("ann", now), () => allowance.take("ann"))).toBe(true);
  });

  it("replays at most its last ten notices among the chat, oldest first", () => {
    const notices = new RoomNotices();
    for (let i = 0; i < 15; i++) notices.post(notice(`p${i}`, i * 10), () => true);
    const chat: ChatMessageOut[] = [{ username: "ann", text: "hi", type: "party", timestamp: 95 }];
    const replay = notices.withHistory(chat);
    expect(replay).toHaveLength(ROOM_NOTICES_KEPT + 1);
    expect(replay.map((m) => m.timestamp)).toEqual([50, 60, 70, 80, 90, 95, 100, 110, 120, 130, 140]);
  });
});
