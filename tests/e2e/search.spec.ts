import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { gotoHydrated } from "./hydrated";

const status = (page: Page) => page.locator("#sok-status");
const hits = (page: Page) => page.locator(".search-hit");
const headerBox = (page: Page) => page.locator("#sidhuvud-sok");
const listbox = (page: Page) => page.locator("#sidhuvud-sok-forslag");

const headerToggle = (page: Page) => page.locator("summary.header-search__toggle");

/** Tabs from the top of the page to the header's search button and opens it: the keyboard-only way in. */
async function tabToHeaderSearch(page: Page): Promise<void> {
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate(() => document.activeElement?.classList.contains("header-search__toggle"))) {
      await page.keyboard.press("Enter");
      await expect(headerBox(page)).toBeFocused();
      return;
    }
  }
  throw new Error("the header search button never got focus by Tab");
}

/** Opens the header search panel with the mouse. */
async function openHeaderSearch(page: Page): Promise<void> {
  await headerToggle(page).click();
  await expect(headerBox(page)).toBeFocused();
}

test.describe("search page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("renders results, count, highlights and pagination on the server", async ({ page }) => {
    const response = await page.goto("/sok?query=hj%C3%A4rta");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Sök" })).toBeVisible();
    await expect(page.getByRole("searchbox", { name: "Vad letar du efter?" })).toHaveValue("hjärta");
    await expect(status(page)).toHaveText(/^\d+ träffar för ”hjärta”, sida 1 av \d+\.$/);
    await expect(hits(page)).toHaveCount(20);
    await expect(page.locator(".search-hit mark").first()).toBeVisible();
    const pagination = page.getByRole("navigation", { name: "Sidor med sökresultat" });
    await expect(pagination.locator("[aria-current=page]")).toHaveText("Sida 1");
    await pagination.getByRole("link", { name: "Nästa sida" }).click();
    await expect(page).toHaveURL(/\/sok\?query=hj%C3%A4rta&page=1$/);
    await expect(status(page)).toContainText("sida 2 av");
    await expect(page.locator("ol.search-hits")).toHaveAttribute("start", "21");
  });

  test("the form submits as a plain GET, and folding finds Swedish words typed without å/ä/ö", async ({ page }) => {
    await page.goto("/sok");
    await page.getByRole("searchbox", { name: "Vad letar du efter?" }).fill("hjarta");
    await page.getByRole("search", { name: "Ny sökning" }).getByRole("button", { name: "Sök" }).click();
    await expect(page).toHaveURL(/\/sok\?query=hjarta$/);
    await expect(page.getByRole("link", { name: "Hjärtforskning" }).first()).toBeVisible();
  });
});

