import { expect, test, type Page } from "@playwright/test";
import { gotoHydrated } from "./hydrated";

// The suite blocks service workers by default (playwright.config.ts); these tests are about them.
test.use({ serviceWorkers: "allow" });

const PAGE_CACHE = "hl-pages-v1";

async function waitForController(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: 15_000 });
}

async function cachedPages(page: Page): Promise<string[]> {
  return page.evaluate(async (name) => {
    const cache = await caches.open(name);
    return (await cache.keys()).map((request) => new URL(request.url).pathname);
  }, PAGE_CACHE);
}

test("the service worker registers on localhost, and a visited content page loads offline", async ({
  page,
  context,
}) => {
  await gotoHydrated(page, "/om-oss");
  await waitForController(page);
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);

  // The first load happened before the worker existed; the next one goes through it and is kept.
  await gotoHydrated(page, "/om-oss");
  await expect.poll(() => cachedPages(page)).toContain("/om-oss");

  await context.setOffline(true);
  await gotoHydrated(page, "/om-oss");
  await expect(page.locator("main h1")).toHaveText("Om oss");

  // A page never visited cannot be shown, and says why.
  const response = await page.goto("/kontakt");
  expect(response?.status()).toBe(503);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ingen internetanslutning");
  await context.setOffline(false);
});

test("pages with personal data or choices are never kept for offline use", async ({ page }) => {
  await gotoHydrated(page, "/cookie-installningar");
  await waitForController(page);
  await gotoHydrated(page, "/cookie-installningar");
  await gotoHydrated(page, "/om-oss");
  await expect.poll(() => cachedPages(page)).toContain("/om-oss");
  expect(await cachedPages(page)).not.toContain("/cookie-installningar");
});

test("when a new service worker is ready, the next navigation is a full page load, once", async ({ page }) => {
  await page.addInitScript(() => {
    const container = navigator.serviceWorker;
    const register = container.register.bind(container);
    container.register = (url, options) => register(localStorage.getItem("e2e:sw-url") ?? url, options);
  });
  await gotoHydrated(page, "/");
  await waitForController(page);
  // A tab that started under the current worker.
  await gotoHydrated(page, "/");
  await page.waitForLoadState("networkidle");

  // A deploy brings a new worker. The e2e server cannot change /sw.js under a
  // running suite (and page routing does not reach worker scripts), so the new
  // build's worker is stood in for by a new script address: from here on the
  // site's own registration asks for it, as a new build's pages would.
  await page.evaluate(() => localStorage.setItem("e2e:sw-url", "/sw.js?build=next"));
  // The new worker takes over at once (skipWaiting + clients.claim); wait until it controls the tab.
  const updated = await page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        navigator.serviceWorker.addEventListener("controllerchange", () => resolve("controllerchange"));
        setTimeout(() => reject(new Error("no new service worker took over")), 10_000);
        void navigator.serviceWorker.register("/sw.js?build=next", { scope: "/" });
      }),
  );
  expect(updated).toBe("controllerchange");

  await page.evaluate(() => ((window as unknown as { __marker: boolean }).__marker = true));
  await page.getByRole("navigation", { name: "Huvudmeny" }).getByRole("link", { name: "Om oss" }).click();
  await expect(page.locator("main h1")).toHaveText("Om oss");
  expect(await page.evaluate(() => (window as unknown as { __marker?: boolean }).__marker)).toBeUndefined();

  // The new page runs under the new worker: navigation is client-side again.
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => ((window as unknown as { __marker: boolean }).__marker = true));
  await page.getByRole("navigation", { name: "Huvudmeny" }).getByRole("link", { name: "Hjärtforskning" }).click();
  await expect(page.locator("main h1")).toHaveText("Hjärtforskning");
  expect(await page.evaluate(() => (window as unknown as { __marker?: boolean }).__marker)).toBe(true);
});
