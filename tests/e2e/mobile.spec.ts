import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";

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
