import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { submitGift } from "./gift-flow";

test("the mobile navigation bar is 56 px high and its menu opens", async ({ page }) => {
  await page.goto("/");
  const bar = page.locator(".site-header__bar");
  const box = await bar.boundingBox();
  expect(box?.height).toBe(56);
  await page.getByText("Meny", { exact: true }).click();
  const mobileNav = page.getByRole("navigation", { name: "Huvudmeny (mobil)" });
  await expect(mobileNav).toBeVisible();
  await expectNoAxeViolations(page);
  await mobileNav.getByRole("link", { name: "Om oss" }).click();
  await expect(page.locator("main h1")).toHaveText("Om oss");
});

test("the charity's name is never cut off in the bar: two lines on a phone, the heart alone on the narrowest", async ({ page }) => {
  const brand = page.getByRole("link", { name: "Hjärtslag & Andetag, startsida" });
  const name = page.locator(".site-header__brand span");
  await page.goto("/om-oss");
  await expect(name).toBeVisible();
  // Nothing clipped: the text fits its box.
  expect(await name.evaluate((e) => e.scrollWidth <= e.clientWidth && e.scrollHeight <= e.clientHeight)).toBe(true);
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(brand).toBeVisible();
  expect(await name.evaluate((e) => e.getBoundingClientRect().width)).toBeLessThanOrEqual(1);
  expect((await page.locator(".site-header__bar").boundingBox())?.height).toBe(56);
});

test("a donor gives 250 kr by Swish on the phone with the app switch", async ({ page }) => {
  // A payment journey waits for the simulated Swish app and polling.
  test.slow();
  await page.goto("/ge-en-gava");
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  // Phones get "this device" by default.
  await expect(page.getByLabel("Öppna Swish på den här enheten")).toBeChecked();
  await submitGift(page);
  // The app is on this phone: no QR code to scan, no advice for computers.
  await expect(page.getByRole("img", { name: "QR-kod för betalning med Swish" })).toHaveCount(0);
  await expect(page.getByText("Använder du en dator?")).toHaveCount(0);
  await page.getByRole("link", { name: "Öppna Swish", exact: true }).click();
  // The simulator plays the Swish app; afterwards it sends the donor back.
  await page.getByRole("button", { name: "Godkänn" }).click();
  await page.getByRole("link", { name: "Tillbaka till webbplatsen" }).click({ timeout: 15_000 });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tack för din gåva, Astrid!", { timeout: 30_000 });
  await expectNoAxeViolations(page);
});
