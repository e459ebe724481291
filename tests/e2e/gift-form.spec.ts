import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { gotoHydrated } from "./hydrated";

// The gift form's own behaviour (decision 0011: Conform with the form's Zod schema);
// the payment journeys that start from it are in gifts.spec.ts and payments.spec.ts.

test("every failed submit moves focus to the error summary, the second one too", async ({ page }) => {
  await gotoHydrated(page, "/ge-en-gava");
  const submit = page.getByRole("button", { name: "Fortsätt till Swish" });
  const summary = page.getByRole("alert");
  await submit.click();
  await expect(summary).toBeFocused();

  // The donor goes back to a field, changes nothing that helps, and tries again.
  await page.getByLabel("Namn", { exact: true }).focus();
  await expect(summary).not.toBeFocused();
  await submit.click();
  await expect(summary).toBeFocused();

  // And once more after fixing one of the fields: the summary follows.
  await page.getByLabel("Namn", { exact: true }).fill("Astrid Exempel");
  await submit.click();
  await expect(summary).toBeFocused();
  await expect(summary).not.toContainText("Namn:");
});

test("an answer from the server takes focus to the summary too, also the second time", async ({ page }) => {
  await gotoHydrated(page, "/ge-en-gava");
  const lookup = page.getByRole("button", { name: "Hämta namn och adress" });
  const summary = page.getByRole("alert");
  // Valid, but not in the (simulated) population register: only the server can say so.
  await page.getByLabel("Personnummer (frivilligt)").fill("19820214-2397");
  await lookup.click();
  await expect(summary).toContainText("Vi hittade ingen person med det personnumret.");
  await expect(summary).toBeFocused();
  await expect(page.getByLabel("Personnummer (frivilligt)")).toHaveAttribute("aria-invalid", "true");
  await lookup.focus();
  await lookup.click();
  await expect(summary).toBeFocused();
  await expect(summary.getByRole("listitem")).toHaveCount(1);
});

test("the error summary lists the fields in the form's order, the amount first", async ({ page }) => {
  await gotoHydrated(page, "/ge-en-gava");
  await page.getByRole("radio", { name: "Annat belopp" }).check();
  await page.getByLabel("Annat belopp (kronor)").fill("10");
  await page.getByLabel("E-post").fill("inte-en-adress");
  await page.getByRole("radio", { name: /^Faktura/ }).check();
  await page.getByRole("button", { name: "Skicka fakturan" }).click();
  const items = page.getByRole("alert").getByRole("listitem");
  await expect(items).toHaveText([
    /^Annat belopp: Ange ett belopp mellan 50 och 100/,
    /^Namn: Skriv ditt namn\./,
    /^E-post: Skriv en e-postadress/,
    /^Gatuadress: /,
    /^Postnummer: /,
    /^Ort: /,
  ]);
  // Each item leads to its field.
  await items.first().getByRole("link").click();
  await expect(page).toHaveURL(/#.*customAmount$/);
  await expectNoAxeViolations(page);
});

test("tabbing past the free amount keeps the chosen preset; typing in it chooses it", async ({ page }) => {
  await gotoHydrated(page, "/ge-en-gava");
  const preset = page.getByRole("radio", { name: "250 kr" });
  const other = page.getByRole("radio", { name: "Annat belopp" });
  const free = page.getByLabel("Annat belopp (kronor)");
  await preset.check();
  await preset.focus();
  await page.keyboard.press("Tab");
  await expect(free).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Namn", { exact: true })).toBeFocused();
  await expect(preset).toBeChecked();
  await expect(other).not.toBeChecked();

  await free.focus();
  await page.keyboard.type("300");
  await expect(other).toBeChecked();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  // (No axe scan here: axe runs as a script in the page. The same markup is scanned with JavaScript above.)

  test("the server says what is wrong, in the form's order, and keeps what the donor wrote", async ({ page }) => {
    await page.goto("/ge-en-gava");
    await page.getByRole("radio", { name: "Annat belopp" }).check();
    await page.getByLabel("Annat belopp (kronor)").fill("10");
    await page.getByLabel("Namn", { exact: true }).fill("Astrid Exempel");
    await page.getByLabel("E-post").fill("inte-en-adress");
    await page.getByLabel("Personnummer (frivilligt)").fill("19811228-9874");
    await page.getByRole("button", { name: "Fortsätt till Swish" }).click();

    const summary = page.getByRole("alert");
    await expect(summary.getByRole("listitem")).toHaveText([/^Annat belopp: Ange ett belopp/, /^E-post: Skriv en e-postadress/]);
    const email = page.getByLabel("E-post");
    await expect(email).toHaveValue("inte-en-adress");
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAccessibleDescription(/Skriv en e-postadress som namn@exempel\.se\./);
    await expect(page.getByLabel("Namn", { exact: true })).toHaveValue("Astrid Exempel");
    await expect(page.getByLabel("Namn", { exact: true })).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Personnummer (frivilligt)")).toHaveValue("19811228-9874");
    await expect(page.getByRole("radio", { name: "Annat belopp" })).toBeChecked();
    await expect(page.getByLabel("Annat belopp (kronor)")).toHaveValue("10");

    // Corrected, the same page goes on to the payment.
    await page.getByLabel("Annat belopp (kronor)").fill("300");
    await email.fill("astrid@exempel.se");
    await page.getByRole("button", { name: "Fortsätt till Swish" }).click();
    await expect(page).toHaveURL(/\/ge-en-gava\/betalning\/[0-9A-Z]{26}$/);
  });
});

test("the gift page leads to every other kind of gift, each to a form that answers", async ({ page, request }) => {
  await page.goto("/ge-en-gava");
  await page.getByRole("link", { name: "Se alla sätt att ge" }).click();
  const ways = page.getByRole("navigation", { name: "Andra sätt att ge" });
  await expect(ways).toBeInViewport();
  const links = ways.getByRole("link");
  await expect(links).toHaveText(["Månadsgåva", "Minnesgåva", "Minnesinsamling", "Gratulationskort", "Gåvokort", "Gåvobevis", "Diplom", "Medlemskap", "Blankett på papper"]);
  for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")!))) {
    expect((await request.get(href)).status(), href).toBe(200);
  }
});

test("on a phone, tick boxes and radio buttons beside a label that wraps keep their size", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto("/ge-en-gava");
  for (const control of [page.getByRole("checkbox").first(), page.getByLabel(/Swish på en annan enhet/)]) {
    const box = (await control.boundingBox())!;
    expect(Math.round(box.width)).toBe(22);
    expect(Math.round(box.height)).toBe(22);
  }
});
