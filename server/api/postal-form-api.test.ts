import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "#core/clock";
import { testEngines } from "#tests/support/test-databases";
import { fulfilmentView } from "#app/admin/fulfilment.server";
import { postJson, startTestServer, type TestServer } from "#tests/support/test-server";

const body = (overrides: Record<string, unknown> = {}) => ({
  kind: "autogiro_mandate",
  name: "Astrid Exempel",
  street: "Storgatan 1",
  postalCode: "111 22",
  city: "Västerås",
  ...overrides,
});

describe.each(testEngines)("POST /api/PostalForm on %s", (engine) => {
  // Monday 23 November 2026, 10:00 in Stockholm.
  const clock = new ManualClock("2026-11-23T09:00:00.000Z");
  let server: TestServer;
  let url = "";
  beforeAll(async () => {
    server = await startTestServer({ engine, clock, env: { RESEARCH_SNAPSHOT_FILE: "/nonexistent/research-projects.json", RATE_LIMIT_POSTAL_FORMS_PER_HOUR: "5" } });
    url = `${server.url}/api/PostalForm`;
  });
  afterAll(() => server.dispose());
  // Each test starts in a new hour, so the per-visitor window is fresh (the per-address window is 30 days and is not).
  beforeEach(() => clock.advance(3600_000));

  const stored = async () => server.container.db.selectFrom("postal_form_requests").selectAll().orderBy("created_at").orderBy("reference").execute();

  it("stores each kind, answers with its reference and the day it should arrive, and puts it in the fulfilment queue", async () => {
    const answers: Array<{ reference: string; kind: string; expectedBy: string }> = [];
    for (const [i, kind] of (["autogiro_mandate", "membership", "payin_slips"] as const).entries()) {
      const answer = await postJson(url, body({ kind, street: `Kindgatan ${i + 1}`, email: i === 0 ? "astrid@exempel.se" : undefined }));
      expect(answer.status, kind).toBe(201);
      expect(answer.body).toEqual({ reference: expect.stringMatching(/^BL-[0-9A-HJKMNP-TV-Z]{12}$/), kind, expectedBy: "2026-11-27" });
      answers.push(answer.body);
    }
    const rows = await stored();
    const byReference = (a: unknown[], b: unknown[]) => String(a[0]).localeCompare(String(b[0]));
    expect(rows.map((r) => [r.reference, r.kind, r.status, r.street, r.postal_code]).sort(byReference)).toEqual(
      answers.map((a, i) => [a.reference, a.kind, "ready", `Kindgatan ${i + 1}`, "111 22"]).sort(byReference),
    );

    const view = await fulfilmentView(server.container.db, clock.now());
    for (const answer of answers) {
      expect(view.queue).toContainEqual(expect.objectContaining({ reference: answer.reference, dueDate: "2026-11-27", channel: "Post" }));
    }
    expect(view.queue.find((line) => line.reference === answers[2]!.reference)).toMatchObject({ what: "Inbetalningskort", to: "Astrid Exempel, Kindgatan 3, 111 22 Västerås" });

    // The confirmation goes only to the one who gave an address.
    while ((await server.container.jobs.runOnce()) > 0);
    const mailDir = path.join(server.dir, "mail");
    const mails = fs.readdirSync(mailDir).map((f) => fs.readFileSync(path.join(mailDir, f), "utf8"));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatch(/^To: astrid@exempel\.se$/m);
    expect(mails[0]).toContain(answers[0]!.reference);
  });

  it("refuses bad input with Swedish field messages and stores nothing", async () => {
    const before = (await stored()).length;
    const cases: Array<[unknown, string, RegExp]> = [
      [{ ...body(), name: undefined }, "name", /Skriv namnet/],
      [{ kind: "membership" }, "street", /gatuadressen/],
      [body({ postalCode: "1234" }), "postalCode", /fem siffror/],
      [body({ postalCode: "ABC DE" }), "postalCode", /fem siffror/],
      [body({ kind: "skattedeklaration" }), "kind", /autogiro_mandate, membership, payin_slips/],
      [body({ street: "S".repeat(101) }), "street", /högst 100/],
      [body({ city: "Ö".repeat(61) }), "city", /högst 60/],
      [body({ email: "astrid-at-exempel" }), "email", /namn@exempel\.se/],
      [body({ personnummer: "198112289874" }), "personnummer", /Okänt fält/],
      [body({ name: 42 }), "name", /Skriv namnet/],
      // Decision 0040: what the envelope cannot print, and what would break a one-line name, is refused by name.
      [body({ name: "Astrid 😀" }), "name", /^Tecknet ”😀” kan inte skrivas ut/],
      [body({ name: "שלום Astrid" }), "name", /^Tecknen ”ש”, ”ל”, ”ו” kan inte skrivas ut/],
      [body({ name: "Astrid\u2028Exempel" }), "name", /^Skriv texten på en rad/],
      [body({ street: "Kind\u200bgatan 1" }), "street", /tecken som inte går att skriva ut/],
    ];
    for (const [request, field, message] of cases) {
      const answer = await postJson(url, request);
      expect(answer.status, field).toBe(400);
      expect(answer.body.error.code, field).toBe("validation_failed");
      expect(answer.body.error.message).toMatch(/Rätta fälten/);
      expect(answer.body.error.fields[field], field).toMatch(message);
    }
    // Control characters are refused for every API route before ours sees them.
    const control = await postJson(url, body({ name: "Astrid\u0000" }));
    expect(control.status).toBe(400);
    expect(control.body.error.fields.name).toMatch(/tecken som inte går att skriva ut/);
    expect((await postJson(url, "{not json")).status).toBe(400);
    const empty = await fetch(url, { method: "POST" });
    expect(empty.status).toBe(400);
    expect(await stored()).toHaveLength(before);
  });

  it("answers an identical request still waiting with the first one (200), not a second envelope", async () => {
    const first = await postJson(url, body({ street: "Dubbelgatan 7" }));
    const again = await postJson(url, body({ street: "DUBBELGATAN  7", postalCode: "11122", name: "astrid exempel" }));
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect((await stored()).filter((r) => r.street.toLowerCase().startsWith("dubbelgatan"))).toHaveLength(1);
  });

  it("refuses a fourth request to one address in 30 days with 429, whoever asks, and stores nothing", async () => {
    const address = { street: "Gränsvägen 3", postalCode: "222 33", city: "Lund" };
    for (const kind of ["autogiro_mandate", "membership", "payin_slips"]) {
      expect((await postJson(url, body({ ...address, kind }))).status).toBe(201);
    }
    const before = (await stored()).length;
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body({ name: "Bo Exempel", street: "gränsvägen 3", postalCode: "22233", city: "LUND" })),
    });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(29 * 86_400);
    expect(await response.json()).toEqual({ error: { code: "address_limited", message: expect.stringMatching(/redan fått flera beställningar/) } });
    expect(await stored()).toHaveLength(before);
  });

  it("refuses a visitor's sixth request in an hour with 429 and stores nothing", async () => {
    for (let i = 1; i <= 5; i++) expect((await postJson(url, body({ street: `Besöksgatan ${i}` }))).status).toBe(201);
    const before = (await stored()).length;
    const refused = await postJson(url, body({ street: "Besöksgatan 6" }));
    expect(refused.status).toBe(429);
    expect(refused.body.error).toEqual({ code: "rate_limited", message: expect.stringMatching(/många blanketter på kort tid/) });
    expect(await stored()).toHaveLength(before);
    // The next hour, the visitor may order again.
    clock.advance(3600_000);
    expect((await postJson(url, body({ street: "Besöksgatan 6" }))).status).toBe(201);
  });
});
