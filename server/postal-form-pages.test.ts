import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { clientIpContext, containerContext } from "#app/context";
import { ManualClock } from "#core/clock";
import { testEngines } from "#tests/support/test-databases";
import { insertTestDonor } from "#tests/support/test-donor";
import { issueLetterLink, type IssuedLetterLink } from "#core/letter-links/letter-links";
import { newLetterReference } from "#core/letter-links/letter-link-reference";
import { POSTAL_FORMS_LIMITED_MESSAGES } from "#core/postal-forms/postal-form-service";
import { FORM_NOT_SENT } from "#app/giving/checkout.server";
import * as postalForm from "#app/paper/postal-form";
import * as letterLink from "#app/paper/letter-link";
import * as giftForm from "#app/giving/gift-form";
import * as membership from "#app/recurring/membership";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { outcome, type RouteHandler } from "#tests/support/route-call";

/**
 * The donor-facing pages of decision 0023, called as React Router calls them
 * (a request, the app's context, the route's params) against a real
 * container: /bestall-blankett orders a paper form by post without
 * JavaScript – the same service, schema and limits as POST /api/PostalForm –
 * and /brev/{reference} leads to the gift form with the letter's name and
 * address filled in, carried in a short-lived cookie, never in the address.
 */
type Handler = RouteHandler;

