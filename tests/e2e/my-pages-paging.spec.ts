import crypto from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { gotoHydrated } from "./hydrated";
import { expect, test } from "./session-fixture";

/** Ingrid Forsberg in the BankID simulator: nobody else's journey uses her, so only this one gives her gifts. */
const INGRID = { personnummer: "198804202383" };

/** Gifts with her personnummer, started through the Swish API: Mina sidor lists them, paid or not. */
async function giveGifts(request: APIRequestContext, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const response = await request.post("/api/SwishInit", {
      data: {
        context: { session: "e2e", identity: "e2e", currentUrl: "http://127.0.0.1/ge-en-gava", requestgroup: "e2e" },
        payload: { amount: 100 + i, name: "Ingrid Forsberg", email: "ingrid@exempel.se", personnummer: INGRID.personnummer, idempotencyKey: crypto.randomUUID() },
      },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
}

test("a long giving history is shown 20 gifts a page, and paging back brings the older gifts into view", async ({ page, logInDonor }) => {
  await giveGifts(page.request, 21);
  await logInDonor(INGRID.personnummer);
  await gotoHydrated(page, "/mina-sidor");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mina sidor");

  const gifts = page.getByRole("region", { name: /^Dina gåvor, senaste först: 1–20 av \d+$/ });
  await expect(gifts).toBeVisible();
  await expect(gifts.getByRole("row")).toHaveCount(21);
  const paging = page.getByRole("navigation", { name: "Sidor med dina gåvor" });
  await expect(paging.locator("[aria-current=page]")).toHaveText("Sida 1");
  await expectNoAxeViolations(page);

  await paging.getByRole("link", { name: "Äldre gåvor" }).click();
  await expect(page).toHaveURL(/\/mina-sidor\?sida=2#gavor-rubrik$/);
  // The table of older gifts has the focus, in view at the top, not the page where the link was.
  const older = page.getByRole("region", { name: /^Dina gåvor, senaste först: 21–\d+ av \d+$/ });
  await expect(older).toBeFocused();
  await expect(older).toBeInViewport();
  await expect(paging.getByRole("link", { name: "Nyare gåvor" })).toHaveAttribute("href", "/mina-sidor#gavor-rubrik");
  await expectNoAxeViolations(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the page links are plain links to the next page", async ({ page, logInDonor }) => {
    await giveGifts(page.request, 21);
    await logInDonor(INGRID.personnummer);

    await page.goto("/mina-sidor");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mina sidor");
    await page.getByRole("navigation", { name: "Sidor med dina gåvor" }).getByRole("link", { name: "Sida 2" }).click();
    await expect(page).toHaveURL(/\?sida=2#gavor-rubrik$/);
    await expect(page.getByRole("region", { name: /^Dina gåvor, senaste först: 21–\d+ av \d+$/ })).toBeVisible();
  });
});
