import { describe, expect, it } from "vitest";
import { amountChosenByLink, donorLookupSchema, fieldErrors, giftFormSchema, phoneToSwishAlias } from "./gift-form";

const schema = giftFormSchema({ minKr: 50, maxKr: 100_000 });
const valid = {
  amount: "250",
  name: "Astrid Exempel",
  email: "Astrid@Exempel.se",
  paymentMethod: "swish",
  idempotencyKey: "3f0c6a5e-5b8e-4b8a-9a57-1d2f6f3b8c11",
};

describe("gift form", () => {
  it("accepts a preset amount and normalises the input", () => {
    const result = schema.parse(valid);
    expect(result).toMatchObject({ amountOre: 25_000, email: "astrid@exempel.se", personnummer: null, isBot: false });
  });

  it("accepts a free amount written the Swedish way", () => {
    expect(schema.parse({ ...valid, amount: "annat", customAmount: "1 500 kr" }).amountOre).toBe(150_000);
  });

  it("rejects amounts outside the limits and says what they are", () => {
    const low = schema.safeParse({ ...valid, amount: "annat", customAmount: "10" });
    expect(low.success).toBe(false);
    // Intl groups thousands with a non-breaking space.
    expect(fieldErrors(low.error!).customAmount).toBe("Ange ett belopp mellan 50 och 100\u00a0000 kronor i hela kronor.");
    const fraction = schema.safeParse({ ...valid, amount: "annat", customAmount: "99,50" });
    expect(fieldErrors(fraction.error!).customAmount).toMatch(/hela kronor/);
    const empty = schema.safeParse({ ...valid, amount: "annat", customAmount: "" });
    expect(fieldErrors(empty.error!).customAmount).toBe("Skriv hur mycket du vill ge.");
  });

  it("refuses control characters and direction overrides in the name and the address", () => {
    for (const name of ["Nils\u0000Null", "Nils\u202eNull", "Nils\u2066Null", "Nils\u0007", "Nils\u200bNull"]) {
      const result = schema.safeParse({ ...valid, name });
      expect(result.success, JSON.stringify(name)).toBe(false);
      expect(fieldErrors(result.error!).name).toMatch(/tecken som inte går att skriva ut/);
    }
    for (const name of ["Nils\nNull", "Nils\u2028Null", "Nils\u2029Null"]) {
      expect(fieldErrors(schema.safeParse({ ...valid, name }).error!).name, JSON.stringify(name)).toBe("Skriv texten på en rad, utan radbrytningar.");
    }
    const invoice = { ...valid, paymentMethod: "invoice", street: "Storgatan\u202e 1", postalCode: "123 45", city: "Väst\u0000erås" };
    const errors = fieldErrors(schema.safeParse(invoice).error!);
    expect(Object.keys(errors).sort()).toEqual(["city", "street"]);
    expect(schema.parse({ ...valid, name: "Åsa Öberg-Ärlig" }).name).toBe("Åsa Öberg-Ärlig");
  });

  it("names every wrong field in Swedish", () => {
    const result = schema.safeParse({ ...valid, name: "", email: "inte-en-adress", personnummer: "19811228-9875" });
    const errors = fieldErrors(result.error!);
    expect(errors.name).toBe("Skriv ditt namn.");
    expect(errors.email).toBe("Skriv en e-postadress som namn@exempel.se.");
    expect(errors.personnummer).toMatch(/Personnumret stämmer inte/);
  });

  it("accepts a valid personnummer, stored as its 12 digits, and a Swish phone number", () => {
    const result = schema.parse({ ...valid, personnummer: "19811228-9874", swishDevice: "other", swishPhone: "070-123 45 67" });
    expect(result.personnummer).toBe("198112289874");
    expect(result.swishPayerAlias).toBe("46701234567");
  });

  it("flags the honeypot", () => {
    expect(schema.parse({ ...valid, website: "http://spam.example" }).isBot).toBe(true);
  });

  it("turns phone numbers into Swish aliases", () => {
    expect(phoneToSwishAlias("+46 70 123 45 67")).toBe("46701234567");
    expect(phoneToSwishAlias("0701234567")).toBe("46701234567");
    expect(phoneToSwishAlias("12345")).toBeNull();
  });

  it("asks only for a valid personnummer to look up name and address", () => {
    expect(donorLookupSchema.parse({ personnummer: " 19811228-9874 ", name: "" }).personnummer).toBe("19811228-9874");
    expect(fieldErrors(donorLookupSchema.safeParse({ personnummer: "" }).error!).personnummer).toMatch(/^Skriv ditt personnummer/);
    expect(fieldErrors(donorLookupSchema.safeParse({ personnummer: "19811228-9875" }).error!).personnummer).toMatch(/^Personnumret stämmer inte/);
  });

  it("names a giver on the live pages only when they ticked the box: first name and the place they typed", () => {
    expect(schema.parse({ ...valid, publicPlace: "Lund" }).publicMention).toBeNull();
    expect(schema.parse({ ...valid, name: "Astrid Maria Exempel", showName: "on", publicPlace: " Lund " }).publicMention).toEqual({ firstName: "Astrid", place: "Lund" });
    expect(schema.parse({ ...valid, showName: "on" }).publicMention).toEqual({ firstName: "Astrid", place: null });
    expect(fieldErrors(schema.safeParse({ ...valid, showName: "on", publicPlace: "x".repeat(61) }).error!).publicPlace).toMatch(/^Orten får vara högst 60 tecken/);
  });

  it("chooses a link's amount: its preset, else another amount; nothing outside the limits or not whole kronor", () => {
    const limits = { minKr: 50, maxKr: 100_000 };
    expect(amountChosenByLink("500", limits)).toEqual({ amount: "500", customAmount: "" });
    expect(amountChosenByLink("300", limits)).toEqual({ amount: "annat", customAmount: "300" });
    expect(amountChosenByLink("10", limits)).toBeNull();
    expect(amountChosenByLink("12.5", limits)).toBeNull();
    expect(amountChosenByLink(null, limits)).toBeNull();
  });
});
