import { expect, type Page } from "@playwright/test";

/** A donor in the BankID simulator's list: the name on the form and the radio that chooses them in the simulated app. */
export interface MonthlyDonor {
  name: string;
  email: string;
  personnummer: string;
  radio: RegExp;
}

export const ERIK: MonthlyDonor = { name: "Erik Lindgren", email: "erik.lindgren@exempel.se", personnummer: "19811228-9874", radio: /Erik Lindgren/ };

/** Fills in /ge-en-gava/manadsgava for 200 kr a month with a SEB account that the autogiro simulator approves. */
export async function fillMonthlyForm(
  page: Page,
  values: { personnummer?: string; clearing?: string; account?: string; day?: string } = {},
  donor: MonthlyDonor = ERIK,
) {
  await page.getByRole("radio", { name: "200 kr" }).check();
  await page.getByLabel("Dag i månaden då pengarna dras").selectOption(values.day ?? "28");
  await page.getByLabel("Namn", { exact: true }).fill(donor.name);
  await page.getByLabel("E-post").fill(donor.email);
  await page.getByLabel("Personnummer").fill(values.personnummer ?? donor.personnummer);
  await page.getByLabel("Clearingnummer").fill(values.clearing ?? "5000");
  await page.getByLabel("Kontonummer").fill(values.account ?? "1234560");
  // Leave the last field first: its check on leaving may move the buttons under the pointer.
  await page.getByLabel("Kontonummer").blur();
}

/** Signs the mandate as the donor in the simulated BankID app, in a second tab as on a phone. */
export async function signMandateInSimulator(page: Page, donor: MonthlyDonor = ERIK) {
  const href = await page.getByRole("link", { name: /Öppna BankID/ }).getAttribute("href");
  const phone = await page.context().newPage();
  await phone.goto(href ?? "");
  await expect(phone.getByRole("heading", { level: 1 })).toHaveText("Skriv under");
  await phone.getByRole("radio", { name: donor.radio }).check();
  await phone.getByRole("button", { name: "Fortsätt" }).click();
  await phone.getByRole("button", { name: "Skriv under" }).click();
  await phone.close();
}
