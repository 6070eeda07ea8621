import { afterAll, beforeAll, expect, it } from "vitest";
import { CookieJar, guestSignIn, startTestServer, type TestServer } from "../../testing/testServer.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.close();
});

const sessionCookies = (res: Response) =>
  res.headers.getSetCookie().filter((c) => c.includes("authjs.session-token"));

it("a session poll during a Discord round trip leaves the session cookie to the popup's callback", async () => {
  const jar = new CookieJar();
  const { discordId } = await guestSignIn(t.url, jar);
  const outside = await jar.fetch(`${t.url}/api/auth/session`);
  expect(sessionCookies(outside)).toHaveLength(1); // Auth.js rolls the cookie on every read

  jar.cookies.set("authjs.pkce.code_verifier", "in-flight");
  const during = await jar.fetch(`${t.url}/api/auth/session`);
  expect(((await during.json()) as { user: { discordId: string } }).user.discordId).toBe(discordId);
  expect(sessionCookies(during)).toEqual([]);
});
