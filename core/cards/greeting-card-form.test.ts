import { describe, expect, it } from "vitest";
import { cardCatalogue } from "./card-catalogue";
import { catalogueChoices, greetingCardFormSchema } from "./greeting-card-form";

const limits = { minKr: 50, maxKr: 100_000 };
const choices = catalogueChoices(cardCatalogue());

function form(overrides: Record<string, string> = {}) {
  return {
    amount: "250",
    name: "Anna Svensson",
    email: "Anna@Exempel.se",
    paymentMethod: "card",
    idempotencyKey: "8f0c5a52-3f0e-4c8e-9d55-0a1b2c3d4e5f",
    cardCode: "GRATULATION_03",
    greeting: "Grattis!\r\nKram",
    recipientName: "Margareta Lindqvist",
    recipientEmail: "Margareta@Exempel.se",
    giverName: "Anna",
    sendWhen: "now",
    deliveryDate: "",
    ...overrides,
  };
}

const errors = (now: Date, overrides: Record<string, string>) => {
  const parsed = greetingCardFormSchema(choices, limits, now).safeParse(form(overrides));
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join("."), i.message]));
};

describe("the greeting card form", () => {
  const november = new Date("2026-11-23T10:00:00Z");

  it("makes one greeting_card item by e-mail, sent as soon as paid when 'now'", () => {
    const parsed = greetingCardFormSchema(choices, limits, november).parse(form());
    expect(parsed.gift).toMatchObject({ amountOre: 25_000, email: "anna@exempel.se" });
    expect(parsed.item).toMatchObject({
      kind: "greeting_card",
      design: "GRATULATION_03",
      channel: "email",
      recipient: { name: "Margareta Lindqvist", email: "margareta@exempel.se" },
      content: { cardCode: "GRATULATION_03", greeting: "Grattis!\nKram", giverName: "Anna" },
      sendAt: null,
    });
  });

  it("sends a dated card at 08:00 Swedish time, winter and summer, and today's date at once", () => {
    const tomorrow = greetingCardFormSchema(choices, limits, november).parse(form({ sendWhen: "date", deliveryDate: "2026-11-24" }));
    expect(tomorrow.item.sendAt?.toISOString()).toBe("2026-11-24T07:00:00.000Z");
    expect(tomorrow.item.dueDate).toBe("2026-11-24");
    const midsummer = greetingCardFormSchema(choices, limits, november).parse(form({ sendWhen: "date", deliveryDate: "2027-06-25" }));
    expect(midsummer.item.sendAt?.toISOString()).toBe("2027-06-25T06:00:00.000Z");
    const today = greetingCardFormSchema(choices, limits, november).parse(form({ sendWhen: "date", deliveryDate: "2026-11-23" }));
    expect(today.item.sendAt).toBeNull();
  });

  it("refuses a send date in the past, beyond a year, missing or malformed", () => {
    expect(errors(november, { sendWhen: "date", deliveryDate: "2026-11-22" }).deliveryDate).toMatch(/redan varit/);
    expect(errors(november, { sendWhen: "date", deliveryDate: "2027-11-24" }).deliveryDate).toMatch(/högst ett år/);
    expect(errors(november, { sendWhen: "date", deliveryDate: "2027-11-23" }).deliveryDate).toBeUndefined();
    expect(errors(november, { sendWhen: "date", deliveryDate: "" }).deliveryDate).toMatch(/Välj dagen/);
    expect(errors(november, { sendWhen: "date", deliveryDate: "24/12/2026" }).deliveryDate).toMatch(/ÅÅÅÅ-MM-DD/);
    expect(errors(november, { sendWhen: "later" }).sendWhen).toMatch(/När/i);
  });

  it("refuses an unknown card, one out of season, a long greeting or one with control characters, and a bad e-mail", () => {
    expect(errors(november, { cardCode: "NOPE_01" }).cardCode).toBe("Det kortet finns inte. Välj ett kort i listan.");
    expect(errors(november, { cardCode: "" }).cardCode).toBe("Välj ett kort.");
    expect(errors(november, { cardCode: "PASK_01" }).cardCode).toMatch(/inte att välja just nu/);
    expect(errors(new Date("2027-03-20T10:00:00Z"), { cardCode: "PASK_01" }).cardCode).toBeUndefined();
    expect(errors(november, { greeting: "x".repeat(301) }).greeting).toMatch(/högst 300/);
    expect(errors(november, { greeting: "x".repeat(300) }).greeting).toBeUndefined();
    expect(errors(november, { greeting: "Hej\u0007" }).greeting).toMatch(/tecken som inte går att skriva ut/);
    expect(errors(november, { greeting: "Hej\u202edär" }).greeting).toMatch(/tecken som inte går att skriva ut/);
    expect(errors(november, { recipientEmail: "margareta" }).recipientEmail).toMatch(/e-postadress/);
    expect(errors(november, { giverName: "" }).giverName).toMatch(/vem kortet är från/);
  });
});
