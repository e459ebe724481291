import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { gotoHydrated } from "./hydrated";
import { answerInSwish } from "./gift-flow";

// A payment journey waits for the Swish simulator and polling.
test.slow();

test("become a member by Swish, see the member number and download the member card", async ({ page }) => {
  await gotoHydrated(page, "/bli-medlem");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bli medlem");
  await expect(page.getByText("ger därför ingen skattereduktion")).toBeVisible();
  await expectNoAxeViolations(page);

  const you = page.getByRole("group", { name: "Dina uppgifter" });
  await you.getByLabel("Namn").fill("Birgitta Holm");
  await you.getByLabel("E-post").fill("birgitta.holm@exempel.se");
  const address = page.getByRole("group", { name: "Din adress" });
  await address.getByLabel("Gatuadress").fill("Storgatan 12");
  await address.getByLabel("Postnummer").fill("123 45");
  await address.getByLabel("Ort").fill("Exempelby");
  await page.getByRole("radio", { name: "Swish", exact: true }).check();
  await page.getByLabel(/Swish på en annan enhet/).check();
  await page.getByRole("button", { name: /^Fortsätt till Swish \(300 kr\)$/ }).click();
  await expect(page).toHaveURL(/\/ge-en-gava\/betalning\/[0-9A-Z]{26}$/);

  await answerInSwish(page, "Godkänn");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Välkommen som medlem, Birgitta!", { timeout: 30_000 });
  const facts = page.locator(".thanks-facts");
  await expect(facts).toContainText("Medlemsnummer");
  await expect(facts.locator("dd").first()).toHaveText(/^\d{5,}$/);
  await expect(page.getByText("ingen skattereduktion")).toBeVisible();
  await expectNoAxeViolations(page);

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Ladda ner medlemskortet (PDF)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("medlemskort.pdf");
  const path = await download.path();
  const { readFileSync } = await import("node:fs");
  expect(readFileSync(path).subarray(0, 5).toString()).toBe("%PDF-");
});

test("the membership form says what is missing, shows a present's fields only when chosen, and sends nothing", async ({ page }) => {
  await gotoHydrated(page, "/bli-medlem");
  const recipient = page.getByRole("group", { name: "Den som får medlemskapet" });
  await expect(recipient).toBeHidden();
  await page.getByRole("radio", { name: /Någon annan/ }).check();
  await expect(recipient).toBeVisible();

  await page.getByRole("button", { name: /\(300 kr\)$/ }).click();
  const summary = page.getByRole("alert");
  await expect(summary).toBeFocused();
  await expect(summary).toContainText("Skriv namnet på den som ska bli medlem.");
  await expect(summary).toContainText("Skriv mottagarens gatuadress.");
  await expect(summary).toContainText("Skriv ditt namn.");
  await expect(page).toHaveURL(/\/bli-medlem$/);
  await expectNoAxeViolations(page);

  // Back to a membership for oneself: the present's fields go, the donor's own address is asked for.
  await page.getByRole("radio", { name: "Jag själv" }).check();
  await expect(recipient).toBeHidden();
  await page.getByRole("button", { name: /\(300 kr\)$/ }).click();
  await expect(summary).toContainText("Skriv din gatuadress.");
  await expect(summary).not.toContainText("mottagarens");
});

test("a renewal link that names no member says so and still offers the form", async ({ page }) => {
  await gotoHydrated(page, "/bli-medlem?fornya=AAAAAAAAAAAAAAAAAAAAAAAA");
  await expect(page.getByText("Vi hittar inte medlemskapet som länken gäller.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bli medlem");
  await expectNoAxeViolations(page);
});
