import crypto from "node:crypto";
import Database from "better-sqlite3";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { gotoHydrated } from "./hydrated";

/** The e2e server's database (scripts/e2e-server.mjs), read directly to see what was stored. */
function storedWebEvents(session: string): Array<{ type: string; current_url: string; time_ms: number | null }> {
  const db = new Database(`var/e2e-${process.env.E2E_PORT ?? "4173"}/site.db`, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare("select type, current_url, time_ms from web_events where session = ? order by id")
      .all(session) as Array<{ type: string; current_url: string; time_ms: number | null }>;
  } finally {
    db.close();
  }
}

async function cookieNames(context: BrowserContext): Promise<string[]> {
  return (await context.cookies()).map((cookie) => cookie.name).sort();
}

async function cookieValue(context: BrowserContext, name: string): Promise<string | undefined> {
  return (await context.cookies()).find((cookie) => cookie.name === name)?.value;
}

async function dataLayerEvents(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    ((window as unknown as { dataLayer?: Array<{ event?: string }> }).dataLayer ?? []).map(
      (entry) => entry.event ?? "",
    ),
  );
}

const banner = (page: Page) => page.getByRole("region", { name: "Vi använder cookies" });

test.describe("cookie consent", () => {
  test("the banner asks, and nothing is tracked before a choice", async ({ page, context }) => {
    const webEvents: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/RegisterWebEvent")) webEvents.push(request.url());
    });
    await gotoHydrated(page, "/om-oss");
    await expect(banner(page)).toBeVisible();
    await expectNoAxeViolations(page);
    // Keyboard users reach the banner right after the skip link.
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Godkänn alla" })).toBeFocused();

    await page.getByRole("navigation", { name: "Huvudmeny" }).getByRole("link", { name: "Hjärtforskning" }).click();
    await expect(page.locator("main h1")).toHaveText("Hjärtforskning");
    await page.waitForTimeout(300);
    expect(await dataLayerEvents(page)).toEqual([]);
    expect(webEvents).toEqual([]);
    expect(await cookieNames(context)).toEqual([]);
  });

  test("accept all: tracking cookies, a stored page view and data-layer events; withdraw: all gone", async ({
    page,
    context,
  }) => {
    await gotoHydrated(page, "/om-oss");
    const pageView = page.waitForResponse(
      (response) => response.url().endsWith("/api/RegisterWebEvent") && response.request().method() === "POST",
    );
    await page.getByRole("button", { name: "Godkänn alla" }).click();
    await expect(banner(page)).toHaveCount(0);
    expect((await pageView).status()).toBe(204);
    expect(await cookieNames(context)).toEqual(["hl_consent", "hl_identity", "hl_session", "hl_timestamp"]);
    const session = (await cookieValue(context, "hl_session"))!;
    expect(storedWebEvents(session)).toEqual([
      { type: "pageview", current_url: expect.stringMatching(/\/om-oss$/), time_ms: null },
    ]);

    // The chat stand-in exists only with consent.
    const chat = page.getByRole("complementary", { name: "Chatt" });
    await expect(chat).toBeVisible();
    await chat.getByRole("button", { name: "Chatta med oss" }).click();
    await expect(chat.getByRole("heading", { name: "Chatta med oss" })).toBeVisible();
    await expectNoAxeViolations(page);

    // A client navigation: virtual page view at once, route change 50 ms later, and the left page's time.
    await page.getByRole("navigation", { name: "Huvudmeny" }).getByRole("link", { name: "Hjärtforskning" }).click();
    await expect(page.locator("main h1")).toHaveText("Hjärtforskning");
    await expect.poll(() => dataLayerEvents(page)).toEqual(expect.arrayContaining(["route-change", "virtualPageView"]));
    const entry = await page.evaluate(() =>
      (window as unknown as { dataLayer: Array<Record<string, unknown>> }).dataLayer.find(
        (e) => e.event === "virtualPageView",
      ),
    );
    expect(entry).toMatchObject({ page: "/hjartforskning", title: expect.stringContaining("Hjärtforskning") });
    // The beacon and the page view race each other, so the order they are stored in is not fixed.
    await expect
      .poll(() =>
        storedWebEvents(session)
          .map((event) => `${event.type} ${new URL(event.current_url).pathname}`)
          .sort(),
      )
      .toEqual(["pageview /hjartforskning", "pageview /om-oss", "timeonpage /om-oss"]);

    // Withdraw on the settings page (enhanced form, no reload).
    await page.getByRole("link", { name: "Cookie-inställningar" }).click();
    await expect(page.locator("main h1")).toHaveText("Cookie-inställningar");
    await expect(page.getByLabel("Statistik")).toBeChecked();
    await page.getByLabel("Marknadsföring").uncheck();
    await page.getByRole("button", { name: "Spara inställningar" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Dina val är sparade." })).toBeVisible();
    expect(await cookieNames(context)).toEqual(["hl_consent"]);
    expect(await cookieValue(context, "hl_consent")).toBe("v1.s1.m0");
    await expect(chat).toHaveCount(0);

    // Nothing more reaches the data layer or the events API.
    const before = (await dataLayerEvents(page)).length;
    const storedBefore = storedWebEvents(session).length;
    await page.getByRole("navigation", { name: "Huvudmeny" }).getByRole("link", { name: "Om oss" }).click();
    await expect(page.locator("main h1")).toHaveText("Om oss");
    await page.waitForTimeout(300);
    expect((await dataLayerEvents(page)).length).toBe(before);
    // Not even the time spent on the settings page: consent is checked when an event would leave.
    expect(storedWebEvents(session).length).toBe(storedBefore);
    await expect(banner(page)).toHaveCount(0);
  });

  test("the banner is in the served HTML: painted before any JavaScript runs, and not for a visitor who has chosen", async ({
    page,
    context,
  }) => {
    // No script can load: what shows is the served HTML and the inline <head> script.
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.goto("/om-oss");
    await expect(banner(page)).toBeVisible();
    await expect(page.getByRole("button", { name: "Godkänn alla" })).toBeVisible();

    const origin = new URL(test.info().project.use.baseURL!).origin;
    await context.addCookies([{ name: "hl_consent", value: "v1.s0.m0", url: origin }]);
    await page.goto("/om-oss");
    await expect(page.locator("main h1")).toHaveText("Om oss");
    await expect(banner(page)).toBeHidden();

    // Once React has hydrated it decides from the cookie's value: the banner is gone from the document.
    await page.unroute("**/assets/*.js");
    await gotoHydrated(page, "/om-oss");
    await expect(banner(page)).toHaveCount(0);
  });

  test("the settings page is accessible and reflects a refusal from the banner", async ({ page, context }) => {
    await gotoHydrated(page, "/");
    await page.getByRole("button", { name: "Endast nödvändiga" }).click();
    await expect(banner(page)).toHaveCount(0);
    expect(await cookieValue(context, "hl_consent")).toBe("v1.s0.m0");
    await gotoHydrated(page, "/cookie-installningar");
    await expect(page.getByLabel("Statistik")).not.toBeChecked();
    await expect(page.getByLabel("Marknadsföring")).not.toBeChecked();
    await expectNoAxeViolations(page);
  });
});

