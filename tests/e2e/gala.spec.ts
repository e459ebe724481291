import { expect, test } from "./session-fixture";
import { expectNoAxeViolations } from "./axe";
import { gotoHydrated } from "./hydrated";
import { answerInSwish } from "./gift-flow";

// A Swish payment waits for the simulated app and its callback, and staff sign in for the second half.
test.setTimeout(150_000);

test("a gift paid while /gala is open shows up there without a reload, and goes when staff hide the name", async ({ page, context, browser, logInStaff }) => {
  await gotoHydrated(page, "/gala");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ge en gåva till forskningen – nu");
  await expect(page.getByRole("img", { name: /^QR-kod som öppnar Swish med numret/ })).toBeVisible();
  await expectNoAxeViolations(page);
  const countBefore = await page.locator(".gala__count").textContent();

  // A viewer taps an amount on their phone: the ordinary gift form, with that amount chosen.
  const giver = await context.newPage();
  await gotoHydrated(giver, "/gala");
  await giver.getByRole("link", { name: "500 kr" }).click();
  await expect(giver).toHaveURL(/\/ge-en-gava\?belopp=500$/);
  await expect(giver.getByRole("radio", { name: "500 kr" })).toBeChecked();
  // A first name of this run's own, so that other journeys' gifts cannot be taken for it.
  const firstName = `Tove${Date.now() % 100_000}`;
  await giver.getByLabel("Namn", { exact: true }).fill(`${firstName} Exempel`);
  await giver.getByLabel("E-post").fill("tove@exempel.se");
  await giver.getByLabel("Öppna Swish på den här enheten").check();
  await expect(giver.getByLabel("Visa mitt förnamn och ort på insamlingssidan")).not.toBeChecked();
  await giver.getByLabel("Visa mitt förnamn och ort på insamlingssidan").check();
  await giver.getByLabel("Ort som visas (frivilligt)").fill("Ystad");
  await giver.getByRole("button", { name: /^Fortsätt/ }).click();
  await expect(giver).toHaveURL(/\/ge-en-gava\/betalning\/[0-9A-Z]{26}$/);
  await answerInSwish(giver, "Godkänn");

  // The gala page, never reloaded, names the giver as they chose and counts the gift.
  await expect(page.locator(".gala__givers")).toContainText(`${firstName} i Ystad`, { timeout: 20_000 });
  await expect(page.locator(".gala__count")).not.toHaveText(countBefore ?? "");
  await expect(page.locator(".gala__givers")).not.toContainText("500");

  // A name that should not be on a TV: fundraising staff hide it in the back office, and the open page loses it.
  const staff = await browser.newContext();
  // Anders Sjöberg, staff with the one role "insamling" in every journey that uses him (see fundraiser.spec.ts).
  await logInStaff("198404152392", ["insamling"], staff);
  const office = await staff.newPage();
  await office.goto("/admin/gala");
  await expect(office.getByRole("heading", { level: 1 })).toHaveText("Galan");
  await expectNoAxeViolations(office);
  await office.getByRole("row", { name: new RegExp(`${firstName} i Ystad`) }).getByRole("button", { name: /^Dölj namnet/ }).click();
  await expect(office.locator(".notice[role=\"status\"]")).toContainText("Namnet är dolt på galasidan");
  // (With no other named giver the list goes altogether.)
  await expect(page.getByText(`${firstName} i Ystad`)).toHaveCount(0, { timeout: 10_000 });
  await staff.close();
});
