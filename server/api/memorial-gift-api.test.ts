import crypto from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { ManualClock } from "#core/clock";
import type { DeceasedPerson } from "#core/memorial/memorial-records";
import { postJson, startTestServer, type TestServer } from "#tests/support/test-server";

const context = { session: "s1", identity: "i1", currentUrl: "http://127.0.0.1/ge-en-gava/minnesgava", requestgroup: "g1" };
const TODAY = "2026-11-23";

describe("POST /api/MemorialGift/Add", () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.dispose();
    server = undefined;
  });

  const clock = new ManualClock(`${TODAY}T12:00:00Z`);
  async function started() {
    server = await startTestServer({ clock, env: { RESEARCH_SNAPSHOT_FILE: "/nonexistent/research-projects.json" } });
    return server;
  }
  /** Someone in the simulator's deterministic data whose funeral, at a parlour, is still to come. */
  const someone = (s: TestServer): DeceasedPerson =>
    s.container.memorial.simulator!.deceased().find((p) => p.funeralParlour !== null && p.funeralDate !== null && p.funeralDate > TODAY)!;

  function payload(overrides: Record<string, unknown> = {}, sheet: Record<string, unknown> = {}) {
    return {
      amount: 300,
      name: "Karin Lind",
      email: "karin@exempel.se",
      idempotencyKey: crypto.randomUUID(),
      deceased: { id: "unset" },
      sheet: { to: "family_email", recipient: { name: "Familjen Berg", email: "familjen.berg@exempel.se" }, design: "ljus", greeting: "Vi tänker på er.", signature: "Karin och Olle", ...sheet },
      ...overrides,
    };
  }
  const add = (s: TestServer, body: unknown) => postJson(`${s.url}/api/MemorialGift/Add`, body);

  async function stored(s: TestServer) {
    const db = s.container.db;
    return {
      gifts: (await db.selectFrom("gifts").selectAll().execute()).length,
      memorials: (await db.selectFrom("memorials").selectAll().execute()).length,
      items: (await db.selectFrom("order_items").selectAll().execute()).length,
      payments: (await db.selectFrom("payments").selectAll().execute()).length,
    };
  }
  const nothing = { gifts: 0, memorials: 0, items: 0, payments: 0 };

  it("stores the memorial, the memorial gift and its sheet to the funeral parlour: 201 with the order reference", async () => {
    const s = await started();
    const person = someone(s);
    const res = await add(s, { context, payload: payload({ deceased: { id: person.id } }, { to: "parlour", parlourId: person.funeralParlour!.id, recipient: undefined, showAmount: true }) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ amount: 300, currency: "SEK" });
    expect(res.body.orderReference).toMatch(/^[0-9A-Z]{26}$/);

    const db = s.container.db;
    const gift = await db.selectFrom("gifts").selectAll().executeTakeFirstOrThrow();
    expect(gift).toMatchObject({ gift_type: "memorial", amount_ore: 30_000, order_reference: res.body.orderReference, status: "awaiting_payment" });
    const memorial = await db.selectFrom("memorials").selectAll().executeTakeFirstOrThrow();
    expect(memorial).toMatchObject({ id: gift.memorial_id, source_id: person.id, date_of_death: person.dateOfDeath, funeral_date: person.funeralDate });
    const item = await db.selectFrom("order_items").selectAll().executeTakeFirstOrThrow();
    expect(item).toMatchObject({ kind: "memorial_sheet", channel: "funeral_parlour", design: "ljus" });
    expect(JSON.parse(item.content)).toMatchObject({ greeting: "Vi tänker på er.", signature: "Karin och Olle", showAmount: true });
    // Like RegularGift/Add: the caller starts the payment with Payments/Create.
    expect((await stored(s)).payments).toBe(0);
  });

  it("the same idempotency key again is the same gift: 200 with the same reference, nothing stored twice", async () => {
    const s = await started();
    const body = { context, payload: payload({ deceased: { id: someone(s).id } }) };
    const first = await add(s, body);
    const again = await add(s, body);
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body.orderReference).toBe(first.body.orderReference);
    expect(await stored(s)).toEqual({ gifts: 1, memorials: 1, items: 1, payments: 0 });
  });

  it("an unknown deceased id is 422 on payload.deceased.id, and nothing is stored", async () => {
    const s = await started();
    const res = await add(s, { context, payload: payload({ deceased: { id: "D-finns-inte" } }) });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: "unknown_memorial" });
    expect(res.body.error.fields["payload.deceased.id"]).toContain("Vi hittar inte längre personen");
    expect(await stored(s)).toEqual(nothing);
  });

  it("an unknown funeral parlour is 422 on payload.sheet.parlourId, and nothing is stored", async () => {
    const s = await started();
    const res = await add(s, { context, payload: payload({ deceased: { id: someone(s).id } }, { to: "parlour", parlourId: "P-finns-inte", recipient: undefined }) });
    expect(res.status).toBe(422);
    expect(res.body.error.fields["payload.sheet.parlourId"]).toContain("Vi hittar inte begravningsbyrån");
    expect(await stored(s)).toEqual(nothing);
  });

  it("a greeting over 300 characters is refused with the form's message, and nothing is stored", async () => {
    const s = await started();
    const res = await add(s, { context, payload: payload({ deceased: { id: someone(s).id } }, { greeting: "å".repeat(301) }) });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "validation_failed", fields: { "payload.sheet.greeting": "Hälsningen får vara högst 300 tecken." } });
    expect(await stored(s)).toEqual(nothing);
  });

  it("control and direction characters are refused, and nothing is stored", async () => {
    const s = await started();
    const id = someone(s).id;
    const nul = await add(s, { context, payload: payload({ deceased: { id } }, { signature: "Karin\u0000" }) });
    expect(nul.status).toBe(400);
    expect(nul.body.error.fields["payload.sheet.signature"]).toContain("tecken som inte går att skriva ut");
    const bidi = await add(s, { context, payload: payload({ deceased: { id } }, { greeting: "Vila i frid \u202e" }) });
    expect(bidi.status).toBe(400);
    expect(bidi.body.error.fields["payload.sheet.greeting"]).toContain("tecken som inte går att skriva ut");
    expect(await stored(s)).toEqual(nothing);
  });

  it("a funeral date in the past, typed by hand, is refused, and nothing is stored", async () => {
    const s = await started();
    const typed = { name: "Per Öst", dateOfDeath: "2026-11-10", homeTown: "Umeå", funeralDate: "2026-11-20" };
    const res = await add(s, { context, payload: payload({ deceased: typed }) });
    expect(res.status).toBe(400);
    expect(res.body.error.fields["payload.deceased.funeralDate"]).toContain("Begravningen har redan varit");
    const future = await add(s, { context, payload: payload({ deceased: { ...typed, dateOfDeath: "2026-11-30", funeralDate: undefined } }) });
    expect(future.body.error.fields["payload.deceased.dateOfDeath"]).toBe("Dödsdatumet kan inte vara senare än i dag.");
    expect(await stored(s)).toEqual(nothing);
  });

  it("a person typed by hand is stored as typed", async () => {
    const s = await started();
    const typed = { name: "Per Öst", dateOfDeath: "2026-11-10", homeTown: "Umeå", funeralDate: "2026-12-01" };
    const res = await add(s, {
      context,
      payload: payload({ deceased: typed }, { to: "family_post", recipient: { name: "Familjen Öst", address: { street: "Kungsgatan 1", postalCode: "90325", city: "Umeå" } } }),
    });
    expect(res.status).toBe(201);
    const memorial = await s.container.db.selectFrom("memorials").selectAll().executeTakeFirstOrThrow();
    expect(memorial).toMatchObject({ source_id: null, name: "Per Öst", home_town: "Umeå", funeral_date: "2026-12-01" });
    const item = await s.container.db.selectFrom("order_items").selectAll().executeTakeFirstOrThrow();
    expect(item).toMatchObject({ channel: "post", due_date: "2026-11-30" });
  });

  it("wrong types and missing parts are a 400 in the API's error shape, never a 5xx", async () => {
    const s = await started();
    for (const body of [
      { context, payload: { ...payload(), deceased: 42 } },
      { context, payload: { ...payload(), sheet: null } },
      { context, payload: { ...payload(), amount: "300" } },
      { context },
      "[]",
    ]) {
      const res = await add(s, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toMatch(/validation_failed|invalid_json/);
    }
    expect(await stored(s)).toEqual(nothing);
  });
});
