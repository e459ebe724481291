import { expectNoAxeViolations } from "./axe";
import { gotoHydrated } from "./hydrated";
import { answerInSwish } from "./gift-flow";

import { expect, test } from "./session-fixture";
import { runFixture } from "./fixture-scripts";

// A monthly donor's extra gifts – one paid now by Swish, one added to the next debit and withdrawn by a stop – with axe on each page.
test.describe.configure({ timeout: 240_000 });

/** Gunnar Wikström in the BankID simulator: nobody else's journey uses him. */
const GUNNAR = { email: "gunnar.wikstrom@exempel.se", personnummer: "19640823-3234" };

test("a monthly donor pays an extra gift now by Swish, adds one to the next debit, and sees it withdrawn when he stops", async ({ page, logInDonor }) => {
  const { donorId } = await logInDonor(GUNNAR.personnummer);
  // He gives 200 kr a month by autogiro and Bankgirot has approved the mandate: the sign-up is monthly-giving.spec.ts's journey.
  const output = runFixture("tests/e2e/agreement-fixture.ts", ["active", donorId, GUNNAR.email]);
  const { agreementId } = JSON.parse(output) as { agreementId: string };

  await page.goto(`/mina-sidor/manadsgava/${agreementId}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Din månadsgåva");
  await page.getByRole("link", { name: "Betala en extra gåva nu" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ge en extra gåva");
  await expect(page.getByText(/Tack för att du redan ger 200\s+kr i månaden/)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("radio", { name: "250 kr" }).check();
  // Logged in with BankID: name and e-mail are filled in.
  await expect(page.getByLabel("Namn", { exact: true })).toHaveValue("Gunnar Wikström");
  await page.getByLabel("E-post").fill(GUNNAR.email);
  await page.getByRole("radio", { name: "Swish", exact: true }).check();
  await page.getByLabel(/Swish på en annan enhet/).check();
  await page.getByRole("button", { name: "Fortsätt till Swish" }).click();
  await expect(page).toHaveURL(/\/ge-en-gava\/betalning\/[0-9A-Z]{26}$/);
  await answerInSwish(page, "Godkänn");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tack för din gåva, Gunnar!", { timeout: 30_000 });

  await page.goto(`/mina-sidor/manadsgava/${agreementId}`);
  const extra = page.getByRole("region", { name: "Ge en extra gåva" });
  await extra.getByLabel("Extra belopp (kronor)").fill("150");
  await extra.getByRole("button", { name: "Lägg till på nästa dragning" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Tack! Din extra gåva är tillagd." })).toBeVisible();
  // Its request waits for the next file to Bankgirot (issue #29.3): not "Beställd hos Bankgirot" until that file has gone.
  const debits = page.getByRole("table", { name: "Dragningar, senaste först" });
  await expect(debits.getByRole("row", { name: /Extra gåva\s+150\s+kr\s+Skickas till Bankgirot \d{1,2} \p{L}+ \d{4}/u })).toBeVisible();
  await expectNoAxeViolations(page);

  // He stops the monthly gift before that file has gone: the extra gift is withdrawn, never sent and cancelled.
  await page.getByLabel("Ja, jag vill avsluta min månadsgåva").check();
  await page.getByRole("button", { name: "Avsluta månadsgåvan" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Månadsgåvan är avslutad." })).toBeVisible();
  await expect(debits.getByRole("row", { name: /Extra gåva\s+150\s+kr\s+Stoppad/ })).toBeVisible();

  // Mina sidor lists both extra gifts: the one paid by Swish, and the withdrawn one as cancelled, not as unpaid.
  await page.goto("/mina-sidor");
  const gifts = page.getByRole("table").filter({ hasText: "Extra gåva" });
  await expect(gifts.getByRole("row", { name: /Extra gåva.*250\s+kr.*Betald/ })).toBeVisible();
  await expect(gifts.getByRole("row", { name: /Extra gåva.*150\s+kr.*Avbruten/ })).toBeVisible();
});

test("someone else's agreement, or none, opens the ordinary gift form", async ({ page }) => {
  await gotoHydrated(page, "/ge-en-gava?extra=00000000-0000-4000-8000-000000000000");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ge en gåva");
  await expect(page.locator('input[name="extraFor"]')).toHaveCount(0);
});
