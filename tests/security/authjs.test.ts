import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SecurityServer, startServer } from "./support.ts";

/**
 * Auth.js on unauthenticated paths: whatever a stranger asks under /api/auth, with Discord off or on
 * (its API unreachable), the answer is 2xx, a redirect or 4xx, and so is every redirect it leads to.
 */

let off: SecurityServer;
let on: SecurityServer;

beforeAll(async () => {
  off = await startServer();
  on = await startServer({
    DISCORD_CLIENT_ID: "123400000000000001",
    DISCORD_CLIENT_SECRET: "secret",
    DISCORD_API_BASE: "http://127.0.0.1:9/api",
  });
});
afterAll(async () => {
  await off.close();
  await on.close();
});

const PATHS = [
  "",
  "/session",
  "/csrf",
  "/providers",
  "/signin",
  "/signin/guest",
  "/signin/discord",
  "/signin/unknown",
  "/callback/guest",
  "/callback/discord",
  "/callback/discord?code=x&state=y",
  "/callback/unknown",
  "/signout",
  "/error",
  "/error?error=Configuration",
  "/error?error=AccessDenied",
  "/verify-request",
  "/webauthn-options/guest",
  "/unknown",
  "/%zz",
];

/** Status of each hop, following redirects within the server (at most 3). */
async function hops(base: string, path: string, method: string): Promise<number[]> {
  const statuses: number[] = [];
  let url = `${base}/api/auth${path}`;
  for (let i = 0; i < 4; i++) {
    const res = await fetch(url, {
      method,
      redirect: "manual",
      headers: method === "POST" ? { "content-type": "application/x-www-form-urlencoded" } : {},
      body: method === "POST" ? "" : undefined,
    });
    await res.body?.cancel();
    statuses.push(res.status);
    const next = res.headers.get("location") ?? "";
    if (!next.startsWith(base)) break;
    url = next;
    method = "GET";
  }
  return statuses;
}

describe("Auth.js never answers 5xx to a stranger", () => {
  it("every path, GET and POST, Discord off and on, and each redirect's target", async () => {
    const failures: string[] = [];
    for (const [name, server] of [
      ["discord off", off],
      ["discord on", on],
    ] as const) {
      for (const path of PATHS) {
        for (const method of ["GET", "POST"]) {
          const statuses = await hops(server.url, path, method);
          if (statuses.some((s) => s >= 500))
            failures.push(`${name}: ${method} ${path} → ${statuses.join(" → ")}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("GET /api/auth/callback/guest (the form's callback, fetched) ends on the error page with 400", async () => {
    expect(await hops(off.url, "/callback/guest", "GET")).toEqual([302, 400]);
  });
});
