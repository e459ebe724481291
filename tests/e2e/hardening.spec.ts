import http from "node:http";
import { expect, test } from "@playwright/test";

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
