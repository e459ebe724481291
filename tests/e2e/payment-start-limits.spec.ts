import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, test } from "./session-fixture";
import { fullName, personChoice, someone } from "./deceased-people";
import { PAYMENT_STARTS_LIMITED_MESSAGE } from "#core/payments/payment-start-limits";
import { runFixture, type FixtureScript } from "./fixture-scripts";

// At a payment-start limit every product form refuses in Swedish with 429 and stores nothing, as a
// donor sees it (decision 0036: until then the routes' copy of core/ did not recognise the container's
// error, and the forms answered 500). Each test's Swish number is its own: the test route fills the
// limit for that number only, so the other journeys on the server are not refused.

// The card pages load a hundred card pictures, and the machine is shared: more than the default 30 s.
test.slow();

function fixture(script: FixtureScript, ...args: string[]): string {
  return runFixture(script, args);
}

/** A Swish number of this test's own, and an e-mail address of its own to count its gifts by. */
function payer(phone: string) {
  return { phone, alias: `46${phone.slice(1)}`, email: `grans-${phone}-${crypto.randomBytes(3).toString("hex")}@exempel.se` };
}
type Payer = ReturnType<typeof payer>;

/** As if this number had been sent as many Swish requests as it may get within the limit's window. */
async function fillSwishLimit(request: APIRequestContext, alias: string) {
  const filled = await request.post("/_test/rate-limits/fill", { data: { limit: "swish-requests-per-phone", key: alias } });
  expect(filled.status()).toBe(200);
  expect(await filled.json()).toMatchObject({ full: true });
}

/**
 * The payer's part of a gift form: paying by Swish to their own number on another device.
 * `you`: where the payer's name and e-mail are, on a form that also asks for someone else's.
 */
async function fillPayer(page: Page, who: Payer, options: { amount?: boolean; you?: Locator } = {}) {
  const you = options.you ?? page.locator("body");
  if (options.amount !== false) await page.getByRole("radio", { name: "250 kr" }).check();
  await you.getByLabel("Namn", { exact: true }).fill("Astrid Exempel");
  await you.getByLabel("E-post", { exact: true }).fill(who.email);
  await page.getByRole("radio", { name: "Swish", exact: true }).check();
  await page.getByLabel(/Swish på en annan enhet/).check();
  await page.getByLabel("Mobilnummer för Swish (frivilligt)").fill(who.phone);
}

/**
 * Sends the form and expects the refusal: the POST answers 429, the form's error summary
 * says why in Swedish, the donor stays on the form and no gift was stored.
 */
async function expectRefusal(page: Page, who: Payer) {
  const formUrl = page.url();
  const answer = page.waitForResponse((r) => r.request().method() === "POST" && r.request().resourceType() === "document");
  // Without JavaScript the button keeps the label of the method first offered.
  await page.getByRole("button", { name: /^(Fortsätt|Skicka|Ge )/ }).click();
  expect((await answer).status()).toBe(429);
  await expect(page.locator(".error-summary")).toContainText(PAYMENT_STARTS_LIMITED_MESSAGE);
  expect(page.url()).toBe(formUrl);
  expect(JSON.parse(fixture("tests/e2e/gift-documents-fixture.ts", "count", who.email))).toEqual({ gifts: 0, items: 0 });
}

