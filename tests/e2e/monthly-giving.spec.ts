import { expectNoAxeViolations } from "./axe";
import { gotoHydrated } from "./hydrated";
import fs from "node:fs";
import path from "node:path";
import { decodeQuotedPrintable } from "./bankid-flow";
import { ERIK, fillMonthlyForm, signMandateInSimulator } from "./monthly-flow";
import { expect, test } from "./session-fixture";

// A whole journey – sign-up, BankID signing, login, raise, a raise from the e-mail – with axe on every page; slow on a busy machine.
test.describe.configure({ timeout: 240_000 });

const PAGE = "/ge-en-gava/manadsgava";

/** The newest "Höj ditt månadsbelopp" link e-mailed by the e2e server (mail is written as .eml under var/e2e-<port>/mail). */
async function latestRaiseLink(notBefore: number): Promise<string> {
  const dir = path.join("var", `e2e-${process.env.E2E_PORT ?? "4173"}`, "mail");
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(".eml")).map((f) => path.join(dir, f)) : [];
        const recent = files.filter((f) => fs.statSync(f).mtimeMs >= notBefore).sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
        for (const file of recent) {
          link = /https?:\/\/\S+\/ge-en-gava\/manadsgava\/hoj\?token=[A-Za-z0-9._%-]+/.exec(decodeQuotedPrintable(fs.readFileSync(file, "latin1")))?.[0];
          if (link) return link;
        }
        return undefined;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return link as string;
}

