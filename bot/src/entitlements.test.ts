import { describe, expect, it } from "vitest";
import { FakeServer } from "../testing/fakeServer.ts";
import { entitlementChanged } from "./entitlements.ts";
import type { Log } from "./outbox.ts";

const quiet: Log = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe("entitlement events", () => {
  it("ask the server to refresh the user's subscription; a guild's entitlement names no player", async () => {
    const server = new FakeServer();
    await entitlementChanged({ user_id: "777000000000000001" }, { server, log: quiet });
    await entitlementChanged({}, { server, log: quiet });
    expect(server.calls).toEqual([{ name: "refreshSubscription", args: ["777000000000000001"] }]);
  });

  it("a server that cannot answer is logged, never thrown", async () => {
    const server = new FakeServer();
    server.refreshSubscription = () => Promise.reject(new Error("down"));
    const warned: string[] = [];
    await entitlementChanged(
      { user_id: "777000000000000001" },
      { server, log: { ...quiet, warn: (m) => warned.push(m) } },
    );
    expect(warned).toEqual(["subscription refresh failed"]);
  });
});