test.describe("search page with JavaScript", () => {
  test("updates results and the address as the visitor types, without extra history entries", async ({ page }) => {
    await gotoHydrated(page, "/sok");
    await expect(page.getByText("Många letar efter")).toBeVisible();
    const box = page.getByRole("searchbox", { name: "Vad letar du efter?" });
    await box.click();
    await page.keyboard.type("lungfunktion");
    await expect(page).toHaveURL(/\/sok\?query=lungfunktion$/);
    await expect(status(page)).toHaveText(/träff(ar)? för ”lungfunktion”/);
    await expect(box).toBeFocused();
    await expect(box).toHaveValue("lungfunktion");
    await page.goBack();
    await expect(page).not.toHaveURL(/\/sok/);
  });

  test("shows the searching state only when a search takes longer than 200 ms", async ({ page }) => {
    // The page's clock decides when 200 ms have passed, not the machine's load: a loaded CI machine once took
    // longer than that to answer the "fast" search below, and the state rightly appeared (a flaky failure).
    await page.clock.install();
    await gotoHydrated(page, "/sok");
    const box = page.getByRole("searchbox", { name: "Vad letar du efter?" });
    // The first as-you-type search also loads the page's data-loading code; measure the ones after it.
    await box.fill("ast");
    await expect(status(page)).toContainText("för ”ast”");
    await page.evaluate(() => {
      const w = window as unknown as { sawSearching: boolean };
      w.sawSearching = false;
      new MutationObserver(() => {
        if (document.querySelector("#sok-status")?.textContent?.includes("Söker")) w.sawSearching = true;
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    // An answer within 200 ms (the page's time stands still while it comes): no searching state, not even a flicker.
    await page.clock.pauseAt(Date.now() + 1_000);
    await box.fill("astma");
    await expect(status(page)).toContainText("för ”astma”");
    expect(await page.evaluate(() => (window as unknown as { sawSearching: boolean }).sawSearching)).toBe(false);

    // A slow answer: held until the page's clock has passed 200 ms, the state appears; then the results replace it.
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/search/queries", async (route) => {
      await released;
      await route.continue();
    });
    await box.fill("kol");
    await page.clock.runFor(150);
    await expect(status(page)).toContainText("för ”astma”");
    await page.clock.runFor(100);
    await expect(status(page)).toHaveText("Söker…");
    await expect(page.locator(".search-page__results")).toHaveAttribute("aria-busy", "true");
    release();
    await expect(status(page)).toContainText("för ”kol”", { timeout: 5_000 });
  });

  test("pages through results, and a reload keeps the query and page", async ({ page }) => {
    await gotoHydrated(page, "/sok?query=hj%C3%A4rta");
    const pagination = page.getByRole("navigation", { name: "Sidor med sökresultat" });
    await pagination.getByRole("link", { name: "Nästa sida" }).click();
    await expect(page).toHaveURL(/page=1$/);
    await expect(status(page)).toContainText("sida 2 av");
    await pagination.getByRole("link", { name: "Sida 3" }).click();
    await expect(page).toHaveURL(/query=hj%C3%A4rta&page=2$/);
    await expect(pagination.locator("[aria-current=page]")).toHaveText("Sida 3");
    const firstTitle = await hits(page).first().locator("h2").textContent();

    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await expect(page.getByRole("searchbox", { name: "Vad letar du efter?" })).toHaveValue("hjärta");
    await expect(pagination.locator("[aria-current=page]")).toHaveText("Sida 3");
    await expect(hits(page).first().locator("h2")).toHaveText(firstTitle!);

    await page.goBack();
    await expect(page).toHaveURL(/page=1$/);
    await expect(pagination.locator("[aria-current=page]")).toHaveText("Sida 2");
    await expectNoAxeViolations(page);
  });

  test("a search with no hits explains what to try and offers ways on", async ({ page }) => {
    await gotoHydrated(page, "/sok?query=xyzzyplugh");
    await expect(status(page)).toHaveText("Inga träffar för ”xyzzyplugh”.");
    await expect(page.getByRole("heading", { name: "Vi hittade inget om ”xyzzyplugh”" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Ge en gåva" }).last()).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe("header search box", () => {
  test("keyboard only: suggestions, arrow keys, Escape, Enter on a suggestion", async ({ page }) => {
    await gotoHydrated(page, "/om-oss");
    await tabToHeaderSearch(page);
    await page.keyboard.type("hjä");

    const box = headerBox(page);
    await expect(box).toHaveAttribute("role", "combobox");
    await expect(box).toHaveAttribute("aria-expanded", "true");
    await expect(box).toHaveAttribute("aria-controls", "sidhuvud-sok-forslag");
    const options = listbox(page).getByRole("option");
    const count = await options.count();
    expect(count).toBeGreaterThan(1);
    expect(count).toBeLessThanOrEqual(8);
    await expect(page.locator(".header-search [role=status]")).toHaveText(`${count} förslag. Använd pil upp och pil ned för att välja.`);

    await page.keyboard.press("ArrowDown");
    await expect(box).toHaveAttribute("aria-activedescendant", "sidhuvud-sok-forslag-0");
    await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("ArrowDown");
    await expect(box).toHaveAttribute("aria-activedescendant", "sidhuvud-sok-forslag-1");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    await expect(box).toHaveAttribute("aria-activedescendant", `sidhuvud-sok-forslag-${count - 1}`);

    await page.keyboard.press("Escape");
    await expect(box).toHaveAttribute("aria-expanded", "false");
    await expect(listbox(page)).toBeHidden();
    await expect(box).toHaveValue("hjä");

    await page.keyboard.press("ArrowDown");
    await expect(box).toHaveAttribute("aria-expanded", "true");
    const chosen = (await options.nth(0).textContent())!;
    await page.keyboard.press("Enter");

    await expect(page).toHaveURL(new RegExp(`/sok\\?query=${encodeURIComponent(chosen).replace(/%20/g, "\\+")}$`));
    await expect(page.getByRole("searchbox", { name: "Vad letar du efter?" })).toHaveValue(chosen);
    await expect(status(page)).toContainText(`för ”${chosen}”`);
    await expect(box).toHaveValue(chosen);
    await expect(box).toHaveAttribute("aria-expanded", "false");
    await expect(box).toBeHidden(); // the panel folds away after the search
  });

  test("Escape closes the list, then clears the box, then folds the panel back to its button", async ({ page }) => {
    await gotoHydrated(page, "/om-oss");
    await tabToHeaderSearch(page);
    await page.keyboard.type("lung");
    await expect(headerBox(page)).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Escape");
    await expect(headerBox(page)).toHaveAttribute("aria-expanded", "false");
    await page.keyboard.press("Escape");
    await expect(headerBox(page)).toHaveValue("");
    await page.keyboard.press("Escape");
    await expect(headerBox(page)).toBeHidden();
    await expect(headerToggle(page)).toBeFocused();
  });

  test("Enter without a chosen suggestion searches for what was typed", async ({ page }) => {
    await gotoHydrated(page, "/");
    await openHeaderSearch(page);
    await page.keyboard.type("minnesgåva");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/sok\?query=minnesg%C3%A5va$/);
    await expect(hits(page).first()).toBeVisible();
  });

  test("a suggestion can be picked with the mouse", async ({ page }) => {
    await gotoHydrated(page, "/");
    await openHeaderSearch(page);
    await page.keyboard.type("lung");
    const option = listbox(page).getByRole("option", { name: "Lungforskning", exact: true });
    await option.click();
    await expect(page).toHaveURL(/\/sok\?query=Lungforskning$/);
  });

  test("suggests searches other visitors made that found something", async ({ page }) => {
    // Two visitors' submitted searches (the suggestion threshold is two).
    for (let i = 0; i < 2; i++) await page.goto("/sok?query=spirometri");
    await gotoHydrated(page, "/");
    await openHeaderSearch(page);
    await page.keyboard.type("spiro");
    await expect(listbox(page).getByRole("option", { name: "spirometri", exact: true })).toBeVisible();
  });

  test("works without JavaScript as a plain form", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/om-oss");
    await headerToggle(page).click();
    await page.getByRole("searchbox", { name: "Sök på webbplatsen" }).fill("testamente");
    await page.getByRole("search", { name: "Sök på webbplatsen" }).getByRole("button", { name: "Sök" }).click();
    await expect(page).toHaveURL(/\/sok\?query=testamente$/);
    await expect(hits(page).first()).toBeVisible();
    await context.close();
  });

  test("content pages do not load the suggestions code until the box gets focus", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await gotoHydrated(page, "/om-oss");
    expect(scripts.filter((url) => url.includes("search-suggestions"))).toEqual([]);
    await openHeaderSearch(page);
    await expect(headerBox(page)).toHaveAttribute("role", "combobox");
    expect(scripts.filter((url) => url.includes("search-suggestions"))).toHaveLength(1);
    await expectNoAxeViolations(page);
  });
});
