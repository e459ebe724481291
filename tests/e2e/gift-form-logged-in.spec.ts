import { expect, test } from "./session-fixture";
import { expectNoAxeViolations } from "./axe";

/**
 * The gift form for a logged-in donor is kept once for every donor and
 * filled in with each donor's own details per response (decision 0058). In
 * the production build: each donor sees their own details, never another's;
 * the page hydrates without React finding anything different from what it
 * would have rendered; a change on Mina uppgifter is on the next form.
 */
test("a logged-in donor's gift form has their own details, however many donors share the kept page, and what they changed on Mina uppgifter", async ({
  page,
  browser,
  logInDonor,
}) => {
  const hydrationErrors: string[] = [];
  page.on("console", (message) => {
    // (Service workers are blocked in these journeys, which the registration reports as an error.)
    if (message.type() === "error" && !message.text().includes("service worker registration")) hydrationErrors.push(message.text());
  });
  page.on("pageerror", (error) => hydrationErrors.push(error.message));
  await logInDonor("198804202383");

  // Ingrid gives her address on Mina uppgifter (and an e-mail address, which counts once she opens the link mailed to it).
  await page.goto("/mina-sidor/mina-uppgifter");
  await page.getByRole("textbox", { name: "E-post" }).fill("ingrid.forsberg@exempel.se");
  await page.getByRole("textbox", { name: "Gatuadress" }).fill("Fjällgatan 3 B");
  await page.getByRole("textbox", { name: "Postnummer" }).fill("11628");
  await page.getByRole("textbox", { name: "Ort" }).fill("Stockholm");
  await page.getByRole("button", { name: "Spara ändringar" }).click();
  await expect(page.getByRole("main").getByText("Dina uppgifter är sparade.")).toBeVisible();

  // Another donor opens the form first, in a browser of her own: the page kept for a logged-in donor's shape is made for her.
  const other = await browser.newContext();
  await logInDonor("199001012385", other);
  const anna = await other.newPage();
  await anna.goto("/ge-en-gava");
  await expect(anna.getByLabel("Namn", { exact: true })).toHaveValue("Anna Svensson");
  await other.close();

  for (let visit = 0; visit < 2; visit++) {
    await page.goto("/ge-en-gava");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await expect(page.getByLabel("Namn", { exact: true })).toHaveValue("Ingrid Forsberg");
    await expect(page.getByLabel("E-post")).toHaveValue("");
    await expect(page.getByLabel("Personnummer (frivilligt)")).toHaveValue("19880420-2383");
  }
  expect(hydrationErrors).toEqual([]);
  await expectNoAxeViolations(page);
  // The address is filled in where an invoice would be sent.
  await page.getByRole("radio", { name: /Faktura/ }).check();
  await expect(page.getByLabel("Gatuadress")).toHaveValue("Fjällgatan 3 B");
  await expect(page.getByLabel("Postnummer")).toHaveValue("116 28");

  // A new address on Mina uppgifter is on the very next form. The e-mail address still waiting for its link is in
  // its field (saving again keeps it waiting, and the link working), not the empty confirmed one.
  await page.goto("/mina-sidor/mina-uppgifter");
  await expect(page.getByRole("textbox", { name: "E-post" })).toHaveValue("ingrid.forsberg@exempel.se");
  await page.getByRole("textbox", { name: "Gatuadress" }).fill("Götgatan 14 lgh 1102");
  await page.getByRole("button", { name: "Spara ändringar" }).click();
  await expect(page.getByRole("main").getByText("Dina uppgifter är sparade.")).toBeVisible();
  await expect(page.getByRole("main").getByRole("status").filter({ hasText: "Vi har skickat en länk till" })).toContainText("ingrid.forsberg@exempel.se");
  await page.goto("/ge-en-gava");
  await page.getByRole("radio", { name: /Faktura/ }).check();
  await expect(page.getByLabel("Gatuadress")).toHaveValue("Götgatan 14 lgh 1102");
  await expect(page.getByLabel("Namn", { exact: true })).toHaveValue("Ingrid Forsberg");

  // The donor's details are never kept by the browser or a proxy.
  const response = await page.request.get("/ge-en-gava");
  expect(response.headers()["cache-control"]).toBe("private, no-store");
  expect(await response.text()).toContain("Götgatan 14 lgh 1102");
});

/**
 * Every gift form kept for logged-in donors, in the production build: the kept page with a donor's details put
 * in is the page rendered for that donor (a cookie the site does not know makes it render), but for what
 * differs between any two responses – the nonce, fresh idempotency keys, and the moment the page was made.
 */
test("each gift form kept for logged-in donors is, filled in, the page rendered for the donor", async ({ context, logInDonor, baseURL }) => {
  await logInDonor("196408233234");
  const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const normalised = (html: string) =>
    html
      .replace(/nonce="[^"]+"/g, 'nonce="N"')
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "UUID")
      .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g, "NOW");
  const get = async (path: string, cookies: string) => {
    const response = await fetch(`${baseURL}${path}`, { headers: { cookie: cookies } });
    expect(response.status, path).toBe(200);
    return { html: await response.text(), kept: response.headers.has("content-length") };
  };
  for (const path of ["/ge-en-gava?belopp=500", "/ge-en-gava/minnesgava", "/ge-en-gava/gratulationskort", "/ge-en-gava/gavokort", "/ge-en-gava/gavobevis", "/ge-en-gava/diplom", "/ge-en-gava/lista"]) {
    await get(path, cookie);
    const kept = await get(path, cookie);
    const rendered = await get(path, `${cookie}; unknown=1`);
    // A kept page is sent whole, with its length; one rendered is streamed.
    expect(kept.kept, path).toBe(true);
    expect(rendered.kept, path).toBe(false);
    expect(kept.html, path).toContain('value="Gunnar Wikström"');
    expect(normalised(kept.html), path).toBe(normalised(rendered.html));
  }
});
