import { describe, expect, it } from "vitest";
import { memberStatus } from "./memberStatus.ts";

const at = (skill: string, health = 40, away = false) => ({
  health,
  away,
  currentAction: { skill, location: "garden", nodeId: null, nodeHp: 0, nodeMaxHp: 0 },
});

describe("memberStatus", () => {
  it("reads the member's action", () => {
    expect(memberStatus(at("mining"))).toBe("gathering");
    expect(memberStatus(at("botany"))).toBe("gathering");
    expect(memberStatus(at("combat"))).toBe("fighting");
    expect(memberStatus(at("smithing"))).toBe("crafting");
    expect(memberStatus(at("none"))).toBe("resting");
  });

  it("dead wins over away, and away over the action", () => {
    expect(memberStatus(at("combat", 0, true))).toBe("dead");
    expect(memberStatus(at("combat", 30, true))).toBe("away");
  });
});
