import { describe, expect, it } from "vitest";
import { KeyedQueue } from "./KeyedQueue.ts";

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("KeyedQueue", () => {
  it("runs one key's tasks one after another, never interleaved", async () => {
    const q = new KeyedQueue();
    const log: string[] = [];
    const task = (name: string, ms: number) => async () => {
      log.push(`${name}:start`);
      await pause(ms);
      log.push(`${name}:end`);
      return name;
    };
    const results = await Promise.all([
      q.run("p", task("a", 15)),
      q.run("p", task("b", 1)),
      q.run("p", task("c", 5)),
    ]);
    expect(results).toEqual(["a", "b", "c"]);
    expect(log).toEqual(["a:start", "a:end", "b:start", "b:end", "c:start", "c:end"]);
  });

  it("keeps going after a failure and runs other keys independently", async () => {
    const q = new KeyedQueue();
    const failed = q.run("p", () => {
      throw new Error("boom");
    });
    await expect(failed).rejects.toThrow("boom");
    expect(await q.run("p", () => 42)).toBe(42);
    const order: string[] = [];
    await Promise.all([
      q.run("slow", async () => {
        await pause(20);
        order.push("slow");
      }),
      q.run("fast", () => {
        order.push("fast");
      }),
    ]);
    expect(order).toEqual(["fast", "slow"]);
    await q.idle("p");
    expect(q.busyKeys).toBe(0);
  });
});