test("sign up for 200 kr a month by autogiro with BankID, then raise it from Mina sidor", async ({ page, logInDonor }) => {
  await gotoHydrated(page, PAGE);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bli månadsgivare");
  await expectNoAxeViolations(page);
  await fillMonthlyForm(page);
  // The bank's name is shown back as soon as the account number is recognised.
  await expect(page.getByText("Bank: SEB")).toBeVisible();
  await expect(page.getByText(/kostar 200 kr i månaden dig 150 kr/)).toBeVisible();
  await page.getByRole("button", { name: "Skriv under med BankID" }).click();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Skriv under medgivandet");
  const mandate = page.getByRole("region", { name: "Det här skriver du under" });
  await expect(mandate).toContainText("Medgivande till betalning via Autogiro");
  await expect(mandate).toContainText("bankgiro 5555-0105");
  await expect(mandate).toContainText("organisationsnummer 802555-0101");
  await expect(mandate).toContainText("200 kronor per månad, den 28");
  await expectNoAxeViolations(page);
  await signMandateInSimulator(page);

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tack för att du blir månadsgivare!", { timeout: 20_000 });
  await expect(page.getByText("200 kr i månaden")).toBeVisible();
  await expect(page.getByText("Väntar på godkännande från banken")).toBeVisible();
  await expect(page.getByText("SEB, konto som slutar på 4560")).toBeVisible();
  await expectNoAxeViolations(page);

  // Where the mandate stands, through the API.
  // The thank-you page may carry ?ny-epost=1 (the e-mail typed replaced the one on file): the id is the path's last part.
  const agreementId = new URL(page.url()).pathname.split("/").pop() ?? "";
  const status = await page.request.post("/api/DirectDebit/CheckAutogiroStatus", { data: { agreementId } });
  expect(status.status()).toBe(200);
  expect((await status.json()).agreements[0]).toMatchObject({ status: "pending", amountOre: 20_000, debitDay: 28 });

  // Mina sidor: the agreement, and a raise that says from which debit it applies and what it costs after the tax reduction.
  await logInDonor(ERIK.personnummer);
  await gotoHydrated(page, "/mina-sidor");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mina sidor");
  await page.getByRole("link", { name: "Se dragningar, höj eller ändra" }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Din månadsgåva");
  await expectNoAxeViolations(page);
  await page.getByLabel("Nytt belopp per månad (kronor)").fill("300");
  await expect(page.getByText(/kostar 300\s+kr i månaden dig 225\s+kr/)).toBeVisible();
  const raisedAt = Date.now() - 1000;
  await page.getByRole("button", { name: "Ändra beloppet" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Beloppet är ändrat." })).toContainText("Det gäller från dragningen");
  await expect(page.getByText("300 kr i månaden")).toBeVisible();
  await expect(page.getByText(/Beloppet ändrades från 200\s+kr till 300\s+kr från dragningen/)).toBeVisible();

  // Bad input on Mina sidor: a clear message, nothing changed.
  await page.getByLabel("Nytt belopp per månad (kronor)").fill("5");
  await page.getByLabel("Nytt belopp per månad (kronor)").blur();
  await page.getByRole("button", { name: "Ändra beloppet" }).click();
  await expect(page.getByRole("alert")).toContainText(/Skriv ett belopp per månad mellan 100 och/);
  await expect(page.getByLabel("Nytt belopp per månad (kronor)")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("300 kr i månaden")).toBeVisible();

  // The confirmation e-mail carries a signed raise link that works without logging in.
  const link = await latestRaiseLink(raisedAt);
  // Without JavaScript the server checks the raise the same way and keeps what was typed.
  const noScripts = await page.context().browser()!.newContext({ javaScriptEnabled: false });
  const plainPage = await noScripts.newPage();
  await plainPage.goto(new URL(link).pathname + new URL(link).search);
  await plainPage.getByLabel("Nytt belopp per månad (kronor)").fill("250");
  await plainPage.getByRole("button", { name: "Höj min månadsgåva" }).click();
  await expect(plainPage.getByRole("alert")).toContainText("Skriv ett belopp högre än 300");
  await expect(plainPage.getByLabel("Nytt belopp per månad (kronor)")).toHaveValue("250");
  await noScripts.close();
  const stranger = await page.context().browser()!.newContext();
  const mailPage = await stranger.newPage();
  await gotoHydrated(mailPage, new URL(link).pathname + new URL(link).search);
  await expect(mailPage.getByRole("heading", { level: 1 })).toHaveText("Höj ditt månadsbelopp");
  await expect(mailPage.getByText(/Du ger i dag 300\s+kr i månaden/)).toBeVisible();
  await expectNoAxeViolations(mailPage);
  // A raise link cannot lower the gift.
  await mailPage.getByLabel("Nytt belopp per månad (kronor)").fill("250");
  // Leave the field first: its message on leaving moves the button under the pointer.
  await mailPage.getByLabel("Nytt belopp per månad (kronor)").blur();
  await mailPage.getByRole("button", { name: "Höj min månadsgåva" }).click();
  await expect(mailPage.getByRole("alert")).toContainText("Skriv ett belopp högre än 300");
  await mailPage.getByLabel("Nytt belopp per månad (kronor)").fill("400");
  await mailPage.getByRole("button", { name: "Höj min månadsgåva" }).click();
  await expect(mailPage.getByRole("heading", { level: 1 })).toHaveText("Tack för att du höjer din gåva!");
  await expect(mailPage.getByRole("status").filter({ hasText: "Din månadsgåva är nu" })).toContainText(/400\s+kr i månaden, från dragningen/);
  await stranger.close();
});

test("bad input gets clear Swedish messages and nothing is signed or stored", async ({ page }) => {
  await gotoHydrated(page, PAGE);
  // An account number that fails its check digit, a personnummer of someone under 18.
  await fillMonthlyForm(page, { account: "1234567", personnummer: "20220161-2393" });
  await page.getByRole("button", { name: "Skriv under med BankID" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "Det finns 2 fel i formuläret" });
  await expect(summary).toContainText("Vi känner inte igen clearing- och kontonumret.");
  await expect(summary).toContainText("Du behöver ha fyllt 18 år");
  await expect(page.getByRole("textbox", { name: "Kontonummer" })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bli månadsgivare");
  await expectNoAxeViolations(page);

  // Without JavaScript the server says the same, and a day of 31 is refused.
  const response = await page.request.post(PAGE, {
    form: {
      amount: "200",
      customAmount: "",
      debitDay: "31",
      name: "Erik Lindgren",
      email: "erik@exempel.se",
      personnummer: "198112289874",
      clearing: "5000",
      account: "1234560",
      website: "",
      idempotencyKey: crypto.randomUUID(),
    },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain("Välj en dag mellan den 1 och den 28");

  // A forged raise link opens nothing.
  await page.goto("/ge-en-gava/manadsgava/hoj?token=v1.eyJzdWIiOiJ4In0.AAAA");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Länken fungerar inte");
  await expectNoAxeViolations(page);
});

test("signing on this device: the BankID app sends the donor back to the sign-up, which finishes it", async ({ page }) => {
  await gotoHydrated(page, PAGE);
  await fillMonthlyForm(page, { personnummer: "19840415-2392" });
  await page.getByLabel("Namn", { exact: true }).fill("Anders Sjöberg");
  await page.getByRole("button", { name: "Skriv under med BankID" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Skriv under medgivandet");

  // The same tab goes to the (simulated) BankID app and comes back by its "back to the service" link.
  await page.getByRole("link", { name: /Öppna BankID/ }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Skriv under");
  await page.getByRole("radio", { name: /Anders Sjöberg/ }).check();
  await page.getByRole("button", { name: "Fortsätt" }).click();
  await page.getByRole("button", { name: "Skriv under" }).click();
  await page.getByRole("link", { name: "Tillbaka till tjänsten" }).click();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tack för att du blir månadsgivare!");
  await expect(page).toHaveURL(/\/ge-en-gava\/manadsgava\/tack\//);
});
