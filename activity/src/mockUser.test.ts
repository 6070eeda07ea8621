import { describe, expect, it } from "vitest";
import { MOCK_USER_KEY, mockUserFrom } from "./mockUser.ts";

const memory = () => {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
  };
};

describe("the mock player", () => {
  it("comes from ?user_id= and ?username=", () => {
    expect(mockUserFrom("?user_id=1001&username=Alice", memory())).toEqual({ id: "1001", username: "Alice" });
  });

  it("is otherwise random and kept for the tab; another tab is another player", () => {
    const tab = memory();
    const first = mockUserFrom("", tab);
    expect(first.id).toMatch(/^\d{18}$/);
    expect(mockUserFrom("", tab)).toEqual(first);
    expect(JSON.parse(tab.getItem(MOCK_USER_KEY) ?? "null")).toEqual(first);
    expect(mockUserFrom("", memory()).id).not.toBe(first.id);
  });

  it("ignores a bad query (a guest id, a missing name) and falls back to the tab's player", () => {
    const tab = memory();
    const kept = mockUserFrom("", tab);
    for (const query of ["?user_id=guest-1&username=Eve", "?user_id=1001", "?user_id=a%20b&username=Eve"]) {
      expect(mockUserFrom(query, tab)).toEqual(kept);
    }
  });
});
