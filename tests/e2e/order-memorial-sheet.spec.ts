import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";

import { inspectPdf } from "../support/pdf-inspect";
import { runFixture, type FixtureScript } from "./fixture-scripts";

/** Runs a tsx script against the end-to-end server's database (as payments.spec.ts books a bank file). */
function run(script: FixtureScript, ...args: string[]): string {
  return runFixture(script, args);
}

function memorialGift(channel: "email" | "post", unpaid = false): { orderReference: string; itemReference: string; paymentId: string } {
  const output = run("tests/e2e/memorial-order-fixture.ts", "create", channel, ...(unpaid ? ["--unpaid"] : []));
  return JSON.parse(output.trim().split("\n").at(-1)!) as { orderReference: string; itemReference: string; paymentId: string };
}

async function expectSheetImage(page: Page) {
  const image = page.getByRole("img", { name: /Minnesbladet till minne av Märta Öberg, med hälsning från Åsa och Örjan/ });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(840);
}

// The delivery job runs in the server's job loop, and the machine is shared: give it time.
test.slow();

test("the donor follows an e-mailed memorial sheet from payment to sent", async ({ page }) => {
  const gift = memorialGift("email", true);
  const response = await page.goto(`/order/minnesblad/${gift.orderReference}`);
  expect(response?.status()).toBe(200);
  expect(response?.headers()["cache-control"]).toBe("no-store");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Till minne av Märta Öberg");
  const status = page.locator(".memorial-order__status");
  await expect(status).toHaveText("Status: Väntar på betalning");
  await expect(page.getByText("med e-post till Familjen Öberg")).toBeVisible();
  await expectSheetImage(page);
  await expectNoAxeViolations(page);

  const pdfLink = page.getByRole("link", { name: "Ladda ner minnesbladet (PDF)" });
  const pdf = await page.request.get((await pdfLink.getAttribute("href"))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  const sheet = inspectPdf(await pdf.body());
  expect(sheet.text).toContain("Märta Öberg");
  expect(sheet.text).toContain("Åsa och Örjan");

  run("tests/e2e/memorial-order-fixture.ts", "pay", gift.paymentId);
  await expect(async () => {
    await page.reload();
    await expect(status).toHaveText(/^Status: Skickat den \d+ \S+ \d{4}$/, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByText(/Minnesbladet skickades med e-post/)).toBeVisible();
});

test("a posted sheet is prepared until staff mark it sent, and the page works without JavaScript", async ({ browser }) => {
  const gift = memorialGift("post");
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/order/minnesblad/${gift.orderReference}`);
  const status = page.locator(".memorial-order__status");
  await expect(status).toHaveText("Status: Förbereds");
  await expect(page.getByText(/Minnesbladet postas .* och kommer fram senast/)).toBeVisible();
  await expect(page.locator("address")).toContainText("111 22 Exempelstad");
  await expectSheetImage(page);

  const output = run("scripts/fulfilment.ts", "sent", gift.itemReference);
  expect(output).toContain(`sent  ${gift.itemReference}`);
  await page.reload();
  await expect(status).toHaveText(/^Status: Skickat den /);
  await expect(page.getByText(/Minnesbladet postades .* och kommer fram senast/)).toBeVisible();
  await context.close();
});

test("unknown and malformed references are 404, never 500", async ({ page }) => {
  for (const reference of ["01ARZ3NDEKTSV4RRFFQ69G5FAV", "not-a-reference", "%00"]) {
    expect((await page.goto(`/order/minnesblad/${reference}`))?.status()).toBe(404);
    expect((await page.request.get(`/order/minnesblad/${reference}/minnesblad.pdf`)).status()).toBe(404);
  }
  const gift = memorialGift("email", true);
  expect((await page.request.get(`/order/minnesblad/${gift.orderReference}/minnesblad.exe`)).status()).toBe(404);
});

test("the no-JavaScript preview image answers the sheet as a PNG, and 400 for bad input", async ({ page }) => {
  const query = new URLSearchParams({ design: "hjarta", deceasedName: "Märta Öberg", dateOfDeath: "2026-11-14", greeting: "Tack.\nVila i frid.", signature: "Åsa" });
  const image = await page.request.get(`/ge-en-gava/minnesgava/forhandsgranska.png?${query.toString()}`);
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/png");
  expect(image.headers()["cache-control"]).toBe("no-store");
  query.set("design", "ros");
  const bad = await page.request.get(`/ge-en-gava/minnesgava/forhandsgranska.png?${query.toString()}`);
  expect(bad.status()).toBe(400);
  expect(((await bad.json()) as { error: { fields: Record<string, string> } }).error.fields.design).toMatch(/Välj hur minnesbladet ska se ut/);
});

for (const width of [360, 1280]) {
  test(`the order page at ${width} px`, async ({ page }) => {
    const gift = memorialGift("post");
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    await page.goto(`/order/minnesblad/${gift.orderReference}`);
    await page.getByRole("button", { name: "Endast nödvändiga" }).click();
    await expectSheetImage(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath(`order-memorial-sheet-${width}.png`), fullPage: true });
  });
}
