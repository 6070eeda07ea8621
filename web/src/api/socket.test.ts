import { afterEach, describe, expect, it, vi } from "vitest";
import { dispatchServerEvent } from "./serverEvents.ts";
import { onServerEvent } from "./socket.ts";

const offs: (() => void)[] = [];
afterEach(() => {
  for (const off of offs.splice(0)) off();
});

describe("server events reach their listeners parsed with the protocol's schema", () => {
  it("a listener gets the parsed payload; a malformed one never reaches it", () => {
    const heard = vi.fn();
    offs.push(onServerEvent("deathCountdown", heard));
    dispatchServerEvent("deathCountdown", { playerId: "a", secondsLeft: -1 });
    dispatchServerEvent("deathCountdown", { playerId: "a" });
    expect(heard).not.toHaveBeenCalled();
    // what the schema does not know is stripped: the listener sees the protocol's shape only
    dispatchServerEvent("deathCountdown", { playerId: "a", secondsLeft: 3, injected: "<b>x</b>" });
    expect(heard.mock.calls).toEqual([[{ playerId: "a", secondsLeft: 3 }]]);
  });

  it("parses once for every listener of the event, and an unsubscribed one hears nothing more", () => {
    const first = vi.fn();
    const second = vi.fn();
    const offFirst = onServerEvent("roomsList", first);
    offs.push(onServerEvent("roomsList", second));
    dispatchServerEvent("roomsList", ["a"]);
    offFirst();
    dispatchServerEvent("roomsList", ["b"]);
    expect(first.mock.calls).toEqual([[["a"]]]);
    expect(second.mock.calls).toEqual([[["a"]], [["b"]]]);
    expect(first.mock.calls[0]![0]).toBe(second.mock.calls[0]![0]);
  });
});
