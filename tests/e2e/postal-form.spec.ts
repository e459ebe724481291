import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";

import { gotoHydrated } from "./hydrated";
import { expect, test } from "./session-fixture";
import { runFixture, type FixtureScript } from "./fixture-scripts";

/**
 * Paper, for those who want it (decision 0023): a form ordered by post from
 * /bestall-blankett, with and without JavaScript, and the link printed on a
 * letter, which opens the gift form with the donor's name and address filled
 * in. SCREENSHOT_DIR=/some/dir saves each page at 360 and 1280 px.
 */
const SHOTS = process.env.SCREENSHOT_DIR;

function run(script: FixtureScript, ...args: string[]): string {
  return runFixture(script, args).trim();
}

function fixture(...args: string[]): string {
  return run("tests/e2e/postal-form-fixture.ts", ...args);
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  // With JavaScript the consent banner covers the page's foot: answer it first, as a visitor would.
  const banner = page.getByRole("button", { name: "Endast nödvändiga" });
  if (await banner.isVisible()) await banner.click();
  const size = page.viewportSize();
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

/** A street of this run's own: the limit of three orders per address in 30 days must not meet other runs' orders. */
function street(): string {
  return `Rönnbärsvägen ${Math.floor(Math.random() * 900) + 10}`;
}

async function fillAddress(page: Page, name: string, at: string) {
  const where = page.getByRole("group", { name: "Vart ska vi skicka den?" });
  await where.getByLabel("Namn").fill(name);
  await where.getByLabel("Gatuadress").fill(at);
  await where.getByLabel("Postnummer").fill("753 20");
  await where.getByLabel("Ort").fill("Uppsala");
}

async function expectConfirmation(page: Page, at: string) {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tack för din beställning!");
  await expect(page.getByText("skickar blanketten för medlemskap med posten till:")).toBeVisible();
  const address = page.locator("address");
  await expect(address).toContainText("Margareta Lund");
  await expect(address).toContainText(at);
  await expect(address).toContainText("753 20 Uppsala");
  await expect(page.getByText(/^Den bör vara framme senast \d{1,2} [a-zåäö]+ \d{4}\.$/)).toBeVisible();
  const reference = (await page.locator(".postal-reference").textContent()) ?? "";
  expect(reference).toMatch(/^BL-[0-9A-Z]{12}$/);
  expect(JSON.parse(fixture("form", reference))).toEqual({ kind: "membership", status: "ready", name: "Margareta Lund", city: "Uppsala" });
  return reference;
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  // (No axe scan here: axe runs as a script in the page. The same pages – form, errors, confirmation – are scanned with JavaScript below.)

  test("order a membership form by post and see what is coming, where and when", async ({ page }) => {
    await page.goto("/bestall-blankett?blankett=medlemskap");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Beställ en blankett på papper");
    // The link from the membership pages has chosen the form already.
    await expect(page.getByRole("radio", { name: "Blankett för medlemskap" })).toBeChecked();
    await shoot(page, "bestall-blankett");

    const at = street();
    await fillAddress(page, "Margareta Lund", at);
    await page.getByLabel("E-post (frivilligt)").fill("margareta.lund@exempel.se");
    await page.getByRole("button", { name: "Beställ blanketten" }).click();

    await expectConfirmation(page, at);
    await expect(page.getByText("Vi skickar också en bekräftelse till margareta.lund@exempel.se.")).toBeVisible();
    await shoot(page, "bestall-blankett-tack");
  });

  test("bad input gives an error summary and messages beside the fields, and nothing is ordered", async ({ page }) => {
    await page.goto("/bestall-blankett");
    await page.getByRole("group", { name: "Vart ska vi skicka den?" }).getByLabel("Postnummer").fill("12");
    const answer = page.waitForResponse((r) => r.request().method() === "POST");
    await page.getByRole("button", { name: "Beställ blanketten" }).click();
    expect((await answer).status()).toBe(400);

    const summary = page.getByRole("alert");
    await expect(summary).toContainText("Det finns 5 fel i formuläret");
    await expect(summary).toContainText("Blankett: Välj vilken blankett du vill ha.");
    await expect(summary).toContainText("Postnummer: Skriv postnumret med fem siffror");
    await expect(page.getByRole("group", { name: "Vilken blankett vill du ha?" })).toContainText("Välj vilken blankett du vill ha.");
    // The postal code typed is kept, with its message beside it.
    const postalCode = page.getByLabel("Postnummer");
    await expect(postalCode).toHaveValue("12");
    await expect(postalCode).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Beställ en blankett på papper");
    await shoot(page, "bestall-blankett-fel");
  });
});