test.describe("a product form at the Swish payment-start limit", () => {
  // The form is sent as a document request, whose status the test reads.
  test.use({ javaScriptEnabled: false });

  test("one-off gift", async ({ page, request }) => {
    const who = payer("0701234591");
    await fillSwishLimit(request, who.alias);
    await page.goto("/ge-en-gava");
    await fillPayer(page, who);
    await expectRefusal(page, who);
  });

  test("memorial gift", async ({ page, request }) => {
    const who = payer("0701234592");
    await fillSwishLimit(request, who.alias);
    const person = await someone(request);
    await page.goto("/ge-en-gava/minnesgava");
    await page.getByLabel("Sök på namn").fill(fullName(person));
    await page.getByRole("button", { name: "Sök", exact: true }).click();
    await personChoice(page, person).check();
    await page.getByRole("radio", { name: "Till familjen med e-post" }).check();
    await page.getByLabel("Vem ska minnesbladet till?").fill("Familjen Exempel");
    await page.getByLabel("Familjens e-postadress").fill("familjen@exempel.se");
    await page.getByLabel("Hälsningar från").fill("Astrid Exempel");
    await fillPayer(page, who);
    await expectRefusal(page, who);
  });

  test("memorial collection", async ({ page, request }) => {
    const who = payer("0701234593");
    await fillSwishLimit(request, who.alias);
    // The family opens the collection (the person chosen from the memorial gift page's link).
    const person = await someone(request);
    await page.goto(`/minnesinsamling?person=${encodeURIComponent(person.id)}`);
    await page.getByLabel("Ert namn så som det ska stå på sidan").fill("Familjen Exempel");
    await page.getByLabel("Er e-postadress").fill("familjen@exempel.se");
    await page.getByLabel("Familjen vill att insamlingen startas").check();
    await page.getByRole("button", { name: "Starta minnesinsamlingen" }).click();
    await expect(page).toHaveURL(/\/minnesinsamling\/[a-z0-9-]+\/hantera\?/);
    await page.goto(new URL(page.url()).pathname.replace(/\/hantera$/, ""));

    await page.getByLabel("Hälsningar från").fill("Astrid Exempel");
    await fillPayer(page, who);
    await expectRefusal(page, who);
  });

  test("greeting card", async ({ page, request }) => {
    const who = payer("0701234594");
    await fillSwishLimit(request, who.alias);
    // The card first offered is chosen from the start.
    await page.goto("/ge-en-gava/gratulationskort");
    await page.getByLabel("Mottagarens namn").fill("Margareta Lindqvist");
    await page.getByLabel("Hälsning").fill("Grattis på födelsedagen!");
    await page.getByLabel("Från", { exact: true }).fill("Astrid");
    await page.getByLabel("Mottagarens e-post").fill("margareta@exempel.se");
    await fillPayer(page, who);
    await expectRefusal(page, who);
  });

  for (const document of [
    { name: "gift card", path: "/ge-en-gava/gavokort", phone: "0701234595", recipientEmail: false },
    { name: "gift certificate", path: "/ge-en-gava/gavobevis", phone: "0701234596", recipientEmail: true },
    { name: "diploma", path: "/ge-en-gava/diplom", phone: "0701234597", recipientEmail: true },
  ]) {
    test(document.name, async ({ page, request }) => {
      const who = payer(document.phone);
      await fillSwishLimit(request, who.alias);
      await page.goto(document.path);
      await page.getByLabel("Mottagarens namn").fill("Margareta Lindqvist");
      await page.getByLabel("Från", { exact: true }).fill("Astrid");
      // Gift certificates and diplomas go by e-mail unless the donor chooses post.
      if (document.recipientEmail) await page.getByLabel("Mottagarens e-post").fill("margareta@exempel.se");
      await fillPayer(page, who);
      await expectRefusal(page, who);
    });
  }

  test("list order", async ({ page, request }) => {
    const who = payer("0701234598");
    await fillSwishLimit(request, who.alias);
    await page.goto("/ge-en-gava/lista");
    const csv = "namn;e-post;gatuadress;postnummer;ort;text\r\nMottagare 1;mottagare1@exempel.se;;;;\r\nMottagare 2;mottagare2@exempel.se;;;;\r\n";
    await page.getByLabel(/Lista med mottagare/).setInputFiles({ name: "mottagare.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByLabel("Från", { exact: true }).fill("Exempelföretaget AB");
    await fillPayer(page, who);
    await expectRefusal(page, who);
  });

  test("membership", async ({ page, request }) => {
    const who = payer("0701234599");
    await fillSwishLimit(request, who.alias);
    await page.goto("/bli-medlem");
    const address = page.getByRole("group", { name: "Din adress" });
    await address.getByLabel("Gatuadress").fill("Storgatan 12");
    await address.getByLabel("Postnummer").fill("123 45");
    await address.getByLabel("Ort").fill("Exempelby");
    // A year's fee, 300 kr: no amount to choose.
    await fillPayer(page, who, { amount: false, you: page.getByRole("group", { name: "Dina uppgifter" }) });
    await expectRefusal(page, who);
  });
});

/** Karin Holm, a BankID test person; tests/e2e/admin.spec.ts gives her the same roles. */
const STAFF = { personnummer: "198004262385" };

test("a refund of an unpaid payment is refused with 409 and the Swedish reason, not a server error", async ({ page, logInStaff }) => {
  const bgmaxFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "bgmax-")), "bgmax-e2e.txt");
  const invoice = JSON.parse(fixture("tests/e2e/admin-fixture.ts", "invoice", bgmaxFile)) as { paymentId: string };
  await logInStaff(STAFF.personnummer, ["insamling", "ekonomi", "admin"]);

  // The page offers no refund for an open invoice; the form sent anyway (an old tab, a second staff member) is refused.
  await page.goto(`/admin/betalningar/${invoice.paymentId}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Betalning 300 kr – Väntar");
  const origin = new URL(page.url()).origin;
  const refused = await page.request.post(`/admin/betalningar/${invoice.paymentId}`, {
    headers: { origin },
    form: { intent: "refund", reason: "Givaren bad om det.", confirm: "on" },
  });
  expect(refused.status()).toBe(409);
  expect(await refused.text()).toContain("Bara en betald betalning kan återbetalas. Ladda om sidan och se dess status.");
});
