import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";

import { fillDonor, shoot } from "./greeting-card-flow";
import { runFixture } from "./fixture-scripts";

// Heavy pages (a hundred card pictures, axe) on a machine shared by many sessions.
test.setTimeout(240_000);

test("bad input is refused with Swedish messages and nothing is stored", async ({ page }) => {
  const count = () => runFixture("tests/e2e/gift-documents-fixture.ts", ["count", "karin.kort@exempel.se"]);
  const before = count();
  await page.goto("/ge-en-gava/gratulationskort");
  await page.getByLabel("Hälsning").fill("x".repeat(301));
  await page.getByRole("radio", { name: "På en dag jag väljer" }).check();
  await page.getByLabel("Dag att skicka").fill("2020-01-01");
  await page.getByLabel("Mottagarens e-post").fill("inte-en-adress");
  await fillDonor(page);
  await page.getByRole("button", { name: "Skicka fakturan" }).click();
  const summary = page.locator(".error-summary");
  await expect(summary).toBeVisible();
  await expect(summary).toContainText("Hälsningen får vara högst 300 tecken.");
  await expect(summary).toContainText("Datumet har redan varit");
  await expect(summary).toContainText("Skriv mottagarens namn");
  await expect(summary).toContainText("e-postadress");
  await expect(page).toHaveURL(/\/ge-en-gava\/gratulationskort$/);
  await expectNoAxeViolations(page);
  await shoot(page, "gratulationskort-fel");
  expect(count()).toBe(before);
});

test("unknown card codes and references are 404, and the bare template has no site chrome", async ({ page }) => {
  for (const url of ["/d/GRATULATION_03/0000000000000000000000000", "/d/NOPE/01ARZ3NDEKTSV4RRFFQ69G5FAV", "/_internal/NOPE/", "/ge-en-gava/gratulationskort/kort/NOPE.png"]) {
    expect((await page.request.get(url)).status(), url).toBe(404);
  }
  const response = await page.goto("/_internal/JUL_24_12/");
  expect(response?.status()).toBe(200);
  expect(response?.headers()["x-robots-tag"]).toContain("noindex");
  await expect(page.locator("header, footer, nav")).toHaveCount(0);
  const image = page.getByRole("img", { name: /Kortet Julhjärtat till Margareta Lindqvist/ });
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1200);
  await expectNoAxeViolations(page);
  await shoot(page, "gratulationskort-internal");
  const pdf = await page.request.get("/_internal/JUL_24_12/kort.pdf");
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
});

test("a greeting written and a payment chosen before the page's scripts have run are kept when they arrive", async ({ page }) => {
  // Hold the scripts back, as a slow phone would, until the donor has written the greeting.
  let release!: () => void;
  const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  await page.goto("/ge-en-gava/gratulationskort", { waitUntil: "domcontentloaded" });
  const greeting = page.getByLabel("Hälsning");
  await greeting.fill("Grattis på 80-årsdagen, kära mamma!");
  // Invoice chosen before the scripts: its address fields show (CSS follows the checked radio).
  await page.getByRole("radio", { name: /^Faktura/ }).check();
  await expect(page.getByLabel("Postnummer", { exact: true })).toBeVisible();
  release();
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await expect(greeting).toHaveValue("Grattis på 80-årsdagen, kära mamma!");
  // React's state has it too: the count under the field is the written greeting's.
  await expect(page.getByText("du har skrivit 35.")).toBeVisible();
  // React rendered the form with the first method checked; the donor's choice stays, and its fields with it.
  await expect(page.getByRole("radio", { name: /^Faktura/ })).toBeChecked();
  await page.getByLabel("Postnummer", { exact: true }).fill("123 45");
});

test("by keyboard, another occasion's cards are reached with Tab from its heading, not only by arrowing through the first", async ({ page }) => {
  await page.goto("/ge-en-gava/gratulationskort");
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  const picker = page.locator(".card-picker");
  const chosen = picker.locator("input[type=radio]:checked");
  const chosenBefore = await chosen.getAttribute("value");
  // The second occasion, closed at first: opened with Enter, as a keyboard user does.
  const second = picker.locator("details.card-group").nth(1);
  await expect(second).not.toHaveAttribute("open", "");
  await second.locator("summary").focus();
  await page.keyboard.press("Enter");
  await expect(second).toHaveAttribute("open", "");
  await page.keyboard.press("Tab");
  const firstCard = second.locator("input[type=radio]").first();
  await expect(firstCard).toBeFocused();
  // Nothing changes until the donor chooses: then that card is the one, and the greeting follows it.
  await expect(chosen).toHaveAttribute("value", chosenBefore ?? "");
  await page.keyboard.press("Space");
  await expect(firstCard).toBeChecked();
  await expect(chosen).toHaveCount(1);
  // Tab goes on past the group, not back into the first occasion's cards.
  await page.keyboard.press("Tab");
  await expect(picker.locator("details.card-group").nth(2).locator("summary")).toBeFocused();
});
