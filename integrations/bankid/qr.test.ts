import { describe, expect, it } from "vitest";
import { qrCodeContent, secondsSinceOrderStart } from "./qr";

// The test vector from BankID's documentation (see /work/shared/protocols/README.md).
const token = "67df3917-fa0d-44e5-b327-edcc928297f8";
const secret = "d28db9a7-4cde-429e-a983-359be676944c";

describe("qrCodeContent", () => {
  it("matches BankID's test vector at t=0", () => {
    expect(qrCodeContent(token, secret, 0)).toBe(
      `bankid.${token}.0.dc69358e712458a66a7525beef148ae8526b1c71610eff2c16cdffb4cdac9bf8`,
    );
  });

  it("matches BankID's test vector at t=1", () => {
    expect(qrCodeContent(token, secret, 1)).toBe(
      `bankid.${token}.1.949d559bf23403952a94d103e67743126381eda00f0b3cbddbf7c96b1adcbce2`,
    );
  });

  it("refuses negative or fractional seconds", () => {
    expect(() => qrCodeContent(token, secret, -1)).toThrow(RangeError);
    expect(() => qrCodeContent(token, secret, 1.5)).toThrow(RangeError);
  });
});

describe("secondsSinceOrderStart", () => {
  it("counts whole seconds and never goes below zero", () => {
    const start = new Date("2026-01-15T10:00:00.000Z");
    expect(secondsSinceOrderStart(start, new Date("2026-01-15T10:00:01.999Z"))).toBe(1);
    expect(secondsSinceOrderStart(start, new Date("2026-01-15T09:59:59.000Z"))).toBe(0);
  });
});
