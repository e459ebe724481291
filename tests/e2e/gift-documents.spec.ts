import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";

import { inspectPdf } from "../support/pdf-inspect";
import { runFixture } from "./fixture-scripts";

const SHOTS = process.env.SCREENSHOT_DIR;

function fixture(...args: string[]): string {
  return runFixture("tests/e2e/gift-documents-fixture.ts", args);
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

/** The payer's fields, shared by every order page: invoice, so the gift waits until the fixture pays it. */
async function fillPayer(page: Page, amount = "250 kr", email = "karin@exempel.se") {
  await page.getByRole("radio", { name: amount }).check();
  await page.getByLabel("Namn", { exact: true }).fill("Karin Lind");
  await page.getByLabel("E-post", { exact: true }).fill(email);
  await page.getByRole("radio", { name: /^Faktura/ }).check();
  await page.getByLabel("Gatuadress", { exact: true }).fill("Exempelgatan 1");
  await page.getByLabel("Postnummer", { exact: true }).fill("123 45");
  await page.getByLabel("Ort", { exact: true }).fill("Exempelstad");
}

async function submitToPayment(page: Page): Promise<string> {
  // Without JavaScript the button keeps the label of the method first offered.
  await page.getByRole("button", { name: /^(Skicka fakturan|Fortsätt)/ }).click();
  await expect(page).toHaveURL(/\/ge-en-gava\/betalning\/[0-9A-Z]{26}$/);
  return page.url().split("/").at(-1)!;
}

// Pages, PDFs, axe and screenshots at two widths on a machine shared by many: give each test room.
test.setTimeout(300_000);

/** Chooses a card in the card picker, opening its occasion's group first when it is closed. */
async function chooseCard(page: Page, code: string) {
  const group = page.locator("details.card-group", { has: page.locator(`input[value="${code}"]`) });
  if (!(await group.evaluate((details: HTMLDetailsElement) => details.open))) await group.locator("summary").click();
  await page.locator(`input[name="cardCode"][value="${code}"]`).check();
}

test("a gift card is bought with a card from the catalogue, then its PDF downloads with the amount and reference once paid", async ({ page }) => {
  await page.goto("/ge-en-gava/gavokort");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Köp ett gåvokort");
  // The greeting cards' picker: grouped by occasion, each card a picture.
  await expect(page.locator("details.card-group").first()).toHaveAttribute("open", "");
  expect(await page.locator('input[name="cardCode"]').count()).toBeGreaterThan(50);
  await expectNoAxeViolations(page);
  await shoot(page, "gavokort-bestall");
  await page.setViewportSize({ width: 1280, height: 900 });
  await chooseCard(page, "GRATULATION_03");
  await expect(page.getByRole("radio", { name: "Flaggspel" })).toBeChecked();
  await page.getByRole("radio", { name: "Jul", exact: true }).check();
  await page.getByLabel("Mottagarens namn").fill("Margareta Lindqvist");
  await page.getByLabel("Text (frivillig)").fill("God jul, mamma!\nEn gåva för fler friska år.");
  await page.getByLabel("Från", { exact: true }).fill("Anna och Per");
  await fillPayer(page, "500 kr");
  // The live preview shows the card as it will be printed, with what was written and the amount chosen.
  const preview = page.getByRole("img", { name: /^Förhandsvisning av gåvokortet till Margareta Lindqvist: God jul\. God jul, mamma! En gåva för fler friska år\. Från Anna och Per\.$/ });
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 20_000 }).toBe(840);
  await expectNoAxeViolations(page);
  await shoot(page, "gavokort-forhandsvisning");
  const reference = await submitToPayment(page);

  const response = await page.goto(`/gavokort/${reference}`);
  expect(response?.status()).toBe(200);
  expect(response?.headers()["cache-control"]).toBe("no-store");
  // Never indexed, the page nor its files (issue #30).
  expect(response?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gåvokort till Margareta Lindqvist");
  await expect(page.locator(".memorial-order__status")).toHaveText("Status: Väntar på betalning");
  await expect(page.getByRole("link", { name: /Ladda ner gåvokortet/ })).toHaveCount(0);
  expect((await page.request.get(`/gavokort/${reference}/gavokort-margareta-lindqvist.pdf`)).status()).toBe(404);
  expect((await page.request.get(`/api/Gift/DownloadPdfByOrderRef/${reference}`)).status()).toBe(409);
  await expectNoAxeViolations(page);

  fixture("pay", reference);
  await page.reload();
  await expect(page.locator(".memorial-order__status")).toHaveText("Status: Klart att skriva ut");
  const image = page.getByRole("img", { name: "Gåvokort till Margareta Lindqvist från Anna och Per." });
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(840);
  await expectNoAxeViolations(page);
  await shoot(page, "gavokort-sida");

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Ladda ner gåvokortet (PDF, A5)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("gavokort-margareta-lindqvist.pdf");
  const downloaded = await page.request.get(`/api/Gift/DownloadPdfByOrderRef/${reference}`);
  expect(downloaded.headers()["x-robots-tag"]).toBe("noindex, nofollow");
  expect((await page.request.get(`/gavokort/${reference}/gavokort-margareta-lindqvist.pdf`)).headers()["x-robots-tag"]).toBe("noindex, nofollow");
  const pdf = inspectPdf(Buffer.from(await downloaded.body()));
  expect(pdf.text).toContain("500 kr");
  expect(pdf.text).toContain("Till Margareta Lindqvist");
  // The number on the card is the order number the donor has on the page and the receipt (issue #29).
  expect(pdf.text).toContain(`nr ${reference}`);
});

