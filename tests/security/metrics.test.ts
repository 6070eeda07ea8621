import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SecurityServer, startServer } from "./support.ts";

/** /metrics is the operator's: METRICS_TOKEN as a bearer, or a scrape from this host that no proxy relayed. */

const METRICS_TOKEN = "metrics-token-0123456789abcdef";
let t: SecurityServer;
let bare: SecurityServer;

beforeAll(async () => {
  t = await startServer({ METRICS_TOKEN });
  bare = await startServer();
});
afterAll(async () => {
  await t.close();
  await bare.close();
});

const scrape = (server: SecurityServer, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/metrics`, { headers });
const RELAYED = { "x-forwarded-for": "203.0.113.9" };

describe("GET /metrics", () => {
  it("a request relayed from outside (X-Forwarded-For, Forwarded) is 403 without the token, with or without METRICS_TOKEN set", async () => {
    for (const server of [t, bare]) {
      for (const headers of [RELAYED, { forwarded: "for=203.0.113.9" }]) {
        const res = await scrape(server, headers);
        expect(res.status).toBe(403);
        expect(await res.json()).toMatchObject({
          error: "MetricsForbidden",
          message: expect.stringMatching(/METRICS_TOKEN/),
        });
      }
    }
  });

  it("a wrong token from outside is 403; the right one is served", async () => {
    expect(
      (await scrape(t, { ...RELAYED, authorization: "Bearer wrong-token-0123456789abcdef" })).status,
    ).toBe(403);
    const res = await scrape(t, { ...RELAYED, authorization: `Bearer ${METRICS_TOKEN}` });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("# HELP");
  });

  it("a scrape from this host itself is served", async () => {
    for (const server of [t, bare]) expect((await scrape(server)).status).toBe(200);
  });
});
