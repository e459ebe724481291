import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { gotoHydrated } from "./hydrated";
import { latestMyDataLink } from "./bankid-flow";
import { expect, test } from "./session-fixture";

// A monthly gift by card (decision 0028): logged in with BankID, the first month paid in the card simulator's window, which
// stores the card; the agreement on Mina sidor. Axe on each page of ours.
test.describe.configure({ timeout: 240_000 });

/** Anna Svensson in the BankID simulator: nobody else's journey uses her. */
const ANNA = "199001012385";
const SHOTS = process.env.SCREENSHOT_DIR;

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test("a donor gives 200 kr a month by card and sees it on Mina sidor", async ({ page, logInDonor }) => {
  await logInDonor(ANNA);

  await gotoHydrated(page, "/ge-en-gava/manadsgava");
  await page.getByRole("radio", { name: "200 kr" }).check();
  await page.getByLabel("Dag i månaden då pengarna dras").selectOption("15");
  await page.getByRole("radio", { name: "Kort" }).check();
  // With card no account and no personnummer are asked for: BankID already told us who gives.
  await expect(page.getByLabel("Clearingnummer")).toBeHidden();
  await expect(page.getByLabel("Personnummer")).toHaveCount(0);
  await page.getByLabel("E-post").fill("anna.svensson@exempel.se");
  await expectNoAxeViolations(page);
  await shoot(page, "monthly-card-form");
  await page.getByRole("button", { name: "Gå vidare till kortbetalning" }).click();

  await expect(page).toHaveURL(/\/ge-en-gava\/betalning\/[0-9A-Z]{26}$/);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Gå till kortbetalning" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Betala med kort");
  await page.getByLabel("Kortnummer").fill("4111 1111 1111 1111");
  await page.getByLabel("Giltig till (MM/ÅÅ)").fill("12/30");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /^Betala/ }).click();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tack för att du blir månadsgivare!", { timeout: 30_000 });
  // The thank-you page may carry ?ny-epost=1 (the e-mail typed replaced the one on file): the id is the path's last part.
  const agreementId = new URL(page.url()).pathname.split("/").pop() ?? "";
  // The card is stored by a job within seconds of the payment; then the agreement is active.
  await expect
    .poll(async () => {
      await page.reload();
      return page.getByText("Kort som slutar på 1111").count();
    }, { timeout: 30_000 })
    .toBeGreaterThan(0);
  await expectNoAxeViolations(page);
  await shoot(page, "monthly-card-thanks");

  await page.goto(`/mina-sidor/manadsgava/${agreementId}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Din månadsgåva");
  await expect(page.getByText("Kort som slutar på 1111")).toBeVisible();
  await expect(page.getByText("Aktiv", { exact: true })).toBeVisible();
  await expect(page.getByRole("table").getByText("Dragen")).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, "monthly-card-agreement");

  await page.goto("/mina-sidor");
  await expect(page.getByRole("link", { name: /200\s+kr i månaden/ }).or(page.getByText(/200\s+kr i månaden/)).first()).toBeVisible();

  // As a member-to-be she sees no automatic renewal; the membership page itself is axe clean.
  await gotoHydrated(page, "/bli-medlem");
  await expectNoAxeViolations(page);

  // She asks to be erased (decision 0035): the My data page says first that the monthly gift ends with it.
  await page.goto("/mina-sidor");
  const before = Date.now() - 1_000;
  await page.getByRole("button", { name: "Skicka länk till mina uppgifter" }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText("Vi har skickat länken");
  await page.goto(await latestMyDataLink(before, "Hej Anna,"));
  await page.getByRole("button", { name: "Endast nödvändiga" }).click();
  // What we hold includes the monthly gift and its card, by its last four digits only.
  await expect(page.getByRole("region", { name: "Månadsgivande och medlemskap" })).toContainText(/Månadsgåva, 200\s+kr i månaden, den 15:e – aktiv\. Kort som slutar på 1111\./);
  const erasure = page.getByRole("region", { name: "Radera dina uppgifter" });
  await expect(erasure).toContainText(/Om du raderar dina uppgifter avslutar vi också din månadsgåva på 200\s+kr i månaden/);
  await expectNoAxeViolations(page);
  // On a phone her long address and e-mail wrap: nothing reaches past the screen's edge.
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await page.setViewportSize({ width: 1280, height: 720 });
  await shoot(page, "my-data-erasure-ends-monthly-gift");
  await erasure.getByRole("checkbox", { name: "Ja, radera mina uppgifter" }).check();
  await erasure.getByRole("button", { name: "Radera mina uppgifter" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dina uppgifter är raderade");
  // Logged out with the erasure; logging in again finds no monthly gift.
  await logInDonor(ANNA);
  await page.goto("/mina-sidor");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mina sidor");
  await expect(page.getByRole("region", { name: "Månadsgivande" })).not.toContainText(/200\s+kr i månaden/);
});

test("without BankID the card choice asks the donor to log in first", async ({ page }) => {
  await gotoHydrated(page, "/ge-en-gava/manadsgava");
  await page.getByRole("radio", { name: "200 kr" }).check();
  await page.getByRole("radio", { name: "Kort" }).check();
  await expect(page.getByRole("link", { name: "Logga in med BankID för att ge med kort" })).toBeVisible();
  await page.getByLabel("Namn", { exact: true }).fill("Någon Annan");
  await page.getByLabel("E-post").fill("nagon@exempel.se");
  await page.getByRole("button", { name: "Gå vidare till kortbetalning" }).click();
  await expect(page.getByText("Logga in med BankID för att ge med kort, så att gåvan hamnar på Mina sidor").first()).toBeVisible();
  await expect(page).toHaveURL(/\/ge-en-gava\/manadsgava$/);
  await expectNoAxeViolations(page);
});
