import http from "node:http";
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { gotoHydrated } from "./hydrated";
import { submitGift } from "./gift-flow";

/**
 * Hostile and broken requests against the production build (issue #19): each
 * is answered as the client's mistake, in Swedish, never with a 500.
 */
const FORM_PAGES = ["/ge-en-gava", "/ge-en-gava.data", "/cookie-installningar", "/logga-in", "/ge-en-gava/minnesgava"];

test.describe("bad input to page forms", () => {
  for (const page of FORM_PAGES) {
    test(`${page}: no body, JSON, multipart without boundary → 400; DELETE → 405`, async ({ request }) => {
      const empty = await request.post(page, { maxRedirects: 0 });
      expect(empty.status()).toBe(400);
      expect(await empty.text()).toContain("Formuläret kunde inte läsas");

      const json = await request.post(page, { data: { amount: 250 }, maxRedirects: 0 });
      expect(json.status()).toBe(400);

      const multipart = await request.post(page, {
        headers: { "content-type": "multipart/form-data" },
        data: "amount=250",
        maxRedirects: 0,
      });
      expect(multipart.status()).toBe(400);

      const removal = await request.delete(page, { maxRedirects: 0 });
      expect(removal.status()).toBe(405);
      expect(removal.headers()["allow"]).toBe("GET, HEAD, POST");
    });
  }

  test("a form body over 64 KB is refused with 413", async ({ request }) => {
    const response = await request.post("/ge-en-gava", {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      data: `name=${"a".repeat(70 * 1024)}`,
    });
    expect(response.status()).toBe(413);
  });

  test("a well-formed but empty form is the form's own 400 with the page and its messages", async ({ request }) => {
    const response = await request.post("/ge-en-gava", { form: { amount: "" } });
    expect(response.status()).toBe(400);
    expect(await response.text()).toContain("Välj ett belopp.");
  });
});

test("a missing file under /assets is a 404, not a 500", async ({ request }) => {
  const response = await request.get("/assets/nope.js");
  expect(response.status()).toBe(404);
});

test("an address starting with a backslash never redirects to another host", async ({ baseURL }) => {
  // Sent raw: a URL parser (Playwright's too) would turn the backslash into a slash before sending.
  const answer = await new Promise<{ status: number; location: string }>((resolve, reject) => {
    const req = http.request(`${baseURL}/x`, { path: "/\\evil.example/" }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, location: res.headers.location ?? "" });
    });
    req.on("error", reject);
    req.end();
  });
  expect(answer.status).toBe(301);
  expect(new URL(answer.location, "http://127.0.0.1/").host).toBe("127.0.0.1");
  expect(answer.location).toBe("/evil.example");
});

test("the payment and thank-you pages, which show the donor's name, are never stored", async ({ request }) => {
  const given = await request.post("/api/SwishInit", {
    data: {
      payload: { amount: 100, name: "Signe Hemlig", email: "signe@exempel.se", idempotencyKey: crypto.randomUUID() },
      context: {},
    },
  });
  expect(given.status()).toBe(201);
  const { orderReference } = (await given.json()) as { orderReference: string };
  for (const page of [`/ge-en-gava/betalning/${orderReference}`, `/ge-en-gava/tack/${orderReference}`, `/ge-en-gava/betalning/${orderReference}.data`]) {
    const response = await request.get(page, { maxRedirects: 0 });
    expect(response.headers()["cache-control"], page).toBe("no-store");
  }
  // A public page is not affected.
  expect((await request.get("/ge-en-gava")).headers()["cache-control"] ?? "").not.toContain("no-store");
});

test("the collection start pages, kept for anonymous visitors (decision 0054), are still private and get a nonce of their own each time", async ({ request }) => {
  for (const path of ["/minnesinsamling", "/insamling"]) {
    const first = await request.get(path, { maxRedirects: 0 });
    const second = await request.get(path, { maxRedirects: 0 });
    for (const response of [first, second]) {
      expect(response.status(), path).toBe(200);
      expect(response.headers()["cache-control"], path).toBe("no-store");
      expect(response.headers()["x-robots-tag"], path).toMatch(/^noindex/);
    }
    const nonce = (response: typeof first) => /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1];
    expect(nonce(first)).toBeTruthy();
    expect(nonce(first)).not.toBe(nonce(second));
    // The page carries the nonce its header allows, not the one kept from another response.
    expect(await second.text()).toContain(`nonce="${nonce(second)}"`);
  }
});