describe.each(testEngines)("paper forms and letter links on the site's pages, on %s", (engine) => {
  // Monday 23 November 2026, 10:00 in Stockholm: posted within two working days, it arrives by Friday 27th.
  const clock = new ManualClock("2026-11-23T09:00:00.000Z");
  let server: TestServer;
  let link: IssuedLetterLink;
  let ip = "10.9.0.1";

  beforeAll(async () => {
    server = await startTestServer({
      engine,
      clock,
      env: { RESEARCH_SNAPSHOT_FILE: "/nonexistent/research-projects.json", RATE_LIMIT_POSTAL_FORMS_PER_HOUR: "3", RATE_LIMIT_LETTER_LINKS_PER_MINUTE: "5" },
    });
    const donor = await insertTestDonor(server.container.db, clock, { personnummer: "198112289874", email: "erik@exempel.se", phone: "0701234567" });
    link = await issueLetterLink({ db: server.container.db, clock }, donor, 60);
  });
  afterAll(() => server.dispose());
  // Each test comes from a visitor of its own, an hour later: the per-visitor windows start afresh.
  let visitors = 0;
  beforeEach(() => {
    clock.advance(3_600_000);
    ip = `10.9.${engine === "sqlite" ? 0 : 1}.${++visitors}`;
  });

  function context(from = ip): RouterContextProvider {
    const provider = new RouterContextProvider();
    provider.set(containerContext, server.container);
    provider.set(clientIpContext, from);
    return provider;
  }

  const stored = () => server.container.db.selectFrom("postal_form_requests").selectAll().execute();

  function order(fields: Record<string, string>, init: { from?: string; origin?: string } = {}) {
    const body = new URLSearchParams({ kind: "membership", name: "Märta Öberg", street: "Åsgatan 4", postalCode: "903 25", city: "Umeå", email: "", website: "", ...fields });
    const request = new Request(`${server.url}/bestall-blankett`, {
      method: "POST",
      headers: { origin: init.origin ?? server.url, "content-type": "application/x-www-form-urlencoded" },
      body,
    });
    return outcome(() => (postalForm.action as unknown as Handler)({ request, context: context(init.from), params: {} }));
  }

  describe("/bestall-blankett", () => {
    it("offers the form, with one chosen when a link says which", async () => {
      const plain = await outcome(() => (postalForm.loader as unknown as Handler)({ request: new Request(`${server.url}/bestall-blankett`), context: context(), params: {} }));
      expect(plain.data).toEqual({ preselected: null, phone: server.container.site.phone, email: server.container.site.email });
      for (const [word, kind] of [["autogiro", "autogiro_mandate"], ["medlemskap", "membership"], ["inbetalningskort", "payin_slips"], ["skatt", null]] as const) {
        const page = await outcome(() => (postalForm.loader as unknown as Handler)({ request: new Request(`${server.url}/bestall-blankett?blankett=${word}`), context: context(), params: {} }));
        expect(page.data.preselected, word).toBe(kind);
      }
    });

    it("stores an order posted without JavaScript and answers what is coming, where and by when, never to be cached", async () => {
      const before = (await stored()).length;
      const answer = await order({ street: "Storgatan 7", postalCode: "90325", email: "marta@exempel.se" });
      expect(answer.status).toBe(200);
      expect(answer.headers.get("cache-control")).toBe("no-store");
      expect(answer.data).toEqual({
        result: null,
        ordered: {
          reference: expect.stringMatching(/^BL-[0-9A-HJKMNP-TV-Z]{12}$/),
          kind: "membership",
          name: "Märta Öberg",
          street: "Storgatan 7",
          postalCode: "903 25",
          city: "Umeå",
          email: "marta@exempel.se",
          expectedBy: expect.stringMatching(/^2026-\d\d-\d\d$/),
          created: true,
        },
      });
      const rows = await stored();
      expect(rows).toHaveLength(before + 1);
      expect(rows.find((r) => r.reference === answer.data.ordered.reference)).toMatchObject({ kind: "membership", status: "ready", email: "marta@exempel.se" });
      // The confirmation e-mail is queued with it.
      const jobs = await server.container.db.selectFrom("jobs").select("type").where("type", "=", "postal-form-confirmation").execute();
      expect(jobs.length).toBeGreaterThan(0);

      // The same form to the same person and address while it waits is the same order: one envelope. The answer
      // shows what was typed now, never the first sender's e-mail address.
      const again = await order({ street: "STORGATAN 7", postalCode: "903 25", email: "someone.else@exempel.se" }, { from: "10.9.9.9" });
      expect(again.data.ordered).toMatchObject({ reference: answer.data.ordered.reference, created: false, street: "STORGATAN 7", email: null });
      expect(JSON.stringify(again.data)).not.toContain("marta@exempel.se");
      expect(await stored()).toHaveLength(before + 1);
    });

    it("refuses each wrong field with a Swedish message beside it, answers 400 and stores nothing", async () => {
      const before = (await stored()).length;
      const cases: Array<[Record<string, string>, string, RegExp]> = [
        [{ kind: "" }, "kind", /^Välj vilken blankett du vill ha\.$/],
        [{ kind: "skattedeklaration" }, "kind", /^Välj vilken blankett du vill ha\.$/],
        [{ name: " " }, "name", /Skriv namnet/],
        [{ street: "" }, "street", /gatuadressen/],
        [{ postalCode: "1234" }, "postalCode", /fem siffror/],
        [{ city: "" }, "city", /Skriv orten/],
        [{ email: "marta-at-exempel" }, "email", /namn@exempel\.se/],
        [{ name: "Märta\u202EÖberg" }, "name", /tecken/],
      ];
      for (const [fields, field, message] of cases) {
        const answer = await order(fields);
        expect(answer.status, field).toBe(400);
        expect(answer.data.ordered, field).toBeNull();
        expect(answer.data.result.status, field).toBe("error");
        expect(answer.data.result.error[field]?.[0], field).toMatch(message);
      }
      expect(await stored()).toHaveLength(before);
    });

    it("stores nothing for a robot (the honeypot) or another site's post", async () => {
      const before = (await stored()).length;
      const robot = await order({ website: "https://spam.example" });
      expect(robot.status).toBe(400);
      expect(robot.data.result.error[""]).toEqual([FORM_NOT_SENT]);
      const crossSite = await order({}, { origin: "https://evil.example" });
      expect(crossSite.status).toBe(403);
      expect(await stored()).toHaveLength(before);
    });

    it("answers 429 with a Swedish sentence over the visitor's limit, shared with the API, and stores nothing", async () => {
      for (const street of ["Gata 1", "Gata 2", "Gata 3"]) expect((await order({ street })).status, street).toBe(200);
      const before = (await stored()).length;
      const refused = await order({ street: "Gata 4" });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(refused.data.result.error[""]).toEqual([POSTAL_FORMS_LIMITED_MESSAGES.visitor]);
      expect(refused.data.ordered).toBeNull();
      // Typing errors are not counted.
      expect((await order({ postalCode: "1" })).status).toBe(400);
      // The limiter is the JSON API's own: this visitor is over it there too.
      expect(await server.container.postalFormLimiter.peek(ip)).toBe(false);
      expect(await stored()).toHaveLength(before);
    });

    it("answers 429 for a fourth order to one address within 30 days, whoever asks, and stores nothing", async () => {
      const address = { street: "Brevgatan 9", postalCode: "222 33", city: "Lund" };
      for (const [i, kind] of ["membership", "autogiro_mandate", "payin_slips"].entries()) {
        expect((await order({ ...address, kind }, { from: `10.8.${engine === "sqlite" ? 0 : 1}.${i}` })).status, kind).toBe(200);
      }
      const before = (await stored()).length;
      const refused = await order({ ...address, kind: "membership", name: "Bo Exempel" }, { from: `10.8.${engine === "sqlite" ? 0 : 1}.9` });
      expect(refused.status).toBe(429);
      expect(refused.data.result.error[""]).toEqual([POSTAL_FORMS_LIMITED_MESSAGES.address]);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(29 * 86_400);
      expect(await stored()).toHaveLength(before);
    });
  });

  describe("/brev/{reference}", () => {
    const open = (reference: string, from = ip) =>
      outcome(() => (letterLink.loader as unknown as Handler)({ request: new Request(`${server.url}/brev/${reference}`), context: context(from), params: { reference } }));

    const giftFormWith = (cookie: string | null) =>
      outcome(() => (giftForm.loader as unknown as Handler)({ request: new Request(`${server.url}/ge-en-gava`, { headers: cookie ? { cookie } : {} }), context: context(), params: {} }));

    it("leads to the gift form (303) with the letter's name and address in a short-lived HttpOnly cookie, never in the address", async () => {
      const answer = await open(link.reference);
      expect(answer.status).toBe(303);
      expect(answer.headers.get("location")).toBe("/ge-en-gava");
      expect(answer.headers.get("cache-control")).toBe("no-store");
      const setCookie = answer.headers.get("set-cookie") ?? "";
      expect(setCookie).toBe(`hl_brev=${link.reference}; Path=/; HttpOnly; SameSite=Lax; Max-Age=1800`);
      for (const personal of ["Erik", "Lindgren", "Ringv", "118"]) expect(`${answer.headers.get("location")} ${setCookie}`).not.toContain(personal);

      // The gift form fills in the name and address – and nothing else the donor row holds – and is never cached.
      const form = await giftFormWith(setCookie.split(";")[0]!);
      expect(form.data.prefill).toEqual({ name: "Erik Lindgren", street: "Ringvägen 12", postalCode: "118 60", city: "Stockholm" });
      expect(form.data.prefilledFrom).toBe("letter");
      expect(form.headers.get("cache-control")).toBe("private, no-store");
      expect(JSON.stringify(form.data)).not.toMatch(/198112289874|erik@exempel\.se|0701234567/);
      // So do the other gift forms (one place fills them all in), also never cached.
      const member = await outcome(() =>
        (membership.loader as unknown as Handler)({ request: new Request(`${server.url}/bli-medlem`, { headers: { cookie: setCookie.split(";")[0]! } }), context: context(), params: {} }),
      );
      expect(member.data.prefill).toMatchObject({ name: "Erik Lindgren", city: "Stockholm" });
      expect(member.headers.get("cache-control")).toBe("private, no-store");

      // Without the cookie: an empty, cacheable form.
      const plain = await giftFormWith(null);
      expect(plain.data.prefill).toBeNull();
      expect(plain.headers.get("cache-control")).toBeNull();
    });

    it("works typed by hand in small letters", async () => {
      const answer = await open(link.reference.toLowerCase());
      expect(answer.status).toBe(303);
      expect(answer.headers.get("set-cookie")).toContain(`hl_brev=${link.reference};`);
    });

    it("answers an unknown, malformed or expired reference with the same friendly 404 page and the phone number, and sets nothing", async () => {
      for (const reference of [newLetterReference(), "1", "../../etc/passwd"]) {
        const answer = await open(reference);
        expect(answer.status, reference).toBe(404);
        expect(answer.headers.get("set-cookie"), reference).toBeNull();
        expect(answer.headers.get("cache-control"), reference).toBe("no-store");
        expect(answer.data, reference).toEqual({ limited: false, phone: server.container.site.phone, email: server.container.site.email });
      }
      // A cookie from a link that has since expired fills in nothing.
      const cookie = (await open(link.reference)).headers.get("set-cookie")!.split(";")[0]!;
      const saved = clock.now();
      clock.advance(61 * 86_400_000);
      expect((await open(link.reference, "10.7.0.1")).status).toBe(404);
      const form = await giftFormWith(cookie);
      expect(form.data.prefill).toBeNull();
      expect(form.headers.get("cache-control")).toBeNull();
      clock.set(saved.toISOString());
    });

    it("shares the API's per-visitor limit on opening links: 429 with a Swedish page", async () => {
      for (let i = 0; i < 5; i += 1) await open(newLetterReference());
      const limited = await open(link.reference);
      expect(limited.status).toBe(429);
      expect(limited.data.limited).toBe(true);
      expect(limited.headers.get("set-cookie")).toBeNull();
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    });
  });
});
