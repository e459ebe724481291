import { describe, expect, it } from "vitest";
import { postalFormFieldErrors, postalFormRequestSchema } from "./postal-form-schema";
import { postalAddressKey } from "./postal-address-key";
import { isPostalFormReference, newPostalFormReference } from "./postal-form-reference";
import { expectedArrival } from "./postal-form-service";
import { encodeCrockfordBase32 } from "../text/crockford-base32";

const valid = { kind: "autogiro_mandate", name: "Astrid Exempel", street: "Storgatan 1", postalCode: "11122", city: "Västerås" };

function errors(body: unknown): Record<string, string> {
  const parsed = postalFormRequestSchema.safeParse(body);
  if (parsed.success) throw new Error("expected a refusal");
  return postalFormFieldErrors(parsed.error);
}

describe("a postal form request", () => {
  it("is trimmed, its postal code written as on an envelope, an empty e-mail is none", () => {
    const parsed = postalFormRequestSchema.parse({ ...valid, name: "  Astrid Exempel ", email: "" });
    expect(parsed).toEqual({ kind: "autogiro_mandate", name: "Astrid Exempel", street: "Storgatan 1", postalCode: "111 22", city: "Västerås" });
    expect(postalFormRequestSchema.parse({ ...valid, kind: "payin_slips", email: "astrid@exempel.se" }).email).toBe("astrid@exempel.se");
  });

  it("names each bad field in Swedish: missing, postal code, kind, length, control characters, unknown fields", () => {
    expect(errors({})).toMatchObject({
      kind: expect.stringMatching(/Välj vilken blankett/),
      name: expect.stringMatching(/Skriv namnet/),
      street: expect.stringMatching(/gatuadressen/),
      postalCode: expect.stringMatching(/fem siffror/),
      city: expect.stringMatching(/orten/),
    });
    expect(errors({ ...valid, postalCode: "1112" }).postalCode).toMatch(/fem siffror/);
    expect(errors({ ...valid, postalCode: "111 22 3" }).postalCode).toMatch(/fem siffror/);
    expect(errors({ ...valid, kind: "tax_form" }).kind).toMatch(/autogiro_mandate, membership, payin_slips/);
    expect(errors({ ...valid, name: "x".repeat(101) }).name).toMatch(/högst 100/);
    expect(errors({ ...valid, street: "x".repeat(101) }).street).toMatch(/högst 100/);
    expect(errors({ ...valid, city: "x".repeat(61) }).city).toMatch(/högst 60/);
    expect(errors({ ...valid, name: "A\u202eB" }).name).toMatch(/tecken som inte går att skriva ut/);
    expect(errors({ ...valid, email: "inte-en-adress" }).email).toMatch(/namn@exempel.se/);
    expect(errors({ ...valid, personnummer: "198112289874", extra: 1 })).toEqual({ personnummer: expect.stringMatching(/Okänt fält/), extra: expect.stringMatching(/Okänt fält/) });
    expect(errors([valid])).toEqual({ form: "Skicka uppgifterna som ett JSON-objekt." });
  });
});

describe("the address key", () => {
  it("is one key however the address is typed", () => {
    const key = postalAddressKey({ street: "Storgatan 1", postalCode: "111 22", city: "Västerås" });
    expect(postalAddressKey({ street: "  STORGATAN   1 ", postalCode: "11122", city: "VÄSTERÅS" })).toBe(key);
    expect(postalAddressKey({ street: "Storgatan 1,", postalCode: "111 22", city: "västerås." })).toBe(key);
    expect(postalAddressKey({ street: "Storgatan 3", postalCode: "111 22", city: "Västerås" })).not.toBe(key);
    expect(postalAddressKey({ street: "Storgatan 1", postalCode: "111 23", city: "Västerås" })).not.toBe(key);
  });
});

describe("references", () => {
  it("of a postal form are BL- and 12 characters, never taken for an order item's", () => {
    const reference = newPostalFormReference();
    expect(reference).toMatch(/^BL-[0-9A-HJKMNP-TV-Z]{12}$/);
    expect(isPostalFormReference(reference)).toBe(true);
    expect(isPostalFormReference("01ARZ3NDEKTSV4RRFFQ69G5FAV")).toBe(false);
    expect(isPostalFormReference("BL-OOOOOOOOOOOO")).toBe(false);
    expect(newPostalFormReference()).not.toBe(reference);
  });

  it("are Crockford base32 of every bit, most significant first", () => {
    expect(encodeCrockfordBase32(new Uint8Array([0xff]))).toBe("ZW");
    expect(encodeCrockfordBase32(new Uint8Array(16).fill(0xff))).toBe(`${"Z".repeat(25)}W`);
    expect(encodeCrockfordBase32(new Uint8Array(16))).toBe("0".repeat(26));
  });
});

describe("when a form ordered now arrives", () => {
  it("four working days on: two for staff to post it, two for the post", () => {
    // Monday 23 November 2026, 10:00 in Stockholm → Friday 27th.
    expect(expectedArrival(new Date("2026-11-23T09:00:00Z"))).toBe("2026-11-27");
    // Saturday counts from Monday.
    expect(expectedArrival(new Date("2026-11-28T09:00:00Z"))).toBe("2026-12-04");
    // Over Christmas: 24–26 December and the weekend are not working days.
    expect(expectedArrival(new Date("2026-12-22T09:00:00Z"))).toBe("2026-12-30");
  });
});
