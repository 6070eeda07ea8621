import { mockAuthCode } from "@pickle-garden/shared";
import type { Page } from "@playwright/test";

/** HTTP calls from the page, with its session cookie, one after the other: their statuses. */
export function calls(page: Page, list: [method: string, path: string, body?: unknown][]): Promise<number[]> {
  return page.evaluate(async (list) => {
    const statuses: number[] = [];
    for (const [method, path, body] of list) {
      const res = await fetch(path, {
        method,
        headers: { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      statuses.push(res.status);
    }
    return statuses;
  }, list);
}

/**
 * Calls as a player of the Activity's SDK mock, with a session of the test's own (the same token exchange,
 * as a second tab would): each answers its status.
 */
export async function asMockPlayer(serverUrl: string, id: string, username: string) {
  const call = (method: string, path: string, body: unknown, token?: string) =>
    fetch(`${serverUrl}${path}`, {
      method,
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  const signIn = await call("POST", "/api/token", {
    code: mockAuthCode({ id, username }),
    instanceId: "123456789012345678",
  });
  const { sessionToken } = (await signIn.json()) as { sessionToken: string };
  return async (method: string, path: string, body: unknown) =>
    (await call(method, path, body, sessionToken)).status;
}
