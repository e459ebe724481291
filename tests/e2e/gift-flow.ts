import { expect, type Page } from "@playwright/test";

/** Fills in the one-off gift form with a valid donor and submits it. */
export async function submitGift(
  page: Page,
  options: { amount?: string; device?: "this" | "other"; phone?: string; method?: string; expectUrl?: RegExp } = {},
) {
  await page.getByRole("radio", { name: options.amount ?? "250 kr" }).check();
  await page.getByLabel("Namn", { exact: true }).fill("Astrid Exempel");
  await page.getByLabel("E-post").fill("astrid@exempel.se");
  if (options.method) await page.getByRole("radio", { name: options.method }).check();
  if (options.method?.startsWith("Faktura")) {
    await page.getByLabel("Gatuadress").fill("Exempelgatan 1");
    await page.getByLabel("Postnummer").fill("123 45");
    await page.getByLabel("Ort", { exact: true }).fill("Exempelstad");
  }
  if (options.device === "this") await page.getByLabel("Öppna Swish på den här enheten").check();
  if (options.device === "other") await page.getByLabel(/Swish på en annan enhet/).check();
  if (options.phone) await page.getByLabel("Mobilnummer för Swish (frivilligt)").fill(options.phone);
  await page.getByRole("button", { name: /^(Fortsätt|Skicka fakturan)/ }).click();
  await expect(page).toHaveURL(options.expectUrl ?? /\/ge-en-gava\/betalning\/[0-9A-Z]{26}$/);
}

/**
 * Plays the donor's Swish app: opens this payment's request in the simulator and answers it.
 * The app's tab is left open and goes with the test's browser context: Chromium can leave
 * `page.close()` waiting forever when it races the navigation the answer starts (Playwright
 * issues 41900 and 42068), which once cost a CI run a 90 s timeout.
 */
export async function answerInSwish(page: Page, answer: "Godkänn" | "Neka") {
  const appUrl = await page.getByRole("link", { name: "Öppna Swish", exact: true }).getAttribute("href");
  const swish = await page.context().newPage();
  await swish.goto(appUrl!);
  await swish.getByRole("button", { name: answer }).click();
  // The simulator offers the answers only while the request is open.
  await expect(swish.getByRole("button", { name: answer })).toHaveCount(0);
}
