import { expect, test, type Page } from "@playwright/test";
import { gotoHydrated } from "./hydrated";

/** Records whether the slow-navigation notice ever showed text, even for a moment. */
async function watchNotice(page: Page): Promise<void> {
  await page.evaluate(() => {
    const notice = document.querySelector(".slow-navigation-notice");
    const w = window as unknown as { __sawNotice: boolean };
    w.__sawNotice = false;
    new MutationObserver(() => {
      if (notice?.textContent) w.__sawNotice = true;
    }).observe(notice!, { childList: true, characterData: true, subtree: true });
  });
}

test("a navigation slower than a second says “Sidan laddas…”, and the notice goes when the page arrives", async ({
  page,
}) => {
  await gotoHydrated(page, "/");
  await page.route("**/lungforskning.data*", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await route.continue();
  });
  await page.getByRole("navigation", { name: "Huvudmeny" }).getByRole("link", { name: "Lungforskning" }).click();
  const notice = page.getByRole("status").filter({ hasText: "Sidan laddas…" });
  await expect(notice).toBeVisible({ timeout: 1_900 });
  await expect(page.locator("main h1")).toHaveText("Lungforskning");
  await expect(notice).toHaveCount(0);
});

test("a quick navigation never shows the notice", async ({ page }) => {
  await gotoHydrated(page, "/");
  await watchNotice(page);
  await page.getByRole("navigation", { name: "Huvudmeny" }).getByRole("link", { name: "Om oss" }).click();
  await expect(page.locator("main h1")).toHaveText("Om oss");
  await page.waitForTimeout(1_200);
  expect(await page.evaluate(() => (window as unknown as { __sawNotice: boolean }).__sawNotice)).toBe(false);
});

/** Distinct pages whose route data was fetched without a navigation. */
function recordDataRequests(page: Page): Set<string> {
  const pages = new Set<string>();
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith(".data")) pages.add(url.pathname);
  });
  return pages;
}

test("pages behind links in view are prefetched, four at a time every three seconds", async ({ page }) => {
  const prefetched = recordDataRequests(page);
  await gotoHydrated(page, "/");
  // Prefetching waits until the page has loaded and one interval has passed.
  await page.waitForTimeout(1_500);
  expect(prefetched.size).toBe(0);
  await expect.poll(() => prefetched.size, { timeout: 6_000, intervals: [100] }).toBeGreaterThan(0);
  await page.waitForTimeout(1_500);
  expect(prefetched.size).toBeLessThanOrEqual(4);
  await expect.poll(() => prefetched.size, { timeout: 5_000 }).toBeGreaterThan(4);
});

test("nothing is prefetched in data-saver mode", async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, "connection", { value: { saveData: true, effectiveType: "4g" } });
  });
  const prefetched = recordDataRequests(page);
  await gotoHydrated(page, "/");
  await page.waitForTimeout(6_000);
  expect([...prefetched]).toEqual([]);
});
