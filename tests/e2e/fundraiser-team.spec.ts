import { expect, test } from "./session-fixture";
import { expectNoAxeViolations } from "./axe";
import { gotoHydrated } from "./hydrated";
import { runFixture } from "./fixture-scripts";

// Decision 0052: a team's page sums its members' own totals (an offline and an anonymous gift included) and lists them by amount;
// the organiser who used BankID reaches their tools from their page and from Mina sidor without the e-mailed link.
test("a team page sums two members' totals and lists them by amount; the BankID organiser manages from the page and Mina sidor", async ({ page, logInDonor }) => {
  const stamp = String(Date.now());
  // A test person of the population register simulator; the pages it owns are this run's own (stamped).
  const { donorId } = await logInDonor("190001019801");
  const { team, member } = JSON.parse(runFixture("tests/e2e/fundraiser-team-fixture.ts", [stamp, donorId])) as { team: string; member: string };

  await gotoHydrated(page, `/insamling/lag/${team}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Löpargruppen för hjärtat");
  // 500 kr named + 300 kr offline on Anna's page, 1 200 kr anonymous on Bo's: 2 000 kr of 10 000 kr.
  await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuetext", /^2\s*000\s*kr av 10\s*000\s*kr$/);
  const members = page.getByRole("list", { name: "Insamlingar i laget, störst summa först" }).getByRole("listitem");
  await expect(members).toHaveCount(2);
  await expect(members.nth(0)).toContainText("Bo springer Varvet");
  await expect(members.nth(0)).toContainText(/1\s*200\s*kr/);
  await expect(members.nth(1)).toContainText("Anna springer milen");
  await expect(members.nth(1)).toContainText(/800\s*kr/);
  await expect(page.getByRole("link", { name: "Starta en insamling i laget" })).toHaveAttribute("href", `/insamling?lag=${team}`);
  await expectNoAxeViolations(page);

  // The organiser's own page offers their tools; the session opens them without a token.
  await members.nth(1).getByRole("link", { name: "Anna springer milen" }).click();
  await expect(page.getByText("En del av laget")).toBeVisible();
  await page.getByRole("link", { name: "Hantera din insamling" }).click();
  await expect(page).toHaveURL(new RegExp(`/insamling/${member}/hantera$`));
  await expect(page.getByText("Hantera insamlingen", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Löpargruppen för hjärtat" })).toBeVisible();

  await gotoHydrated(page, "/mina-sidor");
  const mine = page.getByRole("region", { name: "Dina insamlingar" });
  await expect(mine.getByRole("link", { name: "Hantera insamlingen" })).toHaveAttribute("href", `/insamling/${member}/hantera`);
  await expectNoAxeViolations(page);
});

// A team whose organiser chose the list is found at /insamlingar beside the fundraisers (decision 0052, amended).
test("the list of fundraisers shows the listed teams with their total, and leads to the team's page", async ({ page }) => {
  await gotoHydrated(page, "/insamlingar");
  const teams = page.getByRole("region", { name: "Lag som samlar in tillsammans" });
  const card = teams.getByRole("listitem").filter({ has: page.getByRole("link", { name: "Spring för hjärtat" }) });
  await expect(card).toContainText("Av Löparklubben Exempel · 3 insamlingar i laget");
  await expect(card.getByRole("progressbar")).toBeVisible();
  await expectNoAxeViolations(page);
  await card.getByRole("link", { name: "Spring för hjärtat" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Spring för hjärtat");
});

// Decision 0055: a visitor reports a team's page as they would a fundraiser's – without JavaScript too – and staff see the
// report with the team in the back office and mark it handled. axe needs JavaScript in the page: the form is checked in `checker`.
test("a visitor reports a team's page without JavaScript; staff find it among reported teams and mark the report handled", async ({ browser, page: checker, logInStaff }) => {
  const stamp = String(Date.now());
  const { team } = JSON.parse(runFixture("tests/e2e/fundraiser-team-fixture.ts", [stamp, "-"])) as { team: string };
  const reason = `Lagets text hänger ut en namngiven person (${stamp}).`;

  await gotoHydrated(checker, `/insamling/lag/${team}/anmal`);
  await expect(checker.getByRole("heading", { level: 1 })).toHaveText("Anmäl laget");
  await expectNoAxeViolations(checker);

  const visitor = await browser.newContext({ javaScriptEnabled: false });
  const page = await visitor.newPage();
  await page.goto(`/insamling/lag/${team}`);
  await page.getByRole("link", { name: "Anmäl sidan" }).click();
  await expect(page).toHaveURL(new RegExp(`/insamling/lag/${team}/anmal$`));
  await expect(page.getByRole("link", { name: "Löpargruppen för hjärtat" })).toHaveAttribute("href", `/insamling/lag/${team}`);
  // Too short: the server says what is missing and keeps the form.
  await page.getByLabel("Vad är fel med sidan?").fill("Fel");
  await page.getByRole("button", { name: "Skicka anmälan" }).click();
  await expect(page.getByText("Berätta kort vad som är fel med sidan.").first()).toBeVisible();
  await page.getByLabel("Vad är fel med sidan?").fill(reason);
  await page.getByRole("button", { name: "Skicka anmälan" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Tack, vi har tagit emot din anmälan och läser den så snart vi kan." })).toBeVisible();
  await visitor.close();

  // Anders Sjöberg, staff with the one role "insamling" (as in fundraiser.spec.ts).
  const staff = await browser.newContext();
  await logInStaff("198404152392", ["insamling"], staff);
  const office = await staff.newPage();
  await office.goto("/admin/insamlingar/granska");
  const reported = office.getByRole("table", { name: /^Lag anmälda av besökare/ }).getByRole("row").filter({ has: office.locator(`a[href="/admin/insamlingar/granska/lag/e2e-team-${stamp}"]`) });
  await expect(reported).toContainText("Löpargruppen för hjärtat (1 anmälan)");
  await reported.getByRole("link", { name: "Löpargruppen för hjärtat" }).click();
  await expect(office.getByRole("heading", { level: 1 })).toHaveText("Lag: Löpargruppen för hjärtat");
  await expect(office.getByRole("listitem").filter({ hasText: reason })).toBeVisible();
  await expectNoAxeViolations(office);
  await office.getByRole("button", { name: "Markera som hanterade" }).click();
  await expect(office.getByRole("status").filter({ hasText: "Anmälningarna är markerade som hanterade." })).toBeVisible();
  await expect(office.getByRole("listitem").filter({ hasText: reason })).toContainText("(hanterad)");
  await office.goto("/admin/insamlingar/granska");
  await expect(office.locator(`a[href="/admin/insamlingar/granska/lag/e2e-team-${stamp}"]`)).toHaveCount(1);
  await staff.close();
});