test.describe("cookie consent without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the settings form saves by posting, and withdrawing expires the tracking cookies", async ({
    page,
    context,
  }) => {
    const origin = new URL(test.info().project.use.baseURL!).origin;
    await context.addCookies([
      { name: "hl_consent", value: "v1.s1.m1", url: origin },
      { name: "hl_session", value: "session-12345678", url: origin },
      { name: "hl_identity", value: "identity-12345678", url: origin },
    ]);
    await page.goto("/cookie-installningar");
    await expect(page.getByLabel("Statistik")).toBeChecked();
    await page.getByLabel("Statistik").uncheck();
    await page.getByRole("button", { name: "Spara inställningar" }).click();
    await expect(page).toHaveURL(/\/cookie-installningar\?sparat=1$/);
    await expect(page.getByText("Dina val är sparade.")).toBeVisible();
    expect(await cookieNames(context)).toEqual(["hl_consent"]);
    expect(await cookieValue(context, "hl_consent")).toBe("v1.s0.m1");
  });

  test("no banner asks: without JavaScript nothing can track", async ({ page }) => {
    await page.goto("/om-oss");
    await expect(page.locator("main h1")).toHaveText("Om oss");
    await expect(banner(page)).toBeHidden();
  });

  test("another site cannot set consent for the visitor", async ({ request }) => {
    const response = await request.post("/cookie-installningar", {
      form: { choice: "all" },
      headers: { Origin: "https://annan-webbplats.example" },
      maxRedirects: 0,
    });
    // React Router's own CSRF check (400) may answer before our action's (403); either way nothing is set.
    expect([400, 403]).toContain(response.status());
    expect(response.headers()["set-cookie"]).toBeUndefined();
  });
});

test("the events API stores valid events, rejects bad ones and cross-site posts", async ({ request }) => {
  const session = `e2e-session-${crypto.randomUUID()}`;
  const context = {
    session,
    identity: "e2e-identity-0001",
    currentUrl: "http://127.0.0.1/om-oss",
    requestgroup: "e2e-group-0001",
  };
  const ok = await request.post("/api/RegisterWebEvent", {
    data: { context, payload: { type: "timeonpage", currentUrl: "/om-oss?token=hemligt", timems: 1234 } },
  });
  expect(ok.status()).toBe(204);
  expect(storedWebEvents(session)).toEqual([{ type: "timeonpage", current_url: "/om-oss", time_ms: 1234 }]);

  const bad = await request.post("/api/RegisterWebEvent", {
    data: { context, payload: { type: "timeonpage", currentUrl: "/", timems: -5 } },
  });
  expect(bad.status()).toBe(400);
  expect((await bad.json()).error.code).toBe("validation_failed");

  const crossSite = await request.post("/api/RegisterWebEvent", {
    data: { context, payload: { type: "timeonpage", currentUrl: "/", timems: 5 } },
    headers: { Origin: "https://annan-webbplats.example" },
  });
  expect(crossSite.status()).toBe(403);
});
