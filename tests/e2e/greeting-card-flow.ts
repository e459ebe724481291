import type { Page } from "@playwright/test";

/** Shared by tests/e2e/greeting-card.spec.ts and greeting-card.clock.spec.ts. */
const SHOTS = process.env.SCREENSHOT_DIR;

/** Full-page screenshots at 360 and 1280 px when SCREENSHOT_DIR is set. */
export async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The donor's part of the greeting card form, paying by invoice so the gift waits until the test pays it. */
export async function fillDonor(page: Page) {
  await page.getByRole("radio", { name: "250 kr" }).check();
  await page.getByLabel("Namn", { exact: true }).fill("Karin Lind");
  await page.getByLabel("E-post", { exact: true }).fill("karin.kort@exempel.se");
  await page.getByRole("radio", { name: /^Faktura/ }).check();
  await page.getByLabel("Gatuadress", { exact: true }).fill("Exempelgatan 1");
  await page.getByLabel("Postnummer", { exact: true }).fill("123 45");
  await page.getByLabel("Ort", { exact: true }).fill("Exempelstad");
}