test.describe("with JavaScript", () => {
  test("order a membership form by post; the confirmation takes focus", async ({ page }) => {
    await gotoHydrated(page, "/bestall-blankett");
    await expectNoAxeViolations(page);
    await page.getByRole("radio", { name: "Blankett för medlemskap" }).check();
    const at = street();
    await fillAddress(page, "Margareta Lund", at);
    await page.getByRole("button", { name: "Beställ blanketten" }).click();

    await expectConfirmation(page, at);
    await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
    await expect(page.getByText(/bekräftelse till/)).toHaveCount(0);
    await expect(page).toHaveURL(/\/bestall-blankett$/);
    await expectNoAxeViolations(page);

    // Another form: the empty form again.
    await page.getByRole("link", { name: "Beställ en blankett till" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Beställ en blankett på papper");
    await expect(page.getByRole("group", { name: "Vart ska vi skicka den?" }).getByLabel("Namn")).toHaveValue("");
  });

  test("bad input: the error summary takes focus and names each problem, nothing is sent", async ({ page }) => {
    await gotoHydrated(page, "/bestall-blankett");
    let posted = false;
    page.on("request", (r) => {
      if (r.method() === "POST") posted = true;
    });
    await page.getByRole("group", { name: "Vart ska vi skicka den?" }).getByLabel("Namn").fill("Margareta Lund");
    await page.getByLabel("E-post (frivilligt)").fill("margareta-at-exempel");
    // Leaving the field shows its message above it, which moves the button: leave it first, as a keyboard user does.
    await page.keyboard.press("Tab");
    await expect(page.getByText("Fel: Skriv en e-postadress som namn@exempel.se.")).toBeVisible();
    await page.getByRole("button", { name: "Beställ blanketten" }).click();

    const summary = page.getByRole("alert");
    await expect(summary).toBeFocused();
    await expect(summary).toContainText("Blankett: Välj vilken blankett du vill ha.");
    await expect(summary).toContainText("Gatuadress: Skriv gatuadressen (eller boxadressen).");
    await expect(summary).toContainText("E-post: Skriv en e-postadress som namn@exempel.se.");
    await expect(summary).not.toContainText("Namn:");
    expect(posted).toBe(false);
    await expectNoAxeViolations(page);
  });
});

test.describe("a letter's link", () => {
  test("opens the gift form with the donor's name and address filled in, and nothing of them in the address", async ({ page }) => {
    const surname = `Berg${Math.floor(Math.random() * 1e6)}`;
    const reference = fixture("letter", "Ingrid", surname);
    expect(reference).toMatch(/^[0-9A-Z]{26}$/);

    const answer = await page.goto(`/brev/${reference}`);
    expect(answer?.status()).toBe(200);
    await expect(page).toHaveURL(/\/ge-en-gava$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ge en gåva");
    await expect(page.getByRole("note").filter({ hasText: "från brevet" })).toContainText("Vi har fyllt i ditt namn från brevet vi skickade dig");
    await expect(page.getByLabel("Namn", { exact: true })).toHaveValue(`Ingrid ${surname}`);
    // The address is there for an invoice.
    await page.getByRole("radio", { name: /^Faktura/ }).check();
    await expect(page.getByLabel("Gatuadress", { exact: true })).toHaveValue("Lingonstigen 3");
    await expect(page.getByLabel("Postnummer", { exact: true })).toHaveValue("752 36");
    await expect(page.getByLabel("Ort", { exact: true })).toHaveValue("Uppsala");
    expect(page.url()).not.toContain(surname);
    // The cookie that carried them is HttpOnly and short-lived.
    const cookie = (await page.context().cookies()).find((c) => c.name === "hl_brev");
    expect(cookie).toMatchObject({ value: reference, httpOnly: true, sameSite: "Lax", path: "/" });
    expect(cookie!.expires * 1000 - Date.now()).toBeLessThanOrEqual(30 * 60_000 + 5_000);
    await expectNoAxeViolations(page);
    await shoot(page, "brev-gavoformular");
  });

  test("an unknown link gets a friendly page (404) with the plain form and the phone number", async ({ page }) => {
    const answer = await page.goto("/brev/0000000000000000000000000Z");
    expect(answer?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Länken fungerar inte längre");
    await expect(page.getByRole("main").getByRole("link", { name: "Ge en gåva" })).toHaveAttribute("href", "/ge-en-gava");
    await expect(page.getByRole("link", { name: /^\d[\d -]+\d$/ })).toHaveAttribute("href", /^tel:\d+$/);
    await expectNoAxeViolations(page);
    await shoot(page, "brev-okand");

    await page.getByRole("main").getByRole("link", { name: "Ge en gåva" }).click();
    await expect(page).toHaveURL(/\/ge-en-gava$/);
    await expect(page.getByLabel("Namn", { exact: true })).toHaveValue("");
  });
});

test.describe("in the back office", () => {
  /** Anders Sjöberg in the BankID simulator; no other journey makes him staff. */
  const STAFF = { personnummer: "198404152392" };

  test("staff strike a prank order: it leaves the queue, is never posted, and the page says so", async ({ page, logInStaff }) => {
    const ordered = await page.request.post("/api/PostalForm", {
      data: { kind: "autogiro_mandate", name: "Kalle Anka", street: `Paradisäppelvägen ${Math.floor(Math.random() * 900) + 100}`, postalCode: "123 45", city: "Ankeborg" },
    });
    expect(ordered.status()).toBe(201);
    const { reference } = (await ordered.json()) as { reference: string };

    await logInStaff(STAFF.personnummer, ["insamling"]);
    await page.goto("/admin");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Översikt");
    await page.getByRole("navigation", { name: "Administration" }).getByRole("link", { name: "Utskick", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Utskick");

    const row = page.getByRole("row").filter({ hasText: reference });
    await expect(row).toContainText("Blankett för autogiromedgivande");
    await expectNoAxeViolations(page);
    await shoot(page, "admin-leverans");
    await row.getByRole("button", { name: /^Stryk Blankett för autogiromedgivande till Kalle Anka/ }).click();

    await expect(page.locator('.notice[role="status"]')).toHaveText(`Beställningen ${reference} (Kalle Anka) är struken och postas inte.`);
    await expect(page.getByRole("row").filter({ hasText: reference })).toHaveCount(0);
    expect(JSON.parse(fixture("form", reference))).toMatchObject({ kind: "autogiro_mandate", status: "cancelled" });
    await expectNoAxeViolations(page);
  });
});
