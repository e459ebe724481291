import crypto from "node:crypto";
import { expectNoAxeViolations } from "./axe";
import { latestEmailChangeLink, latestMyDataLink } from "./bankid-flow";
import { gotoHydrated } from "./hydrated";
import { expect, test } from "./session-fixture";
// The e2e server's fixed key, so the test can sign a link that has already expired.
import { E2E_SECRET_KEY } from "./e2e-server-env";
import { signToken, tokenSigningKey } from "#core/my-data/token-format";
import { runFixture } from "./fixture-scripts";

test("a donor gets a My data link, changes the e-mail and leaves a comment; older and altered links stop working", async ({ page, logInDonor }) => {
  test.slow(); // reads e-mail twice, scans three pages for accessibility
  // Erik Lindgren, whose demo gifts include a memorial gift.
  await logInDonor("198112289874");
  await gotoHydrated(page, "/mina-sidor");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mina sidor");
  const before = Date.now() - 1_000;
  await page.getByRole("button", { name: "Skicka länk till mina uppgifter" }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText("Vi har skickat länken");
  // His, by its greeting: another journey's donor may ask for a link at the same moment.
  const link = await latestMyDataLink(before, "Hej Erik,");

  const response = await page.goto(link);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dina uppgifter hos oss");
  await expect(page.getByRole("table", { name: "Dina gåvor, senaste först" })).toContainText("Minnesgåva");
  await expectNoAxeViolations(page);

  // A new address is used only once the link sent to it is confirmed (issue #30); until then the donor is told so.
  const form = page.locator("form", { has: page.getByRole("button", { name: "Spara ändringar" }) });
  await form.getByRole("textbox", { name: "E-post" }).fill("erik.ny@exempel.se");
  const beforeChange = Date.now() - 1_000;
  await form.getByRole("button", { name: "Spara ändringar" }).click();
  await expect(page.getByRole("main").getByRole("status").filter({ hasText: "Tack! Dina uppgifter är sparade." })).toBeVisible();
  await expect(page.getByRole("main").getByRole("status").filter({ hasText: "Vi har skickat en länk till erik.ny@exempel.se" })).toBeVisible();
  await expect(page.locator(".facts")).not.toContainText("erik.ny@exempel.se");
  const confirmation = await latestEmailChangeLink(beforeChange, "To: erik.ny@exempel.se");
  await page.goto(confirmation);
  await expect(page.getByRole("main")).toContainText("Vill du att vi skriver till erik.ny@exempel.se");
  await page.getByRole("button", { name: "Ja, använd den här adressen" }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText("Tack! Nu skriver vi till erik.ny@exempel.se.");
  await expectNoAxeViolations(page);
  await page.goto(link);
  await expect(page.locator(".facts")).toContainText("erik.ny@exempel.se");

  await page.getByRole("textbox", { name: "Kommentar" }).fill("Jag vill gärna ha nyhetsbrevet på papper.");
  await page.getByRole("button", { name: "Skicka kommentaren" }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText("Tack för din kommentar");
  await expect(page.locator(".comment-list")).toContainText("Jag vill gärna ha nyhetsbrevet på papper.");
  await expectNoAxeViolations(page);

  // An altered link: clear page, 401.
  const altered = link.slice(0, -3) + (link.endsWith("AAA") ? "BBB" : "AAA");
  expect((await page.goto(altered))?.status()).toBe(401);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Länken fungerar inte");

  // A newer link replaces this one.
  await page.goto("/mina-sidor");
  const beforeSecond = Date.now() - 1_000;
  await page.getByRole("button", { name: "Skicka länk till mina uppgifter" }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText("Vi har skickat länken");
  await expect.poll(() => latestMyDataLink(beforeSecond, "Hej Erik,")).not.toBe(link);
  expect((await page.goto(link))?.status()).toBe(410);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Länken gäller inte längre");
  await expectNoAxeViolations(page);
});

test("an expired link says so and changes nothing", async ({ page, request }) => {
  const now = Math.floor(Date.now() / 1000);
  const token = signToken(
    { jti: crypto.randomBytes(16).toString("base64url"), sub: "any-donor", pur: "my-data", iat: now - 8 * 86_400, exp: now - 86_400 },
    tokenSigningKey(E2E_SECRET_KEY),
  );
  const response = await page.goto(`/dina-uppgifter?token=${token}`);
  expect(response?.status()).toBe(410);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Länken har gått ut");
  await expect(page.getByRole("link", { name: "Logga in på Mina sidor med BankID" })).toBeVisible();
  await expectNoAxeViolations(page);
  const update = await request.post(`/api/MyData/Update?token=${token}`, { data: { givenName: "X", surname: "Y" } });
  expect(update.status()).toBe(410);
  expect((await update.json()).error.code).toBe("token_expired");
});

test("without JavaScript the My data page's own forms work (its referrer policy once made the browser post 'Origin: null', refused)", async ({ browser, request }) => {
  const email = `utan-js-${crypto.randomBytes(4).toString("hex")}@exempel.se`;
  const context = { session: "s", identity: "i", currentUrl: "http://127.0.0.1/ge-en-gava", requestgroup: "g" };
  const gift = await request.post("/api/RegularGift/Add", { data: { context, payload: { amount: 100, name: "Ulla Utan", email, idempotencyKey: crypto.randomUUID() } } });
  expect(gift.status()).toBe(201);
  // The link staff would make for a donor who phones in (npm run mydata:link), to this server's address.
  const printed = runFixture("scripts/mydata-link.ts", [email]);
  const link = new URL(/https?:\/\/\S+/.exec(printed)![0]);

  const noScripts = await browser.newContext({ javaScriptEnabled: false });
  const page = await noScripts.newPage();
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dina uppgifter hos oss");
  await page.getByRole("textbox", { name: "Kommentar" }).fill("Skicka gärna brev i stället för e-post.");
  await page.getByRole("button", { name: "Skicka kommentaren" }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText("Tack för din kommentar");
  await noScripts.close();
});
