import type { OfflineSummary } from "@pickle-garden/shared";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { summary } from "../../../testing/offlineFixture.ts";
import { useOfflineStore } from "../../stores/offlineStore.ts";
import { createOfflineSync, type OfflineSyncDeps } from "./offlineSync.ts";

function setup(over: Partial<OfflineSyncDeps> = {}) {
  let now = 100_000;
  const store = new Map<string, string>();
  const deps: OfflineSyncDeps = {
    fetchSummary: vi.fn(async () => summary()),
    getIdentity: () => "guest-a",
    inventorySize: () => ({ inv_size: 2, modifiers: {} }),
    now: () => now,
    wait: vi.fn(async () => {}),
    storage: {
      getItem: (k) => store.get(k) ?? null,
      setItem: (k, v) => void store.set(k, v),
      removeItem: (k) => void store.delete(k),
    },
    ...over,
  };
  return { deps, sync: createOfflineSync(deps), advance: (ms: number) => (now += ms), store };
}

beforeEach(() => useOfflineStore.setState({ status: "idle", summary: null, inventoryFull: false }));

describe("offline sync", () => {
  it("syncs once per away time after 2 s or more, and opens the modal with the gains", async () => {
    const { deps, sync, advance } = setup();
    sync.markAway();
    advance(5000);
    await sync.markBack();
    expect(deps.fetchSummary).toHaveBeenCalledTimes(1);
    expect(useOfflineStore.getState().status).toBe("open");
    // visible again without a new hide: same away time, no second call
    await sync.markBack();
    expect(deps.fetchSummary).toHaveBeenCalledTimes(1);
    // a new absence is a new away time
    sync.markAway();
    advance(3000);
    await sync.markBack();
    expect(deps.fetchSummary).toHaveBeenCalledTimes(2);
  });

  it("does nothing under 2 s away", async () => {
    const { deps, sync, advance } = setup();
    sync.markAway();
    advance(1500);
    await sync.markBack();
    expect(deps.fetchSummary).not.toHaveBeenCalled();
    expect(useOfflineStore.getState().status).toBe("idle");
  });

  it("on a load within 2 s of leaving by the page's clock, asks the server, whose clock decides", async () => {
    const { deps, sync, advance } = setup({
      // the server's answer to a reload within its own 2 s: the summary it delivered before
      fetchSummary: vi.fn(async () => ({ ...summary(), repeated: true })),
    });
    sync.markAway(); // pagehide of the page being reloaded
    advance(800);
    const reloaded = createOfflineSync(deps);
    await reloaded.markBack(true);
    expect(deps.fetchSummary).toHaveBeenCalledTimes(1);
    expect(useOfflineStore.getState().status).toBe("done");
  });

  it("on a load within 2 s by the page's clock but hours by the server's (the test clock), shows the summary", async () => {
    const { deps, sync, advance } = setup();
    sync.markAway();
    advance(800);
    await createOfflineSync(deps).markBack(true);
    expect(useOfflineStore.getState().status).toBe("open");
  });

  it("retries once after 1.5 s, then gives up until the next load", async () => {
    const fetchSummary = vi
      .fn<() => Promise<OfflineSummary>>()
      .mockRejectedValueOnce(new Error("down"))
      .mockResolvedValueOnce(summary());
    const { deps, sync, advance } = setup({ fetchSummary });
    sync.markAway();
    advance(10_000);
    await sync.markBack();
    expect(fetchSummary).toHaveBeenCalledTimes(2);
    expect(deps.wait).toHaveBeenCalledWith(1500);
    expect(useOfflineStore.getState().status).toBe("open");

    const failing = vi.fn<() => Promise<OfflineSummary>>().mockRejectedValue(new Error("down"));
    const second = setup({ fetchSummary: failing });
    second.sync.markAway();
    second.advance(10_000);
    await second.sync.markBack();
    expect(failing).toHaveBeenCalledTimes(2);
    expect(useOfflineStore.getState().status).toBe("done");
  });

  it("only syncs for the identity that went away", async () => {
    let who = "guest-a";
    const { deps, sync, advance } = setup({ getIdentity: () => who });
    sync.markAway();
    advance(10_000);
    who = "guest-b";
    await sync.markBack();
    expect(deps.fetchSummary).not.toHaveBeenCalled();
  });

  it("16 s away with nothing gained or lost opens nothing", async () => {
    const nothing = summary({ awayMs: 16_000, gathering: null, gainedXp: {}, gainedRp: 0 });
    const { sync, advance } = setup({ fetchSummary: vi.fn(async () => nothing) });
    sync.markAway();
    advance(16_000);
    await sync.markBack();
    expect(useOfflineStore.getState()).toMatchObject({ status: "done", summary: null });
  });

  it("on load without a record asks the server once, and shows nothing when it says nothing happened", async () => {
    const { deps, sync } = setup({
      fetchSummary: vi.fn(async () =>
        summary({ awaySince: null, gathering: null, gainedXp: {}, gainedRp: 0 }),
      ),
    });
    await sync.markBack(true);
    await sync.markBack(true);
    expect(deps.fetchSummary).toHaveBeenCalledTimes(1);
    expect(useOfflineStore.getState().status).toBe("done");
  });

  it("says the inventory is full when the summary's items leave no free slot (shared's rule)", async () => {
    const dirt = (stack: number) => ({ id: 10001, stack });
    const run = async (inventory: OfflineSummary["updatedInventory"], slots: number) => {
      const { sync, advance } = setup({
        fetchSummary: vi.fn(async () => summary({ updatedInventory: inventory })),
        inventorySize: () => ({ inv_size: slots, modifiers: {} }),
      });
      sync.markAway();
      advance(5000);
      await sync.markBack();
      return useOfflineStore.getState().inventoryFull;
    };
    expect(await run([dirt(40), { id: -1, stack: 0 }], 2)).toBe(false);
    expect(await run([dirt(40), { id: 20001, stack: 1 }], 2)).toBe(true);
    // two half stacks of one item fit in one slot: a slot is free
    expect(await run([dirt(10), dirt(10)], 2)).toBe(false);
  });
});
