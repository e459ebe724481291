import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { gotoHydrated } from "./hydrated";
import { withoutPrefetch } from "./no-prefetch";

test.describe("pages and status codes", () => {
  for (const [name, path] of [
    ["home", "/"],
    ["content page", "/om-oss"],
    ["English content page", "/en/about"],
  ] as const) {
    test(`${name} renders with 200, a heading and no accessibility violations`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator("main h1")).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }

  test("English pages declare their language", async ({ page }) => {
    await page.goto("/en/about");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });

  test("an unknown address shows the not-found page with 404", async ({ page }) => {
    const response = await page.goto("/finns-inte-alls");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sidan kunde inte hittas");
    // The status keeps it out of search results; no robots noindex is needed.
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("a server error shows the error page with 500", async ({ page }) => {
    const response = await page.goto("/_test/server-error");
    expect(response?.status()).toBe(500);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Något gick fel hos oss");
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("trailing slashes and /index.html redirect permanently", async ({ request }) => {
    const slash = await request.get("/om-oss/?a=1", { maxRedirects: 0 });
    expect(slash.status()).toBe(301);
    expect(slash.headers()["location"]).toBe("/om-oss?a=1");
    const index = await request.get("/index.html", { maxRedirects: 0 });
    expect(index.status()).toBe(301);
    expect(index.headers()["location"]).toBe("/");
  });

  test("responses carry an enforced CSP with a fresh nonce, and the page obeys it", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() === "error") violations.push(msg.text());
    });
    const first = await page.goto("/om-oss");
    const csp = first?.headers()["content-security-policy"] ?? "";
    expect(csp).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]+'/);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    const second = await page.request.get("/om-oss");
    expect(second.headers()["content-security-policy"]).not.toContain(nonce);
    // The page must have hydrated: client navigation works without CSP errors.
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.getByRole("navigation", { name: "Huvudmeny" }).getByRole("link", { name: "Hjärtforskning" }).click();
    await expect(page).toHaveURL(/\/hjartforskning$/);
    expect(violations.filter((v) => /Content Security Policy|Refused/.test(v))).toEqual([]);
  });

  test("hashed assets are immutable and HTML is revalidated", async ({ page, request }) => {
    const response = await page.goto("/");
    expect(response?.headers()["cache-control"]).toBe("no-cache");
    const html = await response!.text();
    const script = /href="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    const asset = await request.get(script!);
    expect(asset.headers()["cache-control"]).toContain("immutable");
    expect(asset.headers()["cache-control"]).toContain("max-age=31536000");
  });

  test("the first paint waits for no request: site CSS inline, scripts start after the first frame", async ({ page }) => {
    for (const path of ["/om-oss", "/sok?query=hj%C3%A4rta"]) {
      const response = await page.goto(path); // pre-rendered, then server-rendered
      const html = await response!.text();
      const head = html.slice(0, html.indexOf("</head>"));
      expect(head).toMatch(/<style id="site-css" nonce="[^"]+">\.header-search\{/);
      expect(head).not.toContain("__CSP_NONCE__");
      expect(head).not.toContain("modulepreload");
      expect(html).toMatch(/<template id="module-preloads">(<link rel="modulepreload" href="\/assets\/[^"]+\.js"[^>]*>)+<\/template>/);
      expect(html).not.toMatch(/<script[^>]*type="module"/);
      expect(html).toMatch(/<script nonce="[^"]+" type="text\/x-module-after-first-paint">/);
      // In the browser: the preloads are in <head> and the loader has left no trace for hydration to trip over.
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
      expect(await page.locator('head link[rel="modulepreload"]').count()).toBeGreaterThan(0);
      expect(await page.locator('#module-preloads, script[type="text/x-module-after-first-paint"]').count()).toBe(0);
    }
    // Hydration and client-side navigation keep the same styles in place.
    await gotoHydrated(page, "/om-oss");
    const css = await page.locator("#site-css").textContent();
    expect(css?.length).toBeGreaterThan(5000);
    await page.getByRole("navigation", { name: "Huvudmeny" }).getByRole("link", { name: "Lungforskning" }).click();
    await expect(page).toHaveURL(/\/lungforskning$/);
    expect(await page.locator("#site-css").textContent()).toBe(css);
    await expect(page.locator(".site-header")).toHaveCSS("display", /block|flex|grid/);
  });

  test("health check answers when the database does", async ({ request }) => {
    const health = await request.get("/healthz");
    expect(health.status()).toBe(200);
    expect(await health.json()).toMatchObject({ status: "ok" });
  });
});

