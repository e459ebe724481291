import { describe, expect, it } from "vitest";
import { REDACTED, scrubDeep, scrubText, truncate } from "./scrub";

describe("scrubText", () => {
  it.each([
    ["12 digits", "pnr 199001011234 här"],
    ["12 digits with -", "pnr 19900101-1234 här"],
    ["10 digits", "pnr 9001011234 här"],
    ["10 digits with -", "pnr 900101-1234 här"],
    ["10 digits with + (over 100 years)", "pnr 900101+1234 här"],
  ])("removes a personnummer written as %s", (_label, text) => {
    expect(scrubText(text)).toBe("pnr [personnummer] här");
  });

  it("removes e-mail addresses", () => {
    expect(scrubText("Kunde inte skicka till anna.andersson+gava@exempel.se.")).toBe("Kunde inte skicka till [email].");
  });

  it("removes token and ssn query parameters but keeps ids in paths", () => {
    expect(scrubText("GET /api/MyData/Update?token=abc123def&x=1")).toBe(
      `GET /api/MyData/Update?token=${REDACTED}&x=1`,
    );
    expect(scrubText("/api/Brite/Initiate?ssn=199001011234")).toBe(`/api/Brite/Initiate?ssn=${REDACTED}`);
    expect(scrubText("/gavokort/a8f3c9e2b1d04f6e9a7c5b3d1e0f2a4c")).toBe("/gavokort/a8f3c9e2b1d04f6e9a7c5b3d1e0f2a4c");
    expect(scrubText("/api/MyData/Fetch/Zx81kQ0pLm3nB7vR2sT9")).toBe("/api/MyData/Fetch/Zx81kQ0pLm3nB7vR2sT9");
  });

  it("removes a letter link's reference, which opens a person's name and address", () => {
    expect(scrubText("https://exempel.se/api/donor/7Q3M9K2XD4B8N1PV6T5RW0CHJY?x=1")).toBe(`https://exempel.se/api/donor/${REDACTED}?x=1`);
    expect(scrubText("https://exempel.se/brev/7Q3M9K2XD4B8N1PV6T5RW0CHJY")).toBe(`https://exempel.se/brev/${REDACTED}`);
    expect(scrubText("GET /brev/7Q3M9K2XD4B8N1PV6T5RW0CHJY.data failed")).toBe(`GET /brev/${REDACTED} failed`);
  });

  it("removes Authorization values and bearer tokens", () => {
    expect(scrubText("Authorization: Bearer eyJhbGciOi.abc.def")).toBe(`Authorization: ${REDACTED}`);
    expect(scrubText('{"authorization":"Basic dXNlcjpwYXNz"}')).toBe(`{"authorization":"${REDACTED}"}`);
    expect(scrubText("sent Bearer abc.def-ghi")).toBe(`sent Bearer ${REDACTED}`);
  });

  it("keeps ordinary text and timestamps", () => {
    expect(scrubText("Swish svarade 503 kl 1700000000")).toBe("Swish svarade 503 kl 1700000000");
  });
});

describe("scrubDeep", () => {
  it("scrubs nested strings and sensitive keys without touching the original", () => {
    const original = {
      url: "/api/MyData/Update?token=abc",
      headers: { Authorization: "Bearer x", Cookie: "hl_session=abc", accept: "application/json" },
      donor: { email: "a@b.se", ssn: "199001011234", amounts: [100, 199001011234] },
    };
    expect(scrubDeep(original)).toEqual({
      url: `/api/MyData/Update?token=${REDACTED}`,
      headers: { Authorization: REDACTED, Cookie: REDACTED, accept: "application/json" },
      donor: { email: "[email]", ssn: REDACTED, amounts: [100, REDACTED] },
    });
    expect(original.donor.ssn).toBe("199001011234");
  });

  it("survives cycles", () => {
    const a: Record<string, unknown> = { name: "a" };
    a.self = a;
    expect(scrubDeep(a)).toEqual({ name: "a", self: "[circular]" });
  });
});

describe("truncate", () => {
  it("cuts to the maximum length", () => {
    expect(truncate("abcdef", 4)).toBe("abc…");
    expect(truncate("abcd", 4)).toBe("abcd");
  });
});
