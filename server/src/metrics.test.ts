import { describe, expect, it } from "vitest";
import { countGameEvents, registry } from "./metrics.ts";

describe("metrics", () => {
  it("game events counted between scrapes are in the counter when it is read, once", async () => {
    const read = async () => {
      const text = await registry.getSingleMetricAsString("pickle_garden_game_events_total");
      return Number(/type="metricsTestPopup"\} (\d+)/.exec(text)?.[1] ?? 0);
    };
    const before = await read();
    countGameEvents("metricsTestPopup", 3);
    countGameEvents("metricsTestPopup");
    expect(await read()).toBe(before + 4);
    expect(await read()).toBe(before + 4);
  });
});
