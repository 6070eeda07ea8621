import { describe, expect, it } from "vitest";
import { INSTANCE_CHECK_COOLDOWN_MS, InstanceChecks } from "./InstanceChecks.ts";

describe("instance checks", () => {
  it("cannot verify without the bot token, or while Discord fails", async () => {
    expect(await new InstanceChecks(undefined, () => 0).run("discord:i", ["a"])).toEqual({ verified: false });
    const failing = new InstanceChecks(
      () => Promise.reject(new Error("down")),
      () => 0,
    );
    expect(await failing.run("discord:i", ["a"])).toEqual({ verified: false });
  });

  it("asks Discord about the instance of the room, once per room and cooldown", async () => {
    let now = 0;
    const asked: string[] = [];
    const checks = new InstanceChecks(
      async (id) => {
        asked.push(id);
        return ["a"];
      },
      () => now,
    );
    expect(await checks.run("discord:i-1", ["a", "b"])).toEqual({ verified: true, left: ["b"] });
    expect(await checks.run("discord:i-1", ["a", "b"])).toEqual({ verified: false });
    expect(await checks.run("discord:i-2", ["c"])).toEqual({ verified: true, left: ["c"] });
    now += INSTANCE_CHECK_COOLDOWN_MS;
    expect(await checks.run("discord:i-1", ["a"])).toEqual({ verified: true, left: [] });
    expect(asked).toEqual(["i-1", "i-2", "i-1"]);
  });
});
