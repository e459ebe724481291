import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { gotoHydrated } from "./hydrated";
import { answerInSwish } from "./gift-flow";
import { expect, test } from "./session-fixture";
import { fullName, personChoice, someone } from "./deceased-people";

// Payment journeys wait for simulated providers and polling: give them more than the default 30 s.
test.slow();

const PAGE = "/ge-en-gava/minnesgava";

async function fillDonor(page: Page) {
  await page.getByRole("radio", { name: "250 kr" }).check();
  await page.getByLabel("Namn", { exact: true }).fill("Astrid Exempel");
  await page.getByLabel("E-post", { exact: true }).fill("astrid@exempel.se");
}

test("a memorial gift by Swish, the sheet to the family by e-mail", async ({ page, request }) => {
  const person = await someone(request);
  await gotoHydrated(page, PAGE);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ge en gåva till minne av någon");

  // Results as the donor types, the count announced.
  await page.getByLabel("Sök på namn").fill(fullName(person));
  await expect(page.locator("#minnesgava-deceasedQuery-status")).toContainText(/\d+ (person|personer) hittades/);
  // A fresh list starts with nobody chosen, not with "Ingen av dessa" (issue #29).
  await expect(page.getByRole("radio", { name: "Ingen av dessa" })).not.toBeChecked();
  await personChoice(page, person).check();
  await expectNoAxeViolations(page);

  await page.getByRole("radio", { name: "Till familjen med e-post" }).check();
  await page.getByLabel("Vem ska minnesbladet till?").fill("Familjen Exempel");
  await page.getByLabel("Familjens e-postadress").fill("familjen@exempel.se");
  await expect(page.locator(".delivery-estimate")).toContainText("skickas med e-post");

  // A preview as soon as the person is known; it follows the words 400 ms after typing stops, and says what it shows.
  const preview = page.locator(".preview__image");
  await expect(preview).toHaveAttribute("alt", new RegExp(`motivet liljor, till minne av ${fullName(person)}\\.`));
  const first = await preview.getAttribute("src");
  await page.getByRole("radio", { name: "Duva" }).check();
  const greeting = "Tack för alla fina år. Vi tänker på er.";
  await page.getByLabel("Din hälsning (frivilligt)").fill(greeting);
  await expect(page.locator(".count")).toHaveText(`${greeting.length} av 300 tecken`);
  await page.getByLabel("Hälsningar från").fill("Astrid och Bo");
  await expect(preview).toHaveAttribute("alt", new RegExp(`motivet duva, till minne av ${fullName(person)}\\. Hälsningen lyder: ${greeting} Hälsningar från Astrid och Bo\\.`));
  await expect(preview).not.toHaveAttribute("src", first!);
  // The document engine's PNG, decoded by the browser.
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

  await fillDonor(page);
  await page.getByRole("radio", { name: "Swish", exact: true }).check();
  await page.getByLabel(/Swish på en annan enhet/).check();
  await page.getByRole("button", { name: "Fortsätt till Swish" }).click();
  await expect(page).toHaveURL(/\/ge-en-gava\/betalning\/[0-9A-Z]{26}$/);
  await answerInSwish(page, "Godkänn");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tack för din gåva, Astrid!", { timeout: 30_000 });
});

