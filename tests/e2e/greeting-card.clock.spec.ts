import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { E2E_PORT } from "./e2e-server-env";
import { fillDonor, shoot } from "./greeting-card-flow";
import { runFixture } from "./fixture-scripts";

const MAIL_DIR = `var/e2e-${E2E_PORT}/mail`;

// This journey moves the server's clock (POST /_test/clock), so it runs in the "clock" project, after the others and alone (playwright.config.ts).

/** Pays a gift by its reference as a booked bank file would (the gift documents' fixture). */
function pay(reference: string): void {
  runFixture("tests/e2e/gift-documents-fixture.ts", ["pay", reference]);
}

/** The .eml files sent to an address, decoded enough to read (quoted-printable text, header words). */
function mailsTo(address: string): string[] {
  if (!fs.existsSync(MAIL_DIR)) return [];
  return fs
    .readdirSync(MAIL_DIR)
    .filter((f) => f.endsWith(".eml"))
    .map((f) => fs.readFileSync(path.join(MAIL_DIR, f), "utf8"))
    .filter((raw) => new RegExp(`^To: ${address.replace(/\./g, "\\.")}$`, "m").test(raw))
    .map((raw) => Buffer.from(raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), "latin1").toString("utf8"));
}

// Heavy pages (a hundred card pictures, axe) on a machine shared by many sessions.
test.setTimeout(240_000);

test("a greeting card scheduled for tomorrow is sent when the clock reaches it, and its page shows the card and greeting", async ({ page }) => {
  const recipient = `margareta.${Date.now()}@exempel.se`;
  await page.goto("/ge-en-gava/gratulationskort");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Skicka ett digitalt gratulationskort");
  await expectNoAxeViolations(page);
  await shoot(page, "gratulationskort");

  // The picker's first group is open; any card of the all-year "Grattis" group works in every season.
  await page.locator("summary", { hasText: "Grattis" }).first().click();
  await page.getByRole("radio", { name: "Flaggspel" }).check();
  await page.getByLabel("Mottagarens namn").fill("Margareta Lindqvist");
  await page.getByLabel("Hälsning").fill("Grattis på 80-årsdagen, mormor!\nVi ses på lördag.");
  await page.getByLabel("Från", { exact: true }).fill("Anna och barnen");
  const preview = page.getByRole("img", { name: /Förhandsvisning av kortet Flaggspel till Margareta Lindqvist/ });
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 15_000 }).toBe(1200);
  await page.getByLabel("Mottagarens e-post").fill(recipient);
  await page.getByRole("radio", { name: "På en dag jag väljer" }).check();
  const today = (await page.getByLabel("Dag att skicka").getAttribute("min")) as string;
  const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel("Dag att skicka").fill(tomorrow);
  await fillDonor(page);
  await page.getByRole("button", { name: "Skicka fakturan" }).click();
  await expect(page).toHaveURL(/\/ge-en-gava\/betalning\/[0-9A-Z]{26}$/);
  const reference = page.url().split("/").at(-1)!;

  // Unpaid, the card's page does not exist yet.
  expect((await page.request.get(`/d/GRATULATION_03/${reference}`)).status()).toBe(404);
  pay(reference);

  // Paid: the receipt (with a copy) goes to the donor, but the card waits for tomorrow.
  await page.request.post("/_test/jobs/run");
  await expect.poll(() => mailsTo("karin.kort@exempel.se").some((m) => m.includes("gratulationskort.png")), { timeout: 15_000 }).toBe(true);
  expect(mailsTo(recipient)).toHaveLength(0);
  const status = await (await page.request.get(`/api/DigitalGreetingCard/GetDigitalGreetingCardByOrderReference?orderReference=${reference}`)).json();
  expect(status).toMatchObject({ status: "ready", paid: true });
  const sendAt = Date.parse(status.sendAt as string);

  // The clock reaches tomorrow morning; the due job sends the card. The clock is put back afterwards.
  try {
    const moved = await page.request.post("/_test/clock", { data: { to: new Date(sendAt + 60_000).toISOString() } });
    expect(moved.status()).toBe(200);
    expect((await page.request.post("/_test/jobs/run")).status()).toBe(200);
  } finally {
    await page.request.post("/_test/clock", { data: { to: new Date().toISOString() } });
  }
  const sent = mailsTo(recipient);
  expect(sent).toHaveLength(1);
  expect(sent[0]).toContain("Anna och barnen har gett en gåva till hjärt- och lungforskningen i ditt namn");
  expect(sent[0]).toContain("Grattis på 80-årsdagen, mormor!");
  expect(sent[0]).toMatch(/Content-Type: image\/png; name=gratulationskort\.png/);
  expect(sent[0]).toContain(`/d/GRATULATION_03/${reference}`);

  const response = await page.goto(`/d/GRATULATION_03/${reference}`);
  expect(response?.status()).toBe(200);
  expect(response?.headers()["x-robots-tag"]).toContain("noindex");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Anna och barnen har gett en gåva till hjärt- och lungforskningen i ditt namn");
  await expect(page.locator(".card-page__greeting")).toContainText("Grattis på 80-årsdagen, mormor!");
  const card = page.getByRole("img", { name: "Kortet Flaggspel, till Margareta Lindqvist från Anna och barnen." });
  await expect.poll(() => card.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1200);
  await expectNoAxeViolations(page);
  await shoot(page, "gratulationskort-sida");
  const after = await (await page.request.get(`/api/DigitalGreetingCard/GetDigitalGreetingCardByOrderReference?orderReference=${reference}`)).json();
  expect(after.status).toBe("sent");
});
