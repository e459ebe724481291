import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";

import { expect, test } from "./session-fixture";
import { runFixture, type FixtureScript } from "./fixture-scripts";

// The back office, keyboard only: staff sign in with BankID in the simulator, print a batch of
// three memorial sheets and mark them sent, refund a card gift, and import a BgMax file with one
// unmatched payment and resolve it. Axe on every page.

function run(script: FixtureScript, ...args: string[]): string {
  return runFixture(script, args);
}

/** Karin Holm in the BankID simulator is registered as staff with every role; nobody else is. */
const STAFF = { personnummer: "198004262385", radio: /Karin Holm/ };

/** Moves focus to a control and uses it from the keyboard, as a keyboard user would. */
async function press(page: Page, locator: Locator, key = "Enter") {
  await locator.focus();
  await expect(locator).toBeFocused();
  await page.keyboard.press(key);
}

/** A link in the back office's menu. */
function menu(page: Page, name: string): Locator {
  return page.getByRole("navigation", { name: "Administration" }).getByRole("link", { name, exact: true });
}

async function signIn(page: Page) {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/logga-in\?returnTo=%2Fadmin/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Logga in i administrationen");
  await expectNoAxeViolations(page);
  // As for donors (one sign-in flow), BankID on this device opens the (simulated) app straight away.
  await press(page, page.getByRole("button", { name: "Öppna BankID på den här enheten" }));
  // The simulated BankID app.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Legitimera dig");
  await press(page, page.getByRole("radio", { name: STAFF.radio }), "Space");
  await press(page, page.getByRole("button", { name: "Fortsätt" }));
  await press(page, page.getByRole("button", { name: "Legitimera" }));
  await press(page, page.getByRole("link", { name: "Tillbaka till tjänsten" }));
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Översikt");
  // The back office's own header: no donor navigation, footer or consent banner.
  await expect(page.getByRole("link", { name: /^Administration,/ })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Huvudmeny" })).toHaveCount(0);
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Godkänn alla" })).toHaveCount(0);
}

/**
 * A donor gives 500 kr by card through the payment API and the card simulator's window, so that
 * the refund goes to the same simulated Mondido the payment came from. Set-up, not the staff
 * journey: the card payment in the browser is payments.spec.ts's journey.
 */
async function giveByCard(request: APIRequestContext): Promise<{ orderReference: string }> {
  const added = await request.post("/api/RegularGift/Add", {
    data: { payload: { amount: 500, name: "Astrid Exempel", email: "astrid@exempel.se", idempotencyKey: crypto.randomUUID() } },
  });
  expect(added.status(), await added.text()).toBe(201);
  const { orderReference } = (await added.json()) as { orderReference: string };
  const created = await request.post("/api/Payments/Create", { data: { payload: { orderReference, provider: "Mondido" } } });
  expect(created.status(), await created.text()).toBe(201);
  const { paymentId, next } = (await created.json()) as { paymentId: string; next: { kind: "post-form"; action: string; fields: Record<string, string> } };
  // The form the payment page posts to the card window, which answers with the card page (a 303 to it).
  const window = await request.post(next.action, { form: next.fields });
  expect(window.status()).toBe(200);
  // Paying there sends the browser back to the site, which books the payment.
  const paid = await request.post(window.url(), { form: { cardNumber: "4111 1111 1111 1111", expiry: "12/35", cvc: "123" } });
  expect(paid.status()).toBe(200);
  await expect
    .poll(async () => ((await (await request.post("/api/Payments/Poll", { data: { payload: { paymentId } } })).json()) as { status: string }).status)
    .toBe("paid");
  return { orderReference };
}

// Under load the machine is slow; these journeys are long.
test.use({ actionTimeout: 20_000 });
expect.configure({ timeout: 20_000 });

test.beforeAll(() => {
  const output = run("scripts/staff-add.ts", STAFF.personnummer, "insamling", "ekonomi", "admin");
  expect(output).toMatch(/with roles: insamling, ekonomi, admin/);
});

test("a staff member signs in with BankID, posts three memorial sheets, refunds a card gift and resolves an unmatched bank payment – keyboard only", async ({ page, request }) => {
  test.setTimeout(600_000);
  const { items } = JSON.parse(run("tests/e2e/admin-fixture.ts", "memorials", "3")) as { items: Array<{ orderReference: string; itemReference: string }> };
  const bgmaxFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "bgmax-")), "bgmax-e2e.txt");
  const invoice = JSON.parse(run("tests/e2e/admin-fixture.ts", "invoice", bgmaxFile)) as { orderReference: string; paymentId: string };

  const card = await giveByCard(request);

  await signIn(page);
  await expect(page.getByRole("navigation", { name: "Administration" })).toContainText("Utskick");
  await expect(page.getByRole("figure", { name: "Betalda gåvor och avgifter per dag och typ" })).toBeVisible();
  await expectNoAxeViolations(page);

  // Fulfilment: exactly our three sheets, one PDF, then marked sent.
  await press(page, menu(page, "Utskick"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Utskick");
  await expectNoAxeViolations(page);
  for (const box of await page.getByRole("checkbox").all()) if (await box.isChecked()) await press(page, box, "Space");
  for (const item of items) await press(page, page.locator(`input[name="ref"][value="${item.itemReference}"]`), "Space");
  const download = page.waitForEvent("download");
  await press(page, page.getByRole("button", { name: "Skriv ut valda (PDF)" }));
  const pdf = await download;
  const pdfPath = await pdf.path();
  const bytes = fs.readFileSync(pdfPath!);
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  // One address page and one sheet per item.
  expect(bytes.toString("latin1").match(/\/Type\s*\/Page[^s]/g)).toHaveLength(6);
  await press(page, page.getByRole("button", { name: "Markera valda som skickade" }));
  await expect(page.locator('.notice[role="status"]')).toHaveText("3 försändelser är markerade som skickade.");
  for (const item of items) await expect(page.locator(`input[value="${item.itemReference}"]`)).toHaveCount(0);
  for (const item of items) {
    const order = await page.context().newPage();
    await order.goto(`/order/minnesblad/${item.orderReference}`);
    await expect(order.locator(".memorial-order__status")).toHaveText(/^Status: Skickat den \d+ \S+ \d{4}$/);
    await order.close();
  }

  // Refund a card gift through Mondido (the card simulator).
  await press(page, menu(page, "Betalningar"));
  // Before any search the newest payments are listed (issue #29), not an empty page.
  await expect(page.getByRole("table", { name: /^De senaste \d+ betalningarna, den nyaste först$/ })).toBeVisible();
  await expectNoAxeViolations(page);
  const search = page.getByLabel("Ordernummer, OCR, namn eller e-post");
  await search.focus();
  await page.keyboard.type(card.orderReference);
  await page.keyboard.press("Enter");
  await press(page, page.getByRole("link", { name: card.orderReference }));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Betalning 500 kr – Betald");
  await expect(page.getByRole("button", { name: "Registrera återbetalning" })).toHaveCount(0);
  await expectNoAxeViolations(page);
  // Without a reason and the box ticked nothing happens, and the page says why.
  await press(page, page.getByRole("button", { name: "Återbetala genom Mondido" }));
  await expect(page.getByRole("alert")).toContainText("Skriv varför gåvan betalas tillbaka.");
  await expect(page.getByRole("alert")).toContainText("Kryssa i att gåvan ska betalas tillbaka.");
  await expectNoAxeViolations(page);
  await page.getByLabel("Varför betalas gåvan tillbaka?").focus();
  await page.keyboard.type("Givaren bad om det i telefon.");
  await press(page, page.getByRole("checkbox", { name: "Betala tillbaka 500 kr till givaren genom Mondido" }), "Space");
  await press(page, page.getByRole("button", { name: "Återbetala genom Mondido" }));
  await expect(page.locator('.notice[role="status"]')).toContainText("Mondido har betalat tillbaka gåvan");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Betalning 500 kr – Återbetald");
  await expect(page.getByRole("cell", { name: "Återbetalning begärd" })).toBeVisible();
  await expectNoAxeViolations(page);

  // Import a BgMax file with one unmatched payment and book it on the invoice.
  await press(page, page.getByRole("link", { name: "← Betalningar" }));
  await page.getByLabel("BgMax-fil från Bankgirot").setInputFiles(bgmaxFile);
  await press(page, page.getByRole("button", { name: "Läs in" }));
  await expect(page.locator('.notice[role="status"]')).toContainText("0 bokade, 0 för lite betalda, 1 utan matchning.");
  const row = page.getByRole("row").filter({ hasText: "bgmax-e2e.txt" });
  await expect(row).toContainText("Fel kontrollsiffra i OCR");
  await row.getByLabel(/Ordernummer för rad/).focus();
  await page.keyboard.type(invoice.orderReference);
  await page.keyboard.press("Enter");
  await expect(page.locator('.notice[role="status"]')).toHaveText(`Betalningen på 300 kr är bokad på order ${invoice.orderReference}.`);
  await expect(page.getByRole("row").filter({ hasText: "bgmax-e2e.txt" })).toHaveCount(0);
  await expectNoAxeViolations(page);
  // The same file again books nothing.
  await page.getByLabel("BgMax-fil från Bankgirot").setInputFiles(bgmaxFile);
  await press(page, page.getByRole("button", { name: "Läs in" }));
  await expect(page.locator('.notice[role="status"]')).toContainText("Filen är redan inläst – ingenting bokades en gång till");

  // The other pages open and pass axe; the audit log shows what was done.
  for (const [link, heading] of [
    ["Givare", "Givare"],
    ["Minnesinsamlingar", "Minnesinsamlingar"],
    ["Listbeställningar", "Listbeställningar"],
    ["Autogiro", "Autogiro"],
    ["Kontrolluppgifter", "Kontrolluppgifter om gåvor (KU65)"],
    ["Personal", "Personal"],
    ["Logg", "Logg"],
  ] as const) {
    await press(page, menu(page, link));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expectNoAxeViolations(page);
  }
  // The log names what was done in Swedish (app/admin/audit-labels.ts), not by its code.
  for (const action of ["Markerade som skickat", "Återbetalning", "Läste in bankfil", "Kopplade inbetalning till faktura", "Visade autogiro", "Loggade in"]) {
    await expect(page.getByRole("cell", { name: action, exact: true }).first()).toBeVisible();
  }
  await expect(page.getByRole("cell", { name: "payment.refund" })).toHaveCount(0);
});