test("a memorial gift by card, the sheet to the funeral parlour that has the funeral", async ({ page, request }) => {
  const person = await someone(request, { parlour: true });
  await gotoHydrated(page, PAGE);
  await page.getByLabel("Sök på namn").fill(fullName(person));
  await personChoice(page, person).check();

  // Choosing someone whose funeral a parlour has offers that parlour, chosen.
  await expect(page.getByRole("radio", { name: "Till begravningsbyrån" })).toBeChecked();
  await expect(page.locator(".sheet-to-parlour").getByRole("radio", { name: new RegExp(person.funeralParlour!.name) })).toBeChecked();
  await expect(page.locator(".delivery-estimate")).toContainText("Minnesbladet");

  await page.getByLabel("Hälsningar från").fill("Astrid Exempel");
  await fillDonor(page);
  await page.getByRole("radio", { name: "Kort (Visa, Mastercard)" }).check();
  await page.getByRole("button", { name: "Fortsätt till kortbetalning" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Betala med kort");
  await page.getByRole("button", { name: "Gå till kortbetalning" }).click();
  await page.getByLabel("Kortnummer").fill("4111 1111 1111 1111");
  await page.getByLabel("Giltig till (MM/ÅÅ)").fill("12/35");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /^Betala/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tack för din gåva, Astrid!", { timeout: 30_000 });
});

test("the error summary lists what is missing in the page's order, and axe finds nothing", async ({ page }) => {
  await gotoHydrated(page, PAGE);
  // Enter in an ordinary field sends the gift (the form's first button is "Sök").
  await page.getByLabel("E-post", { exact: true }).press("Enter");
  const summary = page.getByRole("alert");
  await expect(summary).toContainText("fel i formuläret");
  await expect(summary).toBeFocused();
  // Everything missing is named in one round, in the page's order: the person first, then where the sheet goes, the sheet, the donor.
  const items = await summary.getByRole("listitem").allInnerTexts();
  const person = "Namn på den som har gått bort: Sök efter personen du vill hedra, eller skriv namnet.";
  const inOrder = [
    person,
    "Minnesbladet: Välj vart minnesbladet ska skickas.",
    "Hälsningar från: Skriv vem hälsningen är från, till exempel Anna och Per Svensson.",
    "Namn: Skriv ditt namn.",
    "E-post: Skriv din e-postadress, så att vi kan skicka kvittot.",
  ];
  expect(items[0]).toBe(person);
  const positions = inOrder.map((text) => items.indexOf(text));
  expect(positions.every((position) => position >= 0)).toBe(true);
  expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  // The fields to type the person by hand open with their error.
  await expect(page.getByLabel("Namn på den som har gått bort")).toBeVisible();
  await expectNoAxeViolations(page);

  // With the destination chosen, its error is gone and the person is still asked for first.
  await page.getByRole("radio", { name: "Till familjen med e-post" }).check();
  await page.getByRole("button", { name: /^Fortsätt till/ }).click();
  await expect(summary.getByRole("listitem").first()).toHaveText(person);
  await expect(summary).not.toContainText("Välj vart minnesbladet ska skickas.");
  await expectNoAxeViolations(page);
});

test("name and address from the population register, as on the gift page, keeping the memorial's choices", async ({ page }) => {
  await gotoHydrated(page, PAGE);
  await page.getByRole("radio", { name: "Till familjen med e-post" }).check();
  await page.getByLabel("Din hälsning (frivilligt)").fill("Vi tänker på er.");
  await page.getByLabel("Personnummer (frivilligt)").fill("19811228-9874");
  await page.getByRole("button", { name: "Hämta namn och adress" }).click();
  await expect(page.getByRole("main").getByText("Vi har fyllt i ditt namn och din adress.")).toBeVisible();
  await expect(page.getByLabel("Namn", { exact: true })).toHaveValue("Erik Lindgren");
  await expect(page.getByLabel("Din hälsning (frivilligt)")).toHaveValue("Vi tänker på er.");
  await expect(page.getByRole("radio", { name: "Till familjen med e-post" })).toBeChecked();
});

test("a donor logged in with BankID gives as themselves: the memorial gift is theirs in Mina sidor without a personnummer", async ({ page, request, logInDonor }) => {
  const person = await someone(request);
  // Erik Lindgren.
  await logInDonor("198112289874");
  await gotoHydrated(page, PAGE);
  await expect(page.getByLabel("Namn", { exact: true })).toHaveValue("Erik Lindgren");
  // Without the personnummer only the session can link the gift to him.
  await page.getByLabel("Personnummer (frivilligt)").fill("");
  await page.getByLabel("Sök på namn").fill(fullName(person));
  await personChoice(page, person).check();
  await page.getByRole("radio", { name: "Till familjen med e-post" }).check();
  await page.getByLabel("Vem ska minnesbladet till?").fill("Familjen Exempel");
  await page.getByLabel("Familjens e-postadress").fill("familjen@exempel.se");
  await page.getByLabel("Hälsningar från").fill("Erik");
  await page.getByRole("radio", { name: "1 000 kr" }).check();
  await page.getByLabel("E-post", { exact: true }).fill("erik@exempel.se");
  await page.getByRole("radio", { name: "Kort (Visa, Mastercard)" }).check();
  await page.getByRole("button", { name: "Fortsätt till kortbetalning" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Betala med kort");
  await page.goto("/mina-sidor");
  const gifts = page.getByRole("table", { name: "Dina gåvor, senaste först" });
  await expect(gifts.getByRole("row", { name: /Minnesgåva.*1\s000.*Inte betald/ })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("search with the button, choose, preview with the button, errors from the server, then submit", async ({ page, request }) => {
    const person = await someone(request);
    await page.goto(PAGE);
    await page.getByLabel("Sök på namn").fill(fullName(person));
    await page.getByRole("button", { name: "Sök", exact: true }).click();
    await expect(page.locator("#minnesgava-deceasedQuery-status")).toContainText("hittades");
    await expect(page.getByLabel("Sök på namn")).toHaveValue(fullName(person));
    await personChoice(page, person).check();

    await page.getByRole("radio", { name: "Till familjen med e-post" }).check();
    await page.getByLabel("Vem ska minnesbladet till?").fill("Familjen Exempel");
    await page.getByLabel("Familjens e-postadress").fill("familjen@exempel.se");
    await page.getByLabel("Din hälsning (frivilligt)").fill("Vila i frid.");
    await page.getByRole("button", { name: "Förhandsgranska" }).click();
    await expect(page.locator(".preview__image")).toHaveAttribute("src", /greeting=Vila\+i\+frid/);
    // Everything typed is kept, the choice too.
    await expect(personChoice(page, person)).toBeChecked();
    await expect(page.getByLabel("Familjens e-postadress")).toHaveValue("familjen@exempel.se");
    await expect(page.locator(".delivery-estimate")).toContainText("skickas med e-post");

    // Submitted without a signature or a donor: the server's messages, in the summary and at the fields.
    await page.getByRole("button", { name: /^Fortsätt till/ }).click();
    await expect(page.getByRole("alert")).toContainText("Skriv vem hälsningen är från");
    await expect(page.getByLabel("Hälsningar från")).toHaveAttribute("aria-invalid", "true");
    await expect(personChoice(page, person)).toBeChecked();

    await page.getByLabel("Hälsningar från").fill("Astrid och Bo");
    await fillDonor(page);
    await page.getByRole("radio", { name: "Kort (Visa, Mastercard)" }).check();
    await page.getByRole("button", { name: /^Fortsätt till/ }).click();
    await expect(page).toHaveURL(/\/ge-en-gava\/betalning\/[0-9A-Z]{26}$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Betala med kort");
  });
});
