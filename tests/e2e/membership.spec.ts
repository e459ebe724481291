import { expectNoAxeViolations } from "./axe";
import { gotoHydrated } from "./hydrated";
import { answerInSwish } from "./gift-flow";
import { expect, test } from "./session-fixture";

// A payment journey waits for the Swish simulator and polling.
test.slow();

test("become a member by Swish, see the member number and download the member card", async ({ page }) => {
  await gotoHydrated(page, "/bli-medlem");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bli medlem");
  await expect(page.getByText("ger därför ingen skattereduktion")).toBeVisible();
  await expectNoAxeViolations(page);

  const you = page.getByRole("group", { name: "Dina uppgifter" });
  await you.getByLabel("Namn").fill("Birgitta Holm");
  await you.getByLabel("E-post").fill("birgitta.holm@exempel.se");
  const address = page.getByRole("group", { name: "Din adress" });
  await address.getByLabel("Gatuadress").fill("Storgatan 12");
  await address.getByLabel("Postnummer").fill("123 45");
  await address.getByLabel("Ort").fill("Exempelby");
  await page.getByRole("radio", { name: "Swish", exact: true }).check();
  await page.getByLabel(/Swish på en annan enhet/).check();
  await page.getByRole("button", { name: /^Fortsätt till Swish \(300 kr\)$/ }).click();
  await expect(page).toHaveURL(/\/ge-en-gava\/betalning\/[0-9A-Z]{26}$/);
  // A membership fee "räknas inte som en gåva": the payment page does not call it one (issue #29).
  await expect(page.getByRole("main")).toContainText("Medlemsavgift på 300 kr");
  await expect(page.getByRole("main")).not.toContainText("Gåva på");

  await answerInSwish(page, "Godkänn");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Välkommen som medlem, Birgitta!", { timeout: 30_000 });
  const facts = page.locator(".thanks-facts");
  await expect(facts).toContainText("Medlemsnummer");
  await expect(facts.locator("dd").first()).toHaveText(/^\d{5,}$/);
  await expect(page.getByText("ingen skattereduktion")).toBeVisible();
  await expectNoAxeViolations(page);

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Ladda ner medlemskortet (PDF)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("medlemskort.pdf");
  const path = await download.path();
  const { readFileSync } = await import("node:fs");
  expect(readFileSync(path).subarray(0, 5).toString()).toBe("%PDF-");
});

test("the membership form says what is missing, shows a present's fields only when chosen, and sends nothing", async ({ page }) => {
  await gotoHydrated(page, "/bli-medlem");
  const recipient = page.getByRole("group", { name: "Den som får medlemskapet" });
  await expect(recipient).toBeHidden();
  await page.getByRole("radio", { name: /Någon annan/ }).check();
  await expect(recipient).toBeVisible();

  await page.getByRole("button", { name: /\(300 kr\)$/ }).click();
  const summary = page.getByRole("alert");
  await expect(summary).toBeFocused();
  await expect(summary).toContainText("Skriv namnet på den som ska bli medlem.");
  await expect(summary).toContainText("Skriv mottagarens gatuadress.");
  await expect(summary).toContainText("Skriv ditt namn.");
  await expect(page).toHaveURL(/\/bli-medlem$/);
  await expectNoAxeViolations(page);

  // Back to a membership for oneself: the present's fields go, the donor's own address is asked for.
  await page.getByRole("radio", { name: "Jag själv" }).check();
  await expect(recipient).toBeHidden();
  await page.getByRole("button", { name: /\(300 kr\)$/ }).click();
  await expect(summary).toContainText("Skriv din gatuadress.");
  await expect(summary).not.toContainText("mottagarens");
});

