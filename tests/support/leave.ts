import { expect, type Page } from "@playwright/test";

/**
 * Closes the tab, then waits until the server has heard its socket close: a clock move of 0 drops the
 * players who left and counts them, so a clock move after this is time away (as in real time, a minute
 * after the tab closed), however late the server hears the close on a loaded machine.
 */
export async function closeAndLeave(page: Page, serverUrl: string): Promise<void> {
  const context = page.context();
  await page.close();
  await expect
    .poll(async () => {
      const res = await context.request.post(`${serverUrl}/api/test/clock`, { data: { advanceMs: 0 } });
      return ((await res.json()) as { dropped: number }).dropped;
    })
    .toBeGreaterThanOrEqual(1);
}
