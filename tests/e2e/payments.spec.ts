import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { gotoHydrated } from "./hydrated";
import { submitGift } from "./gift-flow";
import { encodeBgMax, writeBgMaxFile } from "#integrations/bankgirot-bgmax/write-bgmax";
import { inspectPdf } from "../support/pdf-inspect";
import { runFixture } from "./fixture-scripts";

// Payment journeys wait for simulated providers and polling: give them more than the default 30 s.
test.slow();

test.describe("card payments", () => {
  for (const [card, outcome] of [
    ["4111 1111 1111 1111", "Tack för din gåva, Astrid!"],
    ["4000 0000 0000 0002", "Betalningen genomfördes inte"],
  ] as const) {
    test(`a 500 kr gift by card ${card.startsWith("4111") ? "approved" : "declined"}`, async ({ page }) => {
      await gotoHydrated(page, "/ge-en-gava");
      await submitGift(page, { amount: "500 kr", method: "Kort (Visa, Mastercard)" });
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Betala med kort");
      await expectNoAxeViolations(page);
      await page.getByRole("button", { name: "Gå till kortbetalning" }).click();
      await page.getByLabel("Kortnummer").fill(card);
      await page.getByLabel("Giltig till (MM/ÅÅ)").fill("12/35");
      await page.getByLabel("CVC").fill("123");
      await page.getByRole("button", { name: /^Betala/ }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(outcome, { timeout: 30_000 });
    });
  }
});

test.describe("bank payments (Brite)", () => {
  for (const [decision, outcome] of [
    ["Godkänn betalningen", "Tack för din gåva, Astrid!"],
    ["Avbryt", "Betalningen avbröts"],
  ] as const) {
    test(`a bank payment ${decision === "Avbryt" ? "aborted" : "approved"} at the bank`, async ({ page }) => {
      await gotoHydrated(page, "/ge-en-gava");
      await submitGift(page, { method: "Direkt från din bank", expectUrl: /\/_sim\/brite\/session\// });
      await page.getByLabel("Exempelbanken").check();
      await page.getByRole("button", { name: "Fortsätt" }).click();
      await page.getByRole("button", { name: decision }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(outcome, { timeout: 30_000 });
    });
  }
});

test("an invoice gift is paid by an imported bank file and then shows as paid", async ({ page }) => {
  await gotoHydrated(page, "/ge-en-gava");
  await submitGift(page, { amount: "1 000 kr", method: "Faktura (bankgiro, betala inom 30 dagar)" });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tack! Fakturan är på väg");
  await expectNoAxeViolations(page);
  const ocr = (await page.locator("dt:has-text('OCR-nummer') + dd").innerText()).trim();
  expect(ocr).toMatch(/^\d{12}$/);
  const pdf = await page.request.get(await page.getByRole("link", { name: "Ladda ner fakturan (PDF)" }).getAttribute("href").then((h) => h!));
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  // The document engine's invoice, read back: what the donor needs to pay it.
  const invoice = inspectPdf(await pdf.body());
  expect(invoice.lang).toBe("sv-SE");
  expect(invoice.text).toContain(ocr);
  expect(invoice.text.replace(/\s/g, " ")).toContain("1 000 kr");

  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "bgmax-")), "bgmax.txt");
  fs.writeFileSync(
    file,
    encodeBgMax(
      writeBgMaxFile({
        timestamp: new Date(),
        test: true,
        deposits: [
          {
            payeeBankgiro: "55550105",
            account: "1234567890",
            date: new Date().toISOString().slice(0, 10),
            serialNumber: "00001",
            payments: [{ reference: ocr, amountOre: 100_000, name: "Astrid Exempel", bgcSerialNumber: "000000000042" }],
          },
        ],
      }),
    ),
  );
  const output = runFixture("scripts/payments-import.ts", [file]);
  expect(output).toContain("booked");
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tack för din gåva, Astrid!");
});
