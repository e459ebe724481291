import type { Page } from "@playwright/test";

/** Loads a page and waits until React has hydrated it, so clicks are client-side. */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}
