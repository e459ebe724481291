import { afterEach, describe, expect, it } from "vitest";
import { ManualClock } from "../clock";
import { silentLogger } from "../logger";
import { PaymentService } from "../payments/payment-service";
import type { PaymentProvider } from "../payments/payment-provider";
import { findOrderForGift, orderItems } from "../orders/order-repository";
import { openTestDatabase, testEngines, type TestDatabase } from "#tests/support/test-databases";
import { memorialGiftFormSchema } from "./memorial-gift-form";
import { giveMemorialGift, MemorialInputError, type MemorialLookup } from "./give-memorial-gift";
import type { DeceasedPerson, FuneralParlour } from "./memorial-records";
import { productPaymentOutcomes } from "../product-payment-outcomes";

const TODAY = "2026-11-23";
const LIMITS = { minKr: 50, maxKr: 100_000 };

const parlour: FuneralParlour = {
  id: "parlour-1",
  name: "Ängelholms Begravningsbyrå",
  town: "Ängelholm",
  postalAddress: { street: "Storgatan 4", postalCode: "262 31", city: "Ängelholm" },
  email: "info@angelholms-begravning.exempel.se",
  phone: "0431-00 00 00",
};
const person: DeceasedPerson = {
  id: "person-1",
  givenNames: "Åsa",
  surname: "Björk",
  birthYear: 1941,
  age: 85,
  dateOfDeath: "2026-11-15",
  homeTown: "Ängelholm",
  funeralDate: "2026-12-04",
  funeralParlour: parlour,
};
const lookup: MemorialLookup = {
  deceased: async (id) => (id === person.id ? person : null),
  funeralParlour: async (id) => (id === parlour.id ? parlour : null),
};

const base = {
  amount: "250",
  name: "Karin Lind",
  email: "karin@exempel.se",
  paymentMethod: "card",
  idempotencyKey: "5f1f6c70-6f0d-4d39-9a4f-0b7f6b0f0c11",
  design: "lilja",
  greeting: "Tack för alla somrar i Ängelholm.\nVi saknar dig.",
  signature: "Karin och Olle Lind",
};

function parse(input: Record<string, string>) {
  return memorialGiftFormSchema(LIMITS, TODAY).safeParse(input);
}

function messages(input: Record<string, string>): Record<string, string> {
  const result = parse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
}

describe("the memorial gift form", () => {
  it("takes a person from the source and a sheet to their funeral parlour", () => {
    const result = parse({ ...base, deceasedId: "person-1", sheetTo: "parlour", parlourId: "parlour-1", showAmount: "on" });
    expect(result.success).toBe(true);
    expect(result.data?.memorial).toEqual({
      deceased: { from: "source", sourceId: "person-1" },
      destination: { to: "parlour", parlourId: "parlour-1" },
      sheet: { design: "lilja", greeting: "Tack för alla somrar i Ängelholm.\nVi saknar dig.", signature: "Karin och Olle Lind", showAmount: true },
    });
    expect(result.data?.gift.amountOre).toBe(25_000);
  });

  it("takes a person typed by hand and a sheet by post to the family", () => {
    const result = parse({
      ...base,
      deceasedName: "Per Öst",
      deceasedDeathDate: "2026-11-20",
      deceasedTown: "Umeå",
      funeralDate: "2026-12-01",
      sheetTo: "family_post",
      recipientName: "Familjen Öst",
      recipientStreet: "Kungsgatan 1",
      recipientPostalCode: "90325",
      recipientCity: "Umeå",
    });
    expect(result.data?.memorial.deceased).toEqual({ from: "typed", name: "Per Öst", dateOfDeath: "2026-11-20", homeTown: "Umeå", funeralDate: "2026-12-01" });
    expect(result.data?.memorial.destination).toEqual({
      to: "family_post",
      name: "Familjen Öst",
      address: { street: "Kungsgatan 1", postalCode: "903 25", city: "Umeå" },
    });
    expect(result.data?.memorial.sheet.showAmount).toBe(false);
  });

  it("names everything missing at once, also before a destination or design is chosen", () => {
    const { design: _design, ...withoutDesign } = base;
    expect(Object.keys(messages(withoutDesign)).sort()).toEqual(["deceasedDeathDate", "deceasedName", "deceasedTown", "design", "sheetTo"]);
    expect(messages(withoutDesign).sheetTo).toBe("Välj vart minnesbladet ska skickas.");
  });

  it("says in Swedish what is missing or wrong", () => {
    expect(messages({ ...base, sheetTo: "family_email" })).toEqual({
      deceasedName: "Sök efter personen du vill hedra, eller skriv namnet.",
      deceasedDeathDate: "Skriv dödsdatumet som ÅÅÅÅ-MM-DD, till exempel 2026-11-20.",
      deceasedTown: "Skriv orten där personen bodde.",
      recipientName: "Skriv vem minnesbladet ska till, till exempel Familjen Andersson.",
      recipientEmail: "Skriv familjens e-postadress, till exempel namn@exempel.se.",
    });
    const typed = { ...base, deceasedName: "Per Öst", deceasedTown: "Umeå", sheetTo: "parlour", parlourId: "parlour-1" };
    expect(messages({ ...typed, deceasedDeathDate: "2026-11-24" }).deceasedDeathDate).toBe("Dödsdatumet kan inte vara senare än i dag.");
    expect(messages({ ...typed, deceasedDeathDate: "2026-11-20", funeralDate: "2026-11-22" }).funeralDate).toContain("Begravningen har redan varit");
    expect(messages({ ...typed, deceasedDeathDate: "2026-02-30" }).deceasedDeathDate).toContain("ÅÅÅÅ-MM-DD");
    expect(messages({ ...base, deceasedId: "person-1", sheetTo: "parlour" }).parlourId).toBe("Sök efter begravningsbyrån och välj den i listan.");
    expect(messages({ ...base, deceasedId: "person-1", sheetTo: "parlour", parlourId: "p", greeting: "x".repeat(301) }).greeting).toBe(
      "Hälsningen får vara högst 300 tecken.",
    );
    expect(messages({ ...base, deceasedId: "person-1", sheetTo: "parlour", parlourId: "p", signature: "Nils\u0000" }).signature).toContain("tecken som inte går att skriva ut");
    expect(messages({ ...base, deceasedId: "person-1", sheetTo: "parlour", parlourId: "p", design: "rosor" }).design).toBe("Välj hur minnesbladet ska se ut.");
  });
});