test("a donor's session opens nothing in the back office, and someone who is not staff is turned away, also by a slow server", async ({ page, context, logInDonor }) => {
  test.setTimeout(180_000);
  // Erik Lindgren, a donor and not staff.
  await logInDonor("198112289874");
  await page.goto("/mina-sidor");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mina sidor");
  await page.goto("/admin/betalningar");
  await expect(page).toHaveURL(/\/admin\/logga-in/);
  // A slow server: each answer to the sign-in page's polling arrives after the next poll would be due. The page
  // must wait for it, or the answer that used up BankID's identification (here the refusal) is lost.
  await page.route(/\/admin\/logga-in\.data/, async (route) => {
    if (route.request().method() !== "GET") return route.continue();
    const response = await route.fetch();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.fulfill({ response });
  });
  // The QR code's way, so that this page stays and keeps asking (on this device the app would open here at once);
  // the BankID app then in a tab of its own.
  await press(page, page.getByRole("button", { name: "BankID på en annan enhet (QR-kod)" }));
  const app = await context.newPage();
  await app.goto((await page.getByRole("link", { name: "Öppna BankID på den här enheten i stället" }).getAttribute("href"))!);
  await press(app, app.getByRole("radio", { name: /Erik Lindgren/ }), "Space");
  await press(app, app.getByRole("button", { name: "Fortsätt" }));
  await press(app, app.getByRole("button", { name: "Legitimera" }));
  await expect(page.locator('.notice[role="alert"]')).toContainText("Du är inte registrerad som personal");
  await expectNoAxeViolations(page);
  const answer = await page.request.get("/admin/logg.csv", { maxRedirects: 0 });
  expect(answer.status()).toBe(302);
});