test("a renewal link that names no member says so and still offers the form", async ({ page }) => {
  await gotoHydrated(page, "/bli-medlem?fornya=AAAAAAAAAAAAAAAAAAAAAAAA");
  await expect(page.getByText("Vi hittar inte medlemskapet som länken gäller.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bli medlem");
  await expectNoAxeViolations(page);
});

test("a logged-in member chooses yearly renewal by card and the membership page then says it is running", async ({ page, logInDonor }) => {
  test.setTimeout(240_000);
  // Greta Blom in the BankID simulator: no other journey logs in as her.
  await logInDonor("190001019801");
  await gotoHydrated(page, "/bli-medlem");
  // Not a member yet: nothing to renew.
  await expect(page.getByRole("heading", { name: "Förnya automatiskt varje år" })).toHaveCount(0);
  const you = page.getByRole("group", { name: "Dina uppgifter" });
  await you.getByLabel("E-post").fill("greta.blom@exempel.se");
  const address = page.getByRole("group", { name: "Din adress" });
  if (!(await address.getByLabel("Gatuadress").inputValue())) {
    await address.getByLabel("Gatuadress").fill("Kyrkogatan 4");
    await address.getByLabel("Postnummer").fill("753 10");
    await address.getByLabel("Ort").fill("Uppsala");
  }
  await page.getByRole("radio", { name: "Swish", exact: true }).check();
  await page.getByLabel(/Swish på en annan enhet/).check();
  await page.getByRole("button", { name: /^Fortsätt till Swish \(300 kr\)$/ }).click();
  await answerInSwish(page, "Godkänn");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Välkommen som medlem, Greta!", { timeout: 30_000 });

  // A member now: the page offers renewal every year; by card she pays the next year's fee in the card window.
  await gotoHydrated(page, "/bli-medlem");
  // A member is not asked to become one (issue #29): the page is about their membership.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ditt medlemskap");
  await expect(page.getByRole("form", { name: "Betala nästa års avgift nu, eller ge ett medlemskap i present" })).toBeVisible();
  const renewal = page.getByRole("region", { name: "Förnya automatiskt varje år" });
  await expect(renewal).toBeVisible();
  await expectNoAxeViolations(page);
  await renewal.getByRole("button", { name: "Förnya med kort" }).click();
  await expect(page).toHaveURL(/\/ge-en-gava\/betalning\/[0-9A-Z]{26}$/);
  await page.getByRole("button", { name: "Gå till kortbetalning" }).click();
  await page.getByLabel("Kortnummer").fill("4111 1111 1111 1111");
  await page.getByLabel("Giltig till (MM/ÅÅ)").fill("12/30");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /^Betala/ }).click();
  // The thank-you page speaks of a yearly membership fee, never of a monthly gift or a tax reduction.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tack! Ditt medlemskap förnyas nu varje år", { timeout: 30_000 });
  await expect(page.getByText("300 kr om året")).toBeVisible();
  await expect(page.getByText("ingen skattereduktion")).toBeVisible();
  await expect(page.getByText(/i månaden|månadsgåva/i)).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Once the card is stored (a job, within seconds) the page says how the membership is renewed and links to stopping it.
  await expect
    .poll(
      async () => {
        await gotoHydrated(page, "/bli-medlem");
        return page.getByText(/Ditt medlemskap förnyas automatiskt med kort/).count();
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0);
  await expect(page.getByRole("link", { name: "Se eller avsluta förnyelsen" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Se eller avsluta förnyelsen" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Automatisk förnyelse av medlemskapet");
  await expect(page.getByText("Automatisk förnyelse av medlemskapet valdes med kort: 300 kr om året.")).toBeVisible();
  await expect(page.getByText(/månadsgåva/i)).toHaveCount(0);
  await expectNoAxeViolations(page);

  // She stops the renewal; the membership she has paid for still holds.
  await page.getByLabel("Ja, jag vill avsluta den automatiska förnyelsen").check();
  await page.getByRole("button", { name: "Avsluta förnyelsen" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Den automatiska förnyelsen är avslutad. Medlemskapet gäller året ut." })).toBeVisible();
});