describe.each(testEngines)("giving a memorial gift on %s", (engine) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  async function setUp() {
    database = await openTestDatabase(engine);
    const clock = new ManualClock("2026-11-23T09:00:00.000Z");
    const card: PaymentProvider = {
      name: "Mondido",
      method: "card",
      expiresAfterMs: 3600_000,
      newProviderReference: () => `ref-${Math.random()}`,
      start: async () => ({ status: "created" }),
      fetchStatus: async () => null,
      cancel: async () => "cancelled",
    };
    const payments = new PaymentService({ db: database.db, engine: database.engine, clock, logger: silentLogger, outcomes: productPaymentOutcomes, providers: { Mondido: card } });
    return { db: database.db, deps: { db: database.db, clock, payments, memorialLookup: lookup, recipientMail: { hit: async () => true, peek: async () => true } } };
  }

  it("stores the memorial, the gift and its sheet to the parlour, due the day before the funeral; every gift in the same memory shares the memorial", async () => {
    const { db, deps } = await setUp();
    const form = parse({ ...base, deceasedId: "person-1", sheetTo: "parlour", parlourId: "parlour-1" });
    const { gift, payment, memorial } = await giveMemorialGift(deps, form.data!);
    expect(gift).toMatchObject({ gift_type: "memorial", amount_ore: 25_000, memorial_id: memorial.id, status: "awaiting_payment" });
    expect(payment).toMatchObject({ provider: "Mondido", status: "created" });
    expect(memorial).toMatchObject({ source_id: "person-1", name: "Åsa Björk", birth_year: 1941, funeral_date: "2026-12-04", funeral_parlour_name: parlour.name });
    const items = await orderItems(db, (await findOrderForGift(db, gift.id))!.id);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      kind: "memorial_sheet",
      design: "lilja",
      channel: "funeral_parlour",
      recipient_name: parlour.name,
      recipient_email: parlour.email,
      recipient_city: "Ängelholm",
      due_date: "2026-12-03",
      status: "created",
    });
    expect(JSON.parse(items[0]!.content)).toMatchObject({ deceasedName: "Åsa Björk", signature: "Karin och Olle Lind", showAmount: false });

    const second = parse({ ...base, idempotencyKey: "9a7c1c1e-3d5b-4e0a-8a5e-0f4b2f1c9d22", deceasedId: "person-1", sheetTo: "family_email", recipientName: "Familjen Björk", recipientEmail: "Familjen@Exempel.se" });
    const again = await giveMemorialGift(deps, second.data!);
    expect(again.memorial.id).toBe(memorial.id);
    expect(await db.selectFrom("memorials").selectAll().execute()).toHaveLength(1);
    const emailItem = (await orderItems(db, (await findOrderForGift(db, again.gift.id))!.id))[0]!;
    expect(emailItem).toMatchObject({ channel: "email", recipient_email: "familjen@exempel.se" });
  });

  it("keeps one memorial for a person typed the same way twice (a resubmitted form stores one gift)", async () => {
    const { db, deps } = await setUp();
    const typed = {
      ...base,
      deceasedName: "Per Öst",
      deceasedDeathDate: "2026-11-20",
      deceasedTown: "Umeå",
      sheetTo: "family_email",
      recipientName: "Familjen Öst",
      recipientEmail: "ost@exempel.se",
    };
    const first = await giveMemorialGift(deps, parse(typed).data!);
    const resubmitted = await giveMemorialGift(deps, parse(typed).data!);
    expect(resubmitted.gift.id).toBe(first.gift.id);
    expect(await db.selectFrom("memorials").selectAll().execute()).toHaveLength(1);
    expect(await db.selectFrom("gifts").selectAll().execute()).toHaveLength(1);
  });

  it("stores nothing when the person or the parlour is unknown to the source", async () => {
    const { db, deps } = await setUp();
    const unknownPerson = parse({ ...base, deceasedId: "person-404", sheetTo: "parlour", parlourId: "parlour-1" });
    await expect(giveMemorialGift(deps, unknownPerson.data!)).rejects.toMatchObject({ fields: { deceasedId: expect.stringContaining("Vi hittar inte") } });
    const unknownParlour = parse({ ...base, deceasedId: "person-1", sheetTo: "parlour", parlourId: "parlour-404" });
    await expect(giveMemorialGift(deps, unknownParlour.data!)).rejects.toBeInstanceOf(MemorialInputError);
    for (const table of ["gifts", "payments", "memorials", "orders", "order_items"] as const) {
      expect(await db.selectFrom(table).selectAll().execute(), table).toEqual([]);
    }
  });
});