// The not-found page is kept too: one document per shape of address, the visitor's address put where the
// stand-in's was (decision 0054). Whatever the address, the answer is the page rendered for it, byte for byte.
test("the not-found page, kept for unknown addresses (decision 0054), is the page rendered for each address, with a nonce of its own", async ({ request }) => {
  const withoutNonce = (html: string) => html.replace(/nonce="[^"]+"/g, 'nonce=""');
  // What may differ between two answers of the same page. A kept page is sent whole, gzip'd from its pieces, from
  // its second response on (the first is compressed as any page is); a page rendered for its request streams.
  const sent = new Set(["date", "content-security-policy", "content-length", "transfer-encoding", "content-encoding", "connection", "keep-alive"]);
  const headers = (response: Awaited<ReturnType<typeof request.get>>) => response.headersArray().filter(({ name }) => !sent.has(name.toLowerCase()));
  const addresses = [
    ["/finns-inte-har", "/finns-inte-har", true],
    ["/finns-inte-%C3%A5", "/finns-inte-%C3%A5", true],
    ["/Gammal-Sida?utm_source=nyhetsbrev", "/Gammal-Sida?utm_source=nyhetsbrev", true],
    ["/wp-admin/setup-config.php?step=1", "/wp-admin/setup-config.php?step=1", true],
    ["/a/b~!$()*+,;=:@/c?q=a/b", "/a/b~!$()*+,;=:@/c?q=a%2Fb", true],
    // An address that would need escaping (&amp;) is rendered for its visitor, as before.
    ["/gammal/sida?a=1&b=2", "/gammal/sida?a=1&amp;b=2", false],
  ] as const;
  for (const [path, returnTo, kept] of addresses) {
    // A cookie the site does not know is never looked up in the kept pages: this is the page rendered for the request.
    const rendered = await request.get(path, { headers: { cookie: "e2e_rendered=1" }, maxRedirects: 0 });
    const answers = [await request.get(path, { maxRedirects: 0 }), await request.get(path, { maxRedirects: 0 })];
    expect(rendered.status(), path).toBe(404);
    expect(await rendered.text(), path).toContain(`name="returnTo" value="${returnTo}"`);
    const nonces = new Set<string>();
    for (const answer of answers) {
      expect(answer.status(), path).toBe(404);
      expect(headers(answer), path).toEqual(headers(rendered));
      const html = await answer.text();
      expect(withoutNonce(html), path).toBe(withoutNonce(await rendered.text()));
      const nonce = /'nonce-([^']+)'/.exec(answer.headers()["content-security-policy"] ?? "")?.[1];
      expect(html, path).toContain(`nonce="${nonce}"`);
      nonces.add(nonce ?? "");
    }
    expect(nonces.size, path).toBe(2);
    expect(answers[1]!.headers()["content-length"] !== undefined, `${path} sent whole`).toBe(kept);
  }
});

test("the cookie table at 412 px scrolls by keyboard too (axe scrollable-region-focusable)", async ({ page }) => {
  // axe over the whole page takes a while on a loaded machine.
  test.slow();
  await page.setViewportSize({ width: 412, height: 900 });
  await page.goto("/cookie-installningar");
  const region = page.getByRole("region", { name: "Tabell över cookies" });
  await region.focus();
  await expect(region).toBeFocused();
  await expectNoAxeViolations(page);
});

test("hreflang alternates on the research pages are absolute addresses", async ({ request }) => {
  for (const page of ["/forskning/projekt", "/en/research/projects"]) {
    const html = await (await request.get(page)).text();
    const links = [...html.matchAll(/<link[^>]*rel="alternate"[^>]*>/g)].map((m) => m[0]);
    expect(links.length, page).toBe(2);
    for (const link of links) expect(link, page).toMatch(/href="https?:\/\/[^"]+\/(forskning\/projekt|en\/research\/projects)"/);
  }
});

test("/favicon.ico, which the simulators' pages ask for, is an icon", async ({ request }) => {
  const response = await request.get("/favicon.ico");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/x-icon");
});

test("after a declined card the donor may try the card again or choose Swish instead", async ({ page }) => {
  test.slow();
  await gotoHydrated(page, "/ge-en-gava");
  await submitGift(page, { amount: "500 kr", method: "Kort (Visa, Mastercard)" });
  await page.getByRole("button", { name: "Gå till kortbetalning" }).click();
  await page.getByLabel("Kortnummer").fill("4000 0000 0000 0002");
  await page.getByLabel("Giltig till (MM/ÅÅ)").fill("12/35");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /^Betala/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Betalningen genomfördes inte", { timeout: 30_000 });
  await expect(page.getByRole("button", { name: "Försök igen med kort" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Försök igen med Swish" })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Betala med Swish i stället" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Betala med Swish");
  // A desktop browser: the QR code is there to scan with the phone.
  await expect(page.getByRole("img", { name: "QR-kod för betalning med Swish" })).toBeVisible();
});