// axe needs JavaScript in the page: pages are checked in `checker`, the orders are placed without JavaScript.
test("a diploma ordered by post without JavaScript appears in the fulfilment list with its date", async ({ browser, page: checker }) => {
  await checker.goto("/ge-en-gava/diplom");
  await expectNoAxeViolations(checker);
  await shoot(checker, "diplom-bestall");
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/ge-en-gava/diplom");
  // Nothing filled in: the server names what is missing.
  await page.getByRole("radio", { name: "Med post, tryckt på fint papper" }).check();
  await page.getByRole("button", { name: /^(Fortsätt|Skicka)/ }).click();
  const summary = page.getByRole("alert").or(page.locator(".error-summary"));
  await expect(summary.first()).toContainText("Mottagarens namn");
  await expect(summary.first()).toContainText("Mottagarens gatuadress");

  await page.getByRole("radio", { name: "Pensionering" }).check();
  await page.getByLabel("Mottagarens namn").fill("Sven Holm");
  await page.getByLabel("Från", { exact: true }).fill("Kollegorna på Exempelbolaget");
  // Without JavaScript "Förhandsgranska" shows the diploma as it will be, and keeps what was written.
  await page.getByRole("button", { name: "Förhandsgranska" }).click();
  const preview = page.getByRole("img", { name: /^Förhandsvisning av diplomet till Sven Holm: Lycka till som pensionär\. Från Kollegorna på Exempelbolaget\.$/ });
  const src = await preview.getAttribute("src");
  expect(src).toMatch(/^\/ge-en-gava\/diplom\/forhandsgranska\.png\?/);
  const image = await page.request.get(src!);
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/png");
  await expect(page.getByLabel("Mottagarens namn")).toHaveValue("Sven Holm");
  await page.getByRole("radio", { name: "Med post, tryckt på fint papper" }).check();
  await page.getByLabel("Mottagarens gatuadress").fill("Kungsgatan 2");
  await page.getByLabel("Mottagarens postnummer").fill("90325");
  await page.getByLabel("Mottagarens ort").fill("Umeå");
  await page.getByLabel("Datum (frivilligt)").fill("2027-06-30");
  await fillPayer(page);
  const reference = await submitToPayment(page);

  fixture("pay", reference);
  const queue = fixture("queue");
  expect(queue).toMatch(/2027-06-30\s+[0-9A-Z]{26}\s+diploma\s+→\s+Sven Holm, Kungsgatan 2, 903 25 Umeå/);
  // The day's post PDF (the back office's and `npm run fulfilment -- pdf`'s one batch) prints it flat for a C4 envelope: address page, then the diploma.
  const itemReference = /2027-06-30\s+([0-9A-Z]{26})\s+diploma/.exec(queue)![1]!;
  const batch = inspectPdf(Buffer.from(fixture("batch", itemReference), "base64"));
  expect(batch.pages).toHaveLength(2);
  const batchText = batch.text.replace(/[\u00a0\u202f]/g, " ").replace(/\s+/g, " ");
  expect(batchText).toContain("903 25 UMEÅ");
  expect(batchText).toContain(`Diplom ${itemReference} · ska fram senast 30 juni 2027 · C4-kuvert, ovikt`);
  expect(batchText.indexOf("Kollegorna på Exempelbolaget")).toBeGreaterThan(batchText.indexOf("C4-kuvert"));

  await page.goto(`/order/diplom/${reference}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Diplom till Sven Holm");
  await expect(page.locator(".memorial-order__status")).toHaveText("Status: Förbereds");
  await expect(page.getByText(/postas så att det är framme senast/)).toBeVisible();
  await checker.goto(`/order/diplom/${reference}`);
  await expectNoAxeViolations(checker);
  await shoot(checker, "diplom-sida");
  // The same reference is not a gift certificate.
  expect((await page.request.get(`/order/gavobevis/${reference}`)).status()).toBe(404);
  await context.close();
});

const HEADER = "namn;e-post;gatuadress;postnummer;ort;text";
function recipients(bad: boolean): string {
  const rows = Array.from({ length: 20 }, (_, i) =>
    i % 3 === 0 ? `Mottagare ${i + 1};;Storgatan ${i + 1};123 45;Exempelstad;` : `Mottagare ${i + 1};mottagare${i + 1}@exempel.se;;;;Tack för i år!`,
  );
  if (bad) {
    rows[4] = "Mottagare 5;inte-en-e-postadress;;;;";
    rows[11] = ";;Storgatan 12;12;Exempelstad;";
  }
  return [HEADER, ...rows].join("\r\n");
}

async function fillListOrder(page: Page, csv: string | Buffer, payerEmail?: string) {
  await page.getByLabel(/Lista med mottagare/).setInputFiles({ name: "mottagare.csv", mimeType: "text/csv", buffer: Buffer.isBuffer(csv) ? csv : Buffer.from(csv) });
  await page.getByRole("radio", { name: "Gåvobevis" }).check();
  await page.getByRole("radio", { name: "Lagerkrans" }).check();
  await page.getByRole("radio", { name: "Jul" }).check();
  await page.getByLabel("Från", { exact: true }).fill("Exempelföretaget AB");
  await fillPayer(page, "250 kr", payerEmail);
}

test("a 20-row list order with 2 bad rows is refused with both rows named, then accepted once fixed", async ({ page }) => {
  await page.goto("/ge-en-gava/lista");
  await expectNoAxeViolations(page);
  await shoot(page, "lista-bestall");
  // The payer's own address, so that the count sees only this journey's gifts.
  const payer = "lista.rader@exempel.se";
  const before = fixture("count", payer);

  await fillListOrder(page, recipients(true), payer);
  await page.getByRole("button", { name: "Skicka fakturan" }).click();
  const errors = page.getByRole("region", { name: "Rader att rätta i listan" });
  await expect(errors.getByRole("row")).toHaveCount(4);
  await expect(errors.getByRole("row", { name: /Rad 6 e-post "inte-en-e-postadress" är inte en e-postadress/ })).toBeVisible();
  await expect(errors.getByRole("row", { name: /Rad 13 namn Namnet saknas/ })).toBeVisible();
  await expect(errors.getByRole("row", { name: /Rad 13 postnummer/ })).toBeVisible();
  await expect(page.getByText("2 rader i listan behöver rättas. Inget är beställt.").first()).toBeVisible();
  expect(fixture("count", payer)).toBe(before);
  await expectNoAxeViolations(page);
  await shoot(page, "lista-fel");

  await fillListOrder(page, recipients(false));
  const reference = await submitToPayment(page);
  await page.goto(`/order/gavobevis/${reference}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gåvobevis till 20 mottagare");
  const table = page.getByRole("region", { name: "Mottagare" });
  await expect(table.getByRole("row")).toHaveCount(21);
  await expect(table.getByRole("row").nth(1)).toContainText("Mottagare 1");
  await expect(table.getByRole("row").nth(20)).toContainText("Mottagare 20");
  await expect(page.getByText("250 kr").or(page.getByText("5 000 kr")).first()).toBeVisible();
  await expect(page.getByText("5 000 kr")).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, "lista-sida");
});

