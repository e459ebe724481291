import { expect, test, type Page } from "@playwright/test";

// Every page works before its scripts have run (they load after the first paint), so on a slow
// phone a donor chooses and types while React is on its way. What they chose must still be
// chosen once React has taken over – and be what is sent: a 500 kr gift tapped early was sent
// as the default 250 kr (app/client/input-before-hydration.ts).

test.slow();

/**
 * Holds the page's scripts back, as a slow phone would, until `release()` – including those of
 * the next document after a form is sent without them.
 */
async function holdScripts(page: Page): Promise<{ release: () => Promise<void> }> {
  let open!: () => void;
  const held = new Promise<void>((resolve) => (open = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    // A request of a document the browser has left meanwhile is gone: nothing to continue.
    await route.continue().catch(() => undefined);
  });
  return {
    release: async () => {
      // The choices were made before the scripts ran, or this journey proves nothing.
      expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
      open();
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    },
  };
}

test("a gift: the amount, details, newsletter and card chosen before the scripts ran are what is sent", async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto("/ge-en-gava", { waitUntil: "domcontentloaded" });
  await page.getByRole("radio", { name: "500 kr" }).check();
  await page.getByLabel("Namn", { exact: true }).fill("Astrid Exempel");
  await page.getByLabel("E-post").fill("astrid@exempel.se");
  await page.getByRole("radio", { name: "Kort (Visa, Mastercard)" }).check();
  await page.getByLabel(/nyhetsbrev/).check();
  await scripts.release();

  await expect(page.getByRole("radio", { name: "500 kr" })).toBeChecked();
  await expect(page.getByLabel("Namn", { exact: true })).toHaveValue("Astrid Exempel");
  await expect(page.getByLabel(/nyhetsbrev/)).toBeChecked();
  // React's state follows the choice: the button says where the donor goes next.
  const submit = page.getByRole("button", { name: "Fortsätt till kortbetalning" });
  await expect(submit).toBeVisible();
  await submit.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Betala med kort");
  await expect(page.getByRole("main")).toContainText("Gåva på 500 kr");
});

