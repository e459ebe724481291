import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { gotoHydrated } from "./hydrated";
import { answerInSwish } from "./gift-flow";
import { inspectPdf } from "../support/pdf-inspect";

// Two payments through the Swish simulator, a close and a PDF, on a machine shared with other builds: minutes, not seconds.
test.setTimeout(300_000);

interface Person {
  id: string;
  givenNames: string;
  surname: string;
  birthYear: number;
  age: number;
  homeTown: string;
}

/** Someone from the memorial source simulator's data, found as the page finds them: through the search. */
async function someone(request: APIRequestContext, surname: string): Promise<Person> {
  const response = await request.get(`/api/DeceasedPeople/Search?name=${surname}&pageSize=20`);
  expect(response.status()).toBe(200);
  const { items } = (await response.json()) as { items: Person[] };
  const found = items[0];
  if (!found) throw new Error(`nobody called ${surname} in the simulator's data`);
  return found;
}
const fullName = (p: Person) => `${p.givenNames} ${p.surname}`;

async function openCollection(page: Page, person: Person, options: { slug?: string } = {}): Promise<string> {
  await gotoHydrated(page, "/minnesinsamling");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Starta en minnesinsamling");
  await page.getByLabel("Sök på namn").fill(fullName(person));
  await page.getByRole("button", { name: "Sök", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: /hittades/ })).toBeVisible();
  await page
    .locator(".result-choice", { hasText: fullName(person) })
    .filter({ hasText: `${person.age} år (född ${person.birthYear}), ${person.homeTown}` })
    .first()
    .getByRole("radio")
    .check();
  await page.getByLabel("Ert namn så som det ska stå på sidan").fill("Familjen Exempel");
  await page.getByLabel("Er e-postadress").fill("familjen@exempel.se");
  await page.getByLabel("Familjen vill att insamlingen startas").check();
  await page.getByLabel("Några ord från familjen (frivilligt)").fill("I stället för blommor, tänk gärna på hjärt- och lungforskningen.");
  await page.getByRole("radio", { name: "Duva" }).check();
  await page.getByLabel("Hur mycket som har samlats in totalt").check();
  if (options.slug) await page.getByLabel("Egen adress (frivilligt)").fill(options.slug);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Starta minnesinsamlingen" }).click();
  await expect(page).toHaveURL(/\/minnesinsamling\/[a-z0-9-]+\/hantera\?token=v1\.[^&]+&ny=1$/);
  await expect(page.getByRole("heading", { name: "Minnesinsamlingen är öppen" })).toBeVisible();
  return page.url();
}

async function give(page: Page, path: string, gift: { amount: string; signature: string; greeting: string; showAmount: boolean }) {
  await gotoHydrated(page, path);
  await page.getByLabel("Din hälsning (frivilligt)").fill(gift.greeting);
  await page.getByLabel("Hälsningar från").fill(gift.signature);
  await page.getByLabel("Visa min hälsning och mitt namn på den här sidan").check();
  if (gift.showAmount) await page.getByLabel("Visa beloppet på minnesbladet och vid min hälsning").check();
  await page.getByRole("radio", { name: gift.amount }).check();
  await page.getByLabel("Namn", { exact: true }).fill("Astrid Exempel");
  await page.getByLabel("E-post", { exact: true }).fill("astrid@exempel.se");
  await page.getByRole("radio", { name: "Swish", exact: true }).check();
  await page.getByLabel("Öppna Swish på den här enheten").check();
  await page.getByRole("button", { name: "Fortsätt till Swish" }).click();
  await expect(page).toHaveURL(/\/ge-en-gava\/betalning\/[0-9A-Z]{26}$/);
  await answerInSwish(page, "Godkänn");
  await expect(page).toHaveURL(/\/ge-en-gava\/tack\/[0-9A-Z]{26}$/, { timeout: 20_000 });
  await expect(page.getByRole("link", { name: "gå tillbaka till minnesinsamlingen" })).toHaveAttribute("href", path);
}

