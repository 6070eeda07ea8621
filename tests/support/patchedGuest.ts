import type { Player } from "@pickle-garden/shared";
import { expect, type Page } from "@playwright/test";
import { type RunningServer, removeDataDir, startServer } from "./startServer.ts";
import { patchStoredPlayer } from "./storedPlayer.ts";

/**
 * A guest in a state that would take long to play to: signed in on a first server, its stored player
 * edited while that server is stopped, then the same data served by a second server the page is on.
 * The caller stops the returned server and removes its data folder.
 */
export async function patchedGuest(page: Page, patch: (player: Player) => void): Promise<RunningServer> {
  const first = await startServer();
  try {
    await page.goto(first.url);
    await expect(page.getByTestId("guest-badge")).toBeVisible({ timeout: 30_000 });
    const guestId = await page.evaluate(() =>
      fetch("/api/auth/session")
        .then((r) => r.json())
        .then((s: { user: { discordId: string } }) => s.user.discordId),
    );
    await first.stop();
    patchStoredPlayer(first.dataDir, guestId, patch);
  } catch (err) {
    await first.stop();
    removeDataDir(first.dataDir);
    throw err;
  }
  const second = await startServer({}, first.dataDir);
  await page.goto(second.url);
  await expect(page.getByTestId("guest-badge")).toBeVisible({ timeout: 30_000 });
  return second;
}

/** POSTs each JSON body in order from the page (its session cookie), answering the statuses. */
export function postAll(page: Page, calls: readonly (readonly [string, unknown])[]): Promise<number[]> {
  return page.evaluate(async (list) => {
    const statuses: number[] = [];
    for (const [path, body] of list) {
      const res = await fetch(path, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      statuses.push(res.status);
    }
    return statuses;
  }, calls);
}
