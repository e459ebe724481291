import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { gotoHydrated } from "./hydrated";
import { expect, test } from "./session-fixture";

const SHOTS = process.env.SCREENSHOT_DIR;

// Axe, screenshots at two widths and an invoice render on a machine shared by many: give the journey room.
test.slow();

/** Full-page screenshots at 360 and 1280 px when SCREENSHOT_DIR is set. */
async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

test("a company reads the 2026 rule on /foretag and gives 25 000 kr by invoice, and sees the payment page with the OCR number", async ({ page }) => {
  await gotoHydrated(page, "/foretag");
  await expect(page.getByRole("heading", { name: "Skattereduktion för företag från 2026" })).toBeVisible();
  await shoot(page, "foretag");
  await page.getByRole("link", { name: "Ge en gåva som företag" }).first().click();

  await expect(page).toHaveURL(/\/foretag\/ge-en-gava$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ge en gåva som företag");
  await expect(page.getByText("Skattereduktion för företag gäller gåvor på minst 2 000 kr.")).toBeVisible();
  await page.getByLabel("Organisationsnummer", { exact: true }).fill("556677-8899");
  await expect(page.getByText("Företagsform enligt numret: Aktiebolag.")).toBeVisible();
  await page.getByLabel("Företagets namn", { exact: true }).fill("Exempel Bygg AB");
  await page.getByLabel("Kontaktperson", { exact: true }).fill("Karin Ek");
  await page.getByLabel("E-post", { exact: true }).fill("karin.ek@exempelbygg.se");
  await page.getByLabel("Gatuadress", { exact: true }).fill("Industrivägen 4");
  await page.getByLabel("Postnummer", { exact: true }).fill("123 45");
  await page.getByLabel("Ort", { exact: true }).fill("Exempelby");
  await page.getByLabel("Er referens (frivilligt)", { exact: true }).fill("Julgåva 2026");
  await page.getByLabel("Belopp (kronor)", { exact: true }).fill("25000");
  await page.getByRole("radio", { name: /^Faktura/ }).check();
  await expectNoAxeViolations(page);
  await shoot(page, "foretag-ge-en-gava");

  await page.getByRole("button", { name: "Skicka fakturan" }).click();
  await expect(page).toHaveURL(/\/ge-en-gava\/betalning\/[0-9A-Z]{26}$/);
  await expect(page.getByRole("main")).toContainText("25 000 kr");
  await expect(page.getByRole("main")).toContainText(/OCR/);
});