test("a monthly gift: the amount and debit day chosen before the scripts ran are in the mandate", async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto("/ge-en-gava/manadsgava", { waitUntil: "domcontentloaded" });
  await page.getByRole("radio", { name: "300 kr" }).check();
  await page.getByLabel("Dag i månaden då pengarna dras").selectOption("15");
  await page.getByLabel("Namn", { exact: true }).fill("Maja Exempel");
  await page.getByLabel("E-post").fill("maja@exempel.se");
  // Not in the BankID simulator's list: the mandate's order clashes with no other journey's.
  await page.getByLabel("Personnummer").fill("19720315-4567");
  await page.getByLabel("Clearingnummer").fill("5000");
  await page.getByLabel("Kontonummer").fill("1234560");
  await page.getByLabel(/nyhetsbrev/).check();
  await scripts.release();

  await expect(page.getByRole("radio", { name: "300 kr" })).toBeChecked();
  await expect(page.getByLabel("Dag i månaden då pengarna dras")).toHaveValue("15");
  await expect(page.getByLabel(/nyhetsbrev/)).toBeChecked();
  // React's state follows what was typed and chosen: the bank's name and the cost after the tax reduction.
  await expect(page.getByText("Bank: SEB")).toBeVisible();
  await expect(page.getByText(/kostar 300 kr i månaden dig 225 kr/)).toBeVisible();
  await page.getByRole("button", { name: "Skriv under med BankID" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Skriv under medgivandet");
  await expect(page.getByRole("region", { name: "Det här skriver du under" })).toContainText("300 kronor per månad, den 15");
});

test("a memorial gift: the person found, the sheet, the greeting and the amount chosen before the scripts ran are sent", async ({ page, request }) => {
  const response = await request.get("/api/DeceasedPeople/Search?name=andersson&pageSize=20");
  const { items } = (await response.json()) as { items: { givenNames: string; surname: string }[] };
  const person = items[0]!;
  const name = `${person.givenNames} ${person.surname}`;

  const scripts = await holdScripts(page);
  await page.goto("/ge-en-gava/minnesgava", { waitUntil: "domcontentloaded" });
  // Without scripts the search is a form sent to the server: the results come on a new page, scripts still held.
  await page.getByLabel("Sök på namn").fill(name);
  await page.getByRole("button", { name: "Sök", exact: true }).click();
  await expect(page.locator("#minnesgava-deceasedQuery-status")).toContainText("hittades");
  await page.locator(".result-choice", { hasText: name }).first().getByRole("radio").check();
  await page.getByRole("radio", { name: "Till familjen med e-post" }).check();
  await page.getByLabel("Vem ska minnesbladet till?").fill("Familjen Exempel");
  await page.getByLabel("Familjens e-postadress").fill("familjen@exempel.se");
  await page.getByRole("radio", { name: "Duva" }).check();
  await page.getByLabel("Din hälsning (frivilligt)").fill("Vi tänker på er.");
  await page.getByLabel("Hälsningar från").fill("Astrid och Bo");
  await page.getByLabel("Visa beloppet på minnesbladet").check();
  await page.getByRole("radio", { name: "500 kr" }).check();
  await page.getByLabel("Namn", { exact: true }).fill("Astrid Exempel");
  await page.getByLabel("E-post", { exact: true }).fill("astrid@exempel.se");
  await page.getByRole("radio", { name: "Kort (Visa, Mastercard)" }).check();
  await scripts.release();

  await expect(page.locator(".result-choice", { hasText: name }).first().getByRole("radio")).toBeChecked();
  await expect(page.getByRole("radio", { name: "Till familjen med e-post" })).toBeChecked();
  await expect(page.getByRole("radio", { name: "Duva" })).toBeChecked();
  await expect(page.getByLabel("Din hälsning (frivilligt)")).toHaveValue("Vi tänker på er.");
  await expect(page.getByRole("radio", { name: "500 kr" })).toBeChecked();
  // React's state follows: the delivery estimate is the family's e-mail, the preview has the dove, the words and the amount.
  await expect(page.locator(".delivery-estimate")).toContainText("skickas med e-post");
  await expect(page.locator(".preview__image")).toHaveAttribute(
    "alt",
    /motivet duva, .* Hälsningen lyder: Vi tänker på er\. Hälsningar från Astrid och Bo\. Beloppet 500 kronor visas\./,
  );
  await page.getByRole("button", { name: "Fortsätt till kortbetalning" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Betala med kort");
  await expect(page.getByRole("main")).toContainText("Gåva på 500 kr");
});

test("a membership: a present, its greeting and an invoice chosen before the scripts ran are what is sent", async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto("/bli-medlem", { waitUntil: "domcontentloaded" });
  await page.getByRole("radio", { name: /Någon annan/ }).check();
  const recipient = page.getByRole("group", { name: "Den som får medlemskapet" });
  await recipient.getByLabel("Namn").fill("Sven Mottagare");
  await recipient.getByLabel("Gatuadress").fill("Lillgatan 3");
  await recipient.getByLabel("Postnummer").fill("543 21");
  await recipient.getByLabel("Ort", { exact: true }).fill("Annanstad");
  await page.getByLabel("Hälsning på medlemskortet (frivilligt)").fill("Grattis, pappa!");
  const you = page.getByRole("group", { name: "Dina uppgifter" });
  await you.getByLabel("Namn").fill("Birgitta Holm");
  await you.getByLabel("E-post").fill("birgitta.holm@exempel.se");
  const address = page.getByRole("group", { name: "Din adress" });
  await address.getByLabel("Gatuadress").fill("Storgatan 12");
  await address.getByLabel("Postnummer").fill("123 45");
  await address.getByLabel("Ort", { exact: true }).fill("Exempelby");
  await page.getByRole("radio", { name: /^Faktura/ }).check();
  await page.getByLabel(/nyhetsbrev/).check();
  await scripts.release();

  await expect(page.getByRole("radio", { name: /Någon annan/ })).toBeChecked();
  await expect(recipient).toBeVisible();
  await expect(page.getByLabel("Hälsning på medlemskortet (frivilligt)")).toHaveValue("Grattis, pappa!");
  await expect(page.getByLabel(/nyhetsbrev/)).toBeChecked();
  const submit = page.getByRole("button", { name: "Skicka fakturan (300 kr)" });
  await expect(submit).toBeVisible();
  await submit.click();
  await expect(page).toHaveURL(/\/ge-en-gava\/betalning\/[0-9A-Z]{26}$/);
  await expect(page.getByRole("main")).toContainText("300 kr");
  await expect(page.locator("dt:has-text('Belopp') + dd")).toHaveText("300 kr");
});