test("the list order works without JavaScript: a bad row is named by the server", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/ge-en-gava/lista");
  await fillListOrder(page, recipients(true));
  await page.getByRole("button", { name: /^(Skicka fakturan|Fortsätt)/ }).click();
  const errors = page.getByRole("region", { name: "Rader att rätta i listan" });
  await expect(errors.getByRole("row", { name: /Rad 6 e-post/ })).toBeVisible();
  await expect(errors.getByRole("row", { name: /Rad 13 namn/ })).toBeVisible();
  await context.close();
});

// Twice the 1 MB limit: refused the same way as anything larger, and cheap to hand to the browser (a file goes over its protocol as base64).
test("a file over the 1 MB limit and a malformed CSV are refused with a clear message", async ({ page, browser }) => {
  const tooLarge = Buffer.alloc(2 * 1024 * 1024, "a");
  await page.goto("/ge-en-gava/lista");
  await fillListOrder(page, tooLarge);
  await page.getByRole("button", { name: "Skicka fakturan" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Filen är för stor. En lista får vara högst 1 MB" })).toBeVisible();

  // Without JavaScript the server refuses it before reading it, with the same words.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const noScript = await context.newPage();
  await noScript.goto("/ge-en-gava/lista");
  await fillListOrder(noScript, tooLarge);
  await noScript.getByRole("button", { name: /^(Skicka fakturan|Fortsätt)/ }).click();
  await expect(noScript.getByRole("heading", { level: 1 })).toHaveText("Filen är för stor");
  await expect(noScript.getByText(/En lista får vara högst 1 MB/)).toBeVisible();
  await context.close();

  await page.goto("/ge-en-gava/lista");
  await fillListOrder(page, `${HEADER}\r\nAnna;"anna@exempel.se;;;;\r\n`);
  await page.getByRole("button", { name: "Skicka fakturan" }).click();
  await expect(page.getByText(/Filen kunde inte läsas som CSV\. Rad 2: ett citattecken avslutas aldrig/).first()).toBeVisible();
});

test("unknown and mismatched references are 404, never 500", async ({ request }) => {
  for (const path of [
    "/gavokort/0123456789ABCDEFGHJKMNPQRS",
    "/gavokort/inte-en-referens",
    "/order/gavobevis/0123456789ABCDEFGHJKMNPQRS",
    "/order/diplom/0123456789ABCDEFGHJKMNPQRS",
    "/order/diplom/0123456789ABCDEFGHJKMNPQRS/diplom.pdf",
    "/gavokort/0123456789ABCDEFGHJKMNPQRS/x.png",
  ]) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
  const api = await request.get("/api/Gift/DownloadPdfByOrderRef/0123456789ABCDEFGHJKMNPQRS");
  expect(api.status()).toBe(404);
  expect((await api.json()).error.code).toBe("not_found");
});