test("a memorial collection opened, given to twice, shown as the givers chose, closed, and its sheets in one PDF", async ({ page, request }) => {
  const person = await someone(request, "andersson");
  const manageUrl = await openCollection(page, person);
  const path = new URL(manageUrl).pathname.replace(/\/hantera$/, "");
  expect(path).toMatch(/^\/minnesinsamling\/[a-z0-9-]+-[a-hjkmnp-z2-9]{12}$/);
  await expectNoAxeViolations(page);

  // The page to share: the person, the family's words, the form in one step.
  await gotoHydrated(page, path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(fullName(person));
  await expect(page.getByText("I stället för blommor")).toBeVisible();
  await expectNoAxeViolations(page);

  // A gift without a greeting or signature is refused with the summary, nothing sent.
  await page.getByRole("button", { name: /^Fortsätt/ }).click();
  await expect(page.locator("#insamlingsgava-fel")).toContainText("Hälsningar från");

  await give(page, path, { amount: "500 kr", signature: "Karin och Olle", greeting: "Vi minns dig med värme.", showAmount: true });
  await give(page, path, { amount: "250 kr", signature: "Bo Ek", greeting: "Tack för allt.", showAmount: false });

  await gotoHydrated(page, path);
  const greetings = page.locator(".collection-greetings li");
  await expect(greetings).toHaveCount(2);
  await expect(greetings.filter({ hasText: "Karin och Olle" })).toContainText("500 kr");
  await expect(greetings.filter({ hasText: "Bo Ek" })).not.toContainText("kr");
  await expect(page.locator(".collection-total")).toContainText("750 kr");
  await expectNoAxeViolations(page);

  // The organiser hides one greeting: it leaves the page.
  await gotoHydrated(page, manageUrl.replace(/&ny=1$/, ""));
  await expect(page.locator(".collection-manage-list li")).toHaveCount(2);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Dölj hälsningen på sidan från Bo Ek" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Hälsningen syns inte längre på sidan" })).toBeVisible();
  await gotoHydrated(page, path);
  await expect(page.locator(".collection-greetings li")).toHaveCount(1);

  // A visitor has the page open, with its gift form, while the family closes the collection.
  const visitor = await page.context().newPage();
  await gotoHydrated(visitor, path);
  await expect(visitor.getByLabel("Din hälsning (frivilligt)")).toBeVisible();

  // Closing needs the box ticked; then no names or greetings at all, and gifts are refused.
  await gotoHydrated(page, manageUrl.replace(/&ny=1$/, ""));
  await page.getByRole("button", { name: "Avsluta insamlingen" }).click();
  await expect(page.locator("#avsluta-fel")).toContainText("Kryssa i rutan");
  await page.getByLabel("Ja, vi vill avsluta insamlingen. Det går inte att ångra.").check();
  await page.getByRole("button", { name: "Avsluta insamlingen" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Insamlingen är avslutad" })).toBeVisible();
  await expectNoAxeViolations(page);

  const pdfHref = await page.getByRole("link", { name: "Hämta alla minnesblad (PDF)" }).getAttribute("href");
  const pdfResponse = await request.get(pdfHref!);
  expect(pdfResponse.status()).toBe(200);
  expect(pdfResponse.headers()["content-type"]).toBe("application/pdf");
  const pdf = inspectPdf(await pdfResponse.body());
  expect(pdf.pages).toHaveLength(3);
  expect(pdf.text).toContain(fullName(person));
  expect(pdf.text).toContain("Karin och Olle");
  expect(pdf.text).toContain("Bo Ek");
  expect(pdf.text).toContain("500 kr");

  // The visitor's gift is refused, and the page they had open now shows the closed collection, without its form.
  await visitor.getByLabel("Hälsningar från").fill("Sen Givare");
  await visitor.getByRole("radio", { name: "250 kr" }).check();
  await visitor.getByLabel("Namn", { exact: true }).fill("Sent Givare");
  await visitor.getByLabel("E-post", { exact: true }).fill("sent@exempel.se");
  await visitor.getByRole("button", { name: /^Fortsätt/ }).click();
  await expect(visitor.getByRole("heading", { name: "Insamlingen är avslutad" })).toBeVisible();
  await expect(visitor.getByRole("alert")).toContainText("Minnesinsamlingen är avslutad och tar inte emot fler gåvor.");
  await expect(visitor.getByLabel("Din hälsning (frivilligt)")).toHaveCount(0);
  await expect(visitor.getByText("Karin och Olle")).toHaveCount(0);

  await gotoHydrated(page, path);
  await expect(page.getByRole("heading", { name: "Insamlingen är avslutad" })).toBeVisible();
  await expect(page.locator(".collection-greetings")).toHaveCount(0);
  await expect(page.getByText("Karin och Olle")).toHaveCount(0);
  await expect(page.getByLabel("Din hälsning (frivilligt)")).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("a chosen address is checked, unknown addresses are 404, and forged manage links change nothing", async ({ page, request }) => {
  const person = await someone(request, "johansson");
  const slug = `minne-${Date.now().toString(36)}`;
  const manageUrl = await openCollection(page, person, { slug });
  expect(new URL(manageUrl).pathname).toBe(`/minnesinsamling/${slug}/hantera`);

  // The same address again is taken; a reserved word is refused.
  await gotoHydrated(page, "/minnesinsamling");
  await page.getByLabel("Egen adress (frivilligt)").fill("hantera");
  await page.getByRole("button", { name: "Starta minnesinsamlingen" }).click();
  await expect(page.locator("#minnesinsamling-slug-error")).toContainText("används redan av webbplatsen");

  expect((await request.get("/minnesinsamling/finns-inte-alls-123")).status()).toBe(404);
  expect((await request.get("/minnesinsamling/NOT_A_SLUG")).status()).toBe(404);

  const token = new URL(manageUrl).searchParams.get("token")!;
  const [v, body, signature] = token.split(".");
  const forged = `${v}.${body}.${signature!.slice(0, -4)}AAAA`;
  const forgedPage = await request.get(`/minnesinsamling/${slug}/hantera?token=${encodeURIComponent(forged)}`);
  expect(forgedPage.status()).toBe(401);
  await page.goto(`/minnesinsamling/${slug}/hantera?token=${encodeURIComponent(forged)}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Länken fungerar inte");
  await expectNoAxeViolations(page);
  // A post with a forged link closes nothing.
  const post = await request.post(`/minnesinsamling/${slug}/hantera?token=${encodeURIComponent(forged)}`, {
    form: { intent: "close", confirm: "on" },
    headers: { origin: new URL(manageUrl).origin },
  });
  expect(post.status()).toBe(401);
  expect((await request.get(`/minnesinsamling/${slug}/hantera/minnesblad.pdf?token=${encodeURIComponent(forged)}`)).status()).toBe(401);
  // The real link still works, and the collection is still open.
  expect((await request.get(`/minnesinsamling/${slug}/hantera/minnesblad.pdf?token=${encodeURIComponent(token)}`)).status()).toBe(409);
  await gotoHydrated(page, `/minnesinsamling/${slug}`);
  await expect(page.getByRole("heading", { name: "Ge en minnesgåva" })).toBeVisible();
});

test("without JavaScript: a collection is opened and the closed page refuses a gift with a clear message", async ({ browser, request }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const person = await someone(request, "karlsson");
  await page.goto("/minnesinsamling");
  await page.getByLabel("Sök på namn").fill(person.surname);
  await page.getByRole("button", { name: "Sök", exact: true }).click();
  await page.locator(".result-choice", { hasText: fullName(person) }).first().getByRole("radio").check();
  await page.getByLabel("Ert namn så som det ska stå på sidan").fill("Begravningsbyrån Exempel");
  await page.getByRole("radio", { name: "Jag arbetar på begravningsbyrån" }).check();
  await page.getByLabel("Er e-postadress").fill("byran@exempel.se");
  await page.getByLabel("Familjen vill att insamlingen startas").check();
  await page.getByRole("button", { name: "Starta minnesinsamlingen" }).click();
  await expect(page.getByRole("heading", { name: "Minnesinsamlingen är öppen" })).toBeVisible();
  const manageUrl = page.url();
  const path = new URL(manageUrl).pathname.replace(/\/hantera$/, "");

  // A visitor loads the page while it is open…
  const visitor = await context.newPage();
  await visitor.goto(path);
  // …the family closes it…
  await page.getByLabel("Ja, vi vill avsluta insamlingen. Det går inte att ångra.").check();
  await page.getByRole("button", { name: "Avsluta insamlingen" }).click();
  await expect(page.getByText("Insamlingen är avslutad.", { exact: false }).first()).toBeVisible();
  // …and the visitor's gift is refused: nothing stored, a clear message.
  await visitor.getByLabel("Hälsningar från").fill("Sen vän");
  await visitor.getByRole("radio", { name: "250 kr" }).check();
  await visitor.getByLabel("Namn", { exact: true }).fill("Astrid Exempel");
  await visitor.getByLabel("E-post", { exact: true }).fill("astrid@exempel.se");
  await visitor.getByRole("button", { name: /^Fortsätt/ }).click();
  await expect(visitor.getByRole("alert")).toContainText("Minnesinsamlingen är avslutad och tar inte emot fler gåvor");
  await expect(visitor.getByRole("heading", { name: "Insamlingen är avslutad" })).toBeVisible();
  await context.close();
});
