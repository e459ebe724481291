import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { E2E_STATE_DIR } from "./e2e-server-env";
import { runFixture, type FixtureScript } from "./fixture-scripts";
import { gotoHydrated } from "./hydrated";
import { expect, test } from "./session-fixture";
import { kontrolluppgifterSchemaErrors } from "../support/skatteverket-schema";

/**
 * The Christmas gift instead of presents (issue #31, decision 0046): a company
 * gives 25 000 kr by invoice with its logo and a Christmas card to a list of
 * five, previews its gift certificate, the invoice is paid by a BgMax file
 * booked by finance's command, the certificate downloads and the five cards
 * go out, and the KU file for the year holds the company's statement and
 * validates against Skatteverket's schema.
 */
const SHOTS = process.env.SCREENSHOT_DIR;
const MAIL_DIR = path.join(E2E_STATE_DIR, "mail");
const YEAR = String(new Date().getFullYear());

// Two uploads, four renders (certificate and card, preview and PDF), a bank file, a KU file and xmllint on a machine shared by many.
test.setTimeout(300_000);

function run(script: FixtureScript, ...args: string[]): string {
  return runFixture(script, args);
}

function mailsTo(pattern: RegExp): string[] {
  if (!fs.existsSync(MAIL_DIR)) return [];
  return fs
    .readdirSync(MAIL_DIR)
    .filter((f) => f.endsWith(".eml"))
    .map((f) => fs.readFileSync(path.join(MAIL_DIR, f), "utf8"))
    .filter((raw) => pattern.test(raw));
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("a company gives 25 000 kr with its logo and a Christmas card to five, pays by BgMax, and is in the year's KU file", async ({ page }) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "company-christmas-"));
  const tag = Math.random().toString(36).slice(2, 8);
  const logo = path.join(dir, "logo.svg");
  fs.writeFileSync(logo, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 80" onload="alert(1)"><rect width="240" height="80" rx="10" fill="#0b3d6b"/><circle cx="40" cy="40" r="22" fill="#f2c14e"/><script>alert(2)</script></svg>`);
  const list = path.join(dir, "kunder.csv");
  fs.writeFileSync(list, ["namn;e-post", ...["anna", "bo", "cecilia", "david", "eva"].map((n) => `${n[0]!.toUpperCase()}${n.slice(1)} Kund;${n}.${tag}@kund.se`)].join("\r\n"));

  await gotoHydrated(page, "/foretag/ge-en-gava");
  await page.getByLabel("Organisationsnummer", { exact: true }).fill("556677-8899");
  await page.getByLabel("Företagets namn", { exact: true }).fill("Exempel Bygg AB");
  await page.getByLabel("Kontaktperson", { exact: true }).fill("Karin Ek");
  await page.getByLabel("E-post", { exact: true }).fill(`karin.${tag}@exempelbygg.se`);
  await page.getByLabel("Gatuadress", { exact: true }).fill("Industrivägen 4");
  await page.getByLabel("Postnummer", { exact: true }).fill("123 45");
  await page.getByLabel("Ort", { exact: true }).fill("Exempelby");
  await page.getByLabel("Belopp (kronor)", { exact: true }).fill("25000");

  // The logo: the live preview shows the certificate with it.
  await page.getByLabel(/^Företagets logotyp/).setInputFiles(logo);
  await expect(page.getByRole("img", { name: "Förhandsvisning av gåvobeviset med företagets namn och logotyp." })).toBeVisible({ timeout: 20_000 });

  // The Christmas card to a list of five.
  await page.getByLabel("Skicka ett digitalt julkort till kunder eller medarbetare").check();
  await page.getByLabel("Julhälsning").fill("God jul och tack för i år! Årets julklapp är en gåva till forskningen.");
  await page.getByLabel(/^Lista med mottagare/).setInputFiles(list);
  await expect(page.getByRole("img", { name: "Förhandsvisning av julkortet med företagets hälsning." })).toBeVisible({ timeout: 20_000 });
  await page.getByRole("radio", { name: /^Faktura/ }).check();
  await expectNoAxeViolations(page);
  await shoot(page, "foretag-julgava-form");

  await page.getByRole("button", { name: "Skicka fakturan" }).click();
  await expect(page).toHaveURL(/\/ge-en-gava\/betalning\/[0-9A-Z]{26}$/);
  const reference = page.url().split("/").at(-1)!;

  // Before payment: the certificate's preview and the card, no PDF yet, no card sent.
  await page.getByRole("link", { name: "Se gåvobeviset och julkortet" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gåvobevis för Exempel Bygg AB");
  await expect(page.getByRole("img", { name: /^Gåvobevis för Exempel Bygg AB med företagets logotyp/ })).toBeVisible();
  await expect(page.getByText("Julkortet skickas till 5 mottagare med e-post så snart gåvan är betald.")).toBeVisible();
  expect((await page.request.get(`/foretag/gavobevis/${reference}/gavobevis.png`)).headers()["content-type"]).toBe("image/png");
  expect((await page.request.get(`/foretag/gavobevis/${reference}/gavobevis.pdf`)).status()).toBe(404);
  await expectNoAxeViolations(page);
  await shoot(page, "foretag-gavobevis-unpaid");

  // Bankgirot's BgMax file pays the invoice, booked by finance's command.
  const bgmax = path.join(dir, "bgmax.txt");
  expect(JSON.parse(run("tests/e2e/company-christmas-fixture.ts", "bgmax", reference, bgmax))).toMatchObject({ amountOre: 2_500_000 });
  run("scripts/payments-import.ts", bgmax);
  expect((await page.request.post("/_test/jobs/run")).status()).toBe(200);
  await expect.poll(() => mailsTo(new RegExp(`^To: [a-z]+\\.${tag}@kund\\.se$`, "m")).length, { timeout: 30_000 }).toBe(5);

  await page.reload({ waitUntil: "domcontentloaded" });
  await expect(page.getByText("Julkortet är skickat till alla 5 mottagare.")).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Ladda ner gåvobeviset (PDF)" }).click();
  const pdf = await download;
  expect(pdf.suggestedFilename()).toBe("gavobevis-exempel-bygg-ab.pdf");
  expect(fs.readFileSync((await pdf.path())!).subarray(0, 5).toString()).toBe("%PDF-");
  await shoot(page, "foretag-gavobevis-paid");

  // The year's KU file: valid against Skatteverket's schema, with the company's statement.
  const ku = path.join(dir, "ku65.xml");
  run("scripts/tax-ku65.ts", "--year", YEAR, "--out", ku, "--full");
  const xml = fs.readFileSync(ku, "utf8");
  expect(kontrolluppgifterSchemaErrors(xml)).toBe("");
  expect(xml).toContain("165566778899");
  expect(xml).toContain("Exempel Bygg AB");
});
