import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SqliteStore } from "../store/SqliteStore.ts";
import { runPanelsCli } from "./panels.ts";

let store: SqliteStore;
let lines: string[];
const run = (...argv: string[]) => runPanelsCli(argv, store, 1_000, (l) => lines.push(l));

beforeEach(() => {
  store = new SqliteStore(":memory:");
  lines = [];
});
afterEach(async () => {
  await store.close();
});

describe("panels CLI", () => {
  it("creates, lists, updates (bumping the version) and closes panels", async () => {
    expect(await run("create", "--id", "news", "--title", "Patch", "--body", "New bugs")).toBe(0);
    expect(
      await run(
        "create",
        "--type",
        "poll",
        "--id",
        "vote",
        "--title",
        "Boss?",
        "--option",
        "a=Ant",
        "--option",
        "b=Bee",
      ),
    ).toBe(0);
    await run("list");
    expect(lines).toContain('news v1 message "Patch"');
    expect(lines.some((l) => l.startsWith('vote v1 poll "Boss?"'))).toBe(true);
    await run("update", "news", "--title", "Patch 2");
    expect((await store.getPanel("news"))?.version).toBe(2);
    await run("close", "news");
    expect((await store.listActivePanels()).map((p) => p._id)).toEqual(["vote"]);
  });

  it("refuses a poll without options and prints usage for unknown commands", async () => {
    await expect(run("create", "--type", "poll", "--title", "Empty")).rejects.toThrow();
    expect(await run("explode")).toBe(2);
  });
});
