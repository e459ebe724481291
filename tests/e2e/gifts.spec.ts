import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { gotoHydrated } from "./hydrated";
import { answerInSwish, submitGift } from "./gift-flow";

// Payment journeys wait for simulated providers and polling: give them more than the default 30 s.
test.slow();

test.describe("one-off gift with Swish on a computer", () => {
  test("250 kr approved in Swish ends on the thank-you page", async ({ page }) => {
    await gotoHydrated(page, "/ge-en-gava");
    await expectNoAxeViolations(page);
    await submitGift(page, { device: "other" });
    // A new page starts at its heading, as a page load would (issue #29), not on the body.
    await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
    await expect(page.getByRole("img", { name: "QR-kod för betalning med Swish" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("status")).toContainText("Väntar på din betalning");
    await expectNoAxeViolations(page);

    await answerInSwish(page, "Godkänn");
    // The page polls every 3 s and moves on by itself.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tack för din gåva, Astrid!", { timeout: 30_000 });
    await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
    await expect(page.locator(".thanks-facts")).toContainText("250");
    await expectNoAxeViolations(page);
  });

  test("a declined payment says so and offers to try again", async ({ page }) => {
    await gotoHydrated(page, "/ge-en-gava");
    await submitGift(page, { device: "other" });
    await answerInSwish(page, "Neka");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Betalningen genomfördes inte", { timeout: 30_000 });
    await expect(page.getByRole("main").getByRole("status")).toContainText("Inga pengar har dragits");
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Försök igen med Swish" }).click();
    await expect(page.getByRole("main").getByRole("status")).toContainText("Väntar på din betalning");
  });

  test("the donor can cancel while waiting", async ({ page }) => {
    await gotoHydrated(page, "/ge-en-gava");
    await submitGift(page, { device: "other" });
    await page.getByRole("button", { name: "Avbryt betalningen" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Betalningen avbröts");
    await expect(page.getByRole("main").getByRole("status")).toContainText("Du avbröt betalningen");
  });

  test("the form validates as you type and on submit, with an error summary", async ({ page }) => {
    await gotoHydrated(page, "/ge-en-gava");
    await page.getByLabel("E-post").fill("inte-en-adress");
    await page.getByLabel("Namn", { exact: true }).focus();
    await expect(page.getByText("Skriv en e-postadress som namn@exempel.se.")).toBeVisible();
    await page.getByRole("radio", { name: "Annat belopp" }).check();
    await page.getByLabel("Annat belopp (kronor)").fill("10");
    await page.getByRole("button", { name: "Fortsätt till Swish" }).click();
    const summary = page.getByRole("alert");
    await expect(summary).toContainText("Det finns 3 fel i formuläret");
    await expect(summary).toContainText("Ange ett belopp mellan 50 och 100");
    await expect(summary).toBeFocused();
    await expect(page).toHaveURL(/\/ge-en-gava$/);
    await expectNoAxeViolations(page);
  });
});

test("name and address can be filled in from the population register", async ({ page }) => {
  await gotoHydrated(page, "/ge-en-gava");
  await page.getByLabel("Personnummer (frivilligt)").fill("19811228-9874");
  await page.getByRole("button", { name: "Hämta namn och adress" }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText("Vi har fyllt i ditt namn och din adress.");
  await expect(page.getByLabel("Namn", { exact: true })).toHaveValue("Erik Lindgren");
  await page.getByRole("radio", { name: /^Faktura/ }).check();
  await expect(page.getByLabel("Gatuadress")).toHaveValue("Storgatan 12");
  await expect(page.getByLabel("Personnummer (frivilligt)")).toHaveValue("19811228-9874");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the register look-up works as a plain form post", async ({ page }) => {
    await page.goto("/ge-en-gava");
    await page.getByLabel("Personnummer (frivilligt)").fill("19811228-9875");
    await page.getByRole("button", { name: "Hämta namn och adress" }).click();
    await expect(page.getByText("Personnumret stämmer inte.").first()).toBeVisible();
    await page.getByLabel("Personnummer (frivilligt)").fill("19811228-9874");
    await page.getByRole("button", { name: "Hämta namn och adress" }).click();
    await expect(page.getByLabel("Namn", { exact: true })).toHaveValue("Erik Lindgren");
  });

  test("the gift form works with server validation, and the payment page refreshes itself", async ({ page, browser }) => {
    await page.goto("/ge-en-gava");
    await page.getByRole("button", { name: "Fortsätt till Swish" }).click();
    await expect(page.getByRole("alert")).toContainText("Skriv ditt namn.");
    await expect(page.getByLabel("Namn", { exact: true })).toHaveAttribute("aria-invalid", "true");

    await submitGift(page, { device: "other" });
    const appUrl = await page.getByRole("link", { name: "Öppna Swish", exact: true }).getAttribute("href");
    const swishContext = await browser.newContext();
    const swish = await swishContext.newPage();
    await swish.goto(new URL(appUrl!, page.url()).toString());
    await swish.getByRole("button", { name: "Godkänn" }).click();
    await swishContext.close();
    // A <noscript> meta refresh reloads the page until the payment settles.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tack för din gåva, Astrid!", { timeout: 30_000 });
  });
});
