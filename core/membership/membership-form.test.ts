import { describe, expect, it } from "vitest";
import { membershipFormSchema } from "./membership-form";
import { yearEnding } from "./membership-service";

const base = {
  name: "Birgitta Holm",
  email: "Birgitta@Exempel.se",
  paymentMethod: "swish",
  swishDevice: "this",
  street: "Storgatan 12",
  postalCode: "12345",
  city: "Exempelby",
  idempotencyKey: "7d4f3b9e-8f0a-4c4e-9a51-2c1f0e6b7d21",
};
const parse = (overrides: Record<string, string> = {}) => membershipFormSchema(300).safeParse({ ...base, ...overrides });
const errors = (overrides: Record<string, string>) => {
  const result = parse(overrides);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
};

describe("membership form", () => {
  it("charges the configured fee whatever the browser sends, and makes the payer the member", () => {
    const result = parse({ amount: "5", customAmount: "1" });
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.data.gift.amountOre).toBe(30_000);
    expect(result.data.member).toEqual({ name: "Birgitta Holm", email: "birgitta@exempel.se", street: "Storgatan 12", postalCode: "123 45", city: "Exempelby" });
    expect(result.data).toMatchObject({ isPresent: false, greeting: null, renewal: null });
  });

  it("asks for the member's address, and for an invoice only once", () => {
    expect(errors({ street: "", postalCode: "1234", city: "" })).toEqual({
      street: "Skriv din gatuadress.",
      postalCode: "Skriv postnumret med fem siffror, till exempel 123 45.",
      city: "Skriv din ort.",
    });
    expect(Object.keys(errors({ paymentMethod: "invoice", street: "" }))).toEqual(["street"]);
  });

  it("a present makes the recipient the member, with the greeting, and needs the payer's address only for an invoice", () => {
    const present = { forWhom: "present", street: "", postalCode: "", city: "", recipientName: "Stina Berg", recipientStreet: "Lillgatan 3", recipientPostalCode: "543 21", recipientCity: "Byn", greeting: "Grattis!" };
    const result = parse(present);
    expect(result.success).toBe(true);
    if (result.success) expect(result.data).toMatchObject({ isPresent: true, greeting: "Grattis!", member: { name: "Stina Berg", email: null, postalCode: "543 21" } });
    expect(errors({ ...present, recipientName: "", recipientEmail: "inte-en-adress" })).toMatchObject({
      recipientName: "Skriv namnet på den som ska bli medlem.",
      recipientEmail: expect.stringContaining("namn@exempel.se"),
    });
    expect(Object.keys(errors({ ...present, paymentMethod: "invoice" }))).toEqual(["street", "postalCode", "city"]);
  });

  it("refuses a greeting that is too long or holds control characters", () => {
    const present = { forWhom: "present", recipientName: "Stina Berg", recipientStreet: "Lillgatan 3", recipientPostalCode: "54321", recipientCity: "Byn" };
    expect(errors({ ...present, greeting: "x".repeat(201) })).toHaveProperty("greeting");
    expect(errors({ ...present, greeting: "Hej\u202Edå" })).toHaveProperty("greeting");
  });
});

describe("yearEnding", () => {
  it("is the day before the same date a year later, and 28 February for a year from 29 February", () => {
    expect(yearEnding("2026-11-23")).toBe("2027-11-22");
    expect(yearEnding("2027-01-01")).toBe("2027-12-31");
    expect(yearEnding("2028-02-29")).toBe("2029-02-28");
    expect(yearEnding("2027-03-01")).toBe("2028-02-29");
  });
});