test.describe("client-side navigation", () => {
  test("announces the new page to screen readers", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.getByRole("navigation", { name: "Huvudmeny" }).getByRole("link", { name: "Lungforskning" }).click();
    await expect(page.locator("#route-announcer")).toHaveText(/^Navigerade till Lungforskning/);
    await gotoHydrated(page, "/en/about");
    await page.getByRole("link", { name: "The population study" }).first().click();
    await expect(page.locator("#route-announcer")).toHaveText(/^Navigated to The population study/);
  });

  test("restores the scroll position per path on back and forward", async ({ page }) => {
    await page.setViewportSize({ width: 1200, height: 500 });
    await gotoHydrated(page, "/integritetspolicy");
    await page.evaluate(() => window.scrollTo(0, 900));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(800);
    // dispatchEvent clicks without scrolling the header link into view first.
    await page.getByRole("navigation", { name: "Huvudmeny" }).getByRole("link", { name: "Om oss" }).dispatchEvent("click");
    await expect(page).toHaveURL(/\/om-oss$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/integritetspolicy$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(800);
    // Positions are kept in session storage when the page is left, so they
    // survive a reload too.
    await page.reload();
    const stored = await page.evaluate(() => sessionStorage.getItem("react-router-scroll-positions"));
    expect(stored).toContain("/integritetspolicy");
  });

  test("route data that fails is retried, and succeeds when the server recovers", async ({ page }) => {
    await withoutPrefetch(page);
    await gotoHydrated(page, "/");
    let failures = 0;
    await page.route("**/lungforskning.data*", async (route) => {
      if (failures < 2) {
        failures++;
        await route.abort("connectionreset");
      } else {
        await route.continue();
      }
    });
    await page.getByRole("navigation", { name: "Huvudmeny" }).getByRole("link", { name: "Lungforskning" }).click();
    await expect(page.locator("main h1")).toHaveText("Lungforskning");
    expect(failures).toBe(2);
  });

  test("route data that keeps failing ends on the error page after three retries", async ({ page }) => {
    await withoutPrefetch(page);
    await gotoHydrated(page, "/");
    let attempts = 0;
    await page.route("**/lungforskning.data*", async (route) => {
      attempts++;
      await route.abort("connectionreset");
    });
    await page.getByRole("navigation", { name: "Huvudmeny" }).getByRole("link", { name: "Lungforskning" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Något gick fel hos oss");
    expect(attempts).toBe(4);
  });

  test("route data answering 404 shows the not-found page", async ({ page }) => {
    await withoutPrefetch(page);
    await gotoHydrated(page, "/");
    await page.route("**/lungforskning.data*", (route) => route.fulfill({ status: 404, body: "" }));
    await page.getByRole("navigation", { name: "Huvudmeny" }).getByRole("link", { name: "Lungforskning" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Sidan kunde inte hittas|Något gick fel/);
  });

  test("a code chunk that fails to load leads to a full page load of the target", async ({ page }) => {
    await withoutPrefetch(page);
    await gotoHydrated(page, "/");
    await page.evaluate(() => ((window as unknown as { __marker: boolean }).__marker = true));
    await page.route(/\/assets\/content-page-[^/]+\.js$/, (route) => route.abort("failed"), { times: 1 });
    await page.getByRole("navigation", { name: "Huvudmeny" }).getByRole("link", { name: "Om oss" }).click();
    await expect(page).toHaveURL(/\/om-oss$/);
    await expect(page.locator("main h1")).toHaveText("Om oss");
    expect(await page.evaluate(() => (window as unknown as { __marker?: boolean }).__marker)).toBeUndefined();
  });

  test("after a new deploy the next navigation is a full page load, once per session", async ({ page }) => {
    await page.route("**/__version", (route) => route.fulfill({ json: { version: "a-newer-build" } }));
    const checked = page.waitForResponse("**/__version");
    await gotoHydrated(page, "/");
    await checked;
    await page.evaluate(() => ((window as unknown as { __marker: boolean }).__marker = true));
    await page.getByRole("navigation", { name: "Huvudmeny" }).getByRole("link", { name: "Om oss" }).click();
    await expect(page).toHaveURL(/\/om-oss$/);
    await expect(page.locator("main h1")).toHaveText("Om oss");
    expect(await page.evaluate(() => (window as unknown as { __marker?: boolean }).__marker)).toBeUndefined();

    // The version still differs (our stand-in server never catches up), but we
    // reloaded for it already: navigation stays client-side from now on.
    await page.waitForLoadState("networkidle");
    await page.evaluate(() => ((window as unknown as { __marker: boolean }).__marker = true));
    await page.getByRole("navigation", { name: "Huvudmeny" }).getByRole("link", { name: "Hjärtforskning" }).click();
    await expect(page.locator("main h1")).toHaveText("Hjärtforskning");
    expect(await page.evaluate(() => (window as unknown as { __marker?: boolean }).__marker)).toBe(true);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("content pages and the menu work", async ({ page }) => {
    await page.goto("/hjartforskning");
    await expect(page.locator("main h1")).toHaveText("Hjärtforskning");
    await page.getByRole("link", { name: "Kontakt" }).click();
    await expect(page).toHaveURL(/\/kontakt$/);
  });
});

test("on a computer the header leads to Mina sidor, and fits from 1200 px up", async ({ page }) => {
  for (const width of [1200, 1280, 1440, 1920]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/");
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${width} px`).toBe(0);
    await expect(page.getByRole("banner").getByRole("link", { name: "Mina sidor" })).toBeVisible();
  }
  await page.getByRole("banner").getByRole("link", { name: "Mina sidor" }).click();
  await expect(page).toHaveURL(/\/logga-in\?returnTo=%2Fmina-sidor$/);
});
