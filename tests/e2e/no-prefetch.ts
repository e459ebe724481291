import type { Page } from "@playwright/test";

/**
 * Turns off link prefetching for one test by presenting data-saver mode, which
 * the site honours (app/prefetch/prefetch-policy.ts). For tests that intercept
 * route data or code chunks and count or fail them: a prefetch would fetch them
 * before the click does.
 */
export async function withoutPrefetch(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, "connection", { value: { saveData: true, effectiveType: "4g" } });
  });
}
