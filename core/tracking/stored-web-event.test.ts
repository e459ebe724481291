import { describe, expect, it } from "vitest";
import { registerWebEventBodySchema } from "./web-event-schema";
import { sanitiseUrl, toStoredWebEvent } from "./stored-web-event";

const context = {
  session: "session-0001",
  identity: "identity-0001",
  currentUrl: "https://www.exempel.se/",
  requestgroup: "group-0001",
};
const receivedAt = new Date("2026-01-15T10:00:00.000Z");

describe("sanitiseUrl", () => {
  it("keeps utm parameters and drops every other query parameter and the fragment", () => {
    expect(sanitiseUrl("https://www.exempel.se/mina-uppgifter?token=abc&utm_source=mejl&ssn=199001011234#x")).toBe(
      "https://www.exempel.se/mina-uppgifter?utm_source=mejl",
    );
  });

  it("keeps paths as paths", () => {
    expect(sanitiseUrl("/sok?query=anna+andersson")).toBe("/sok");
  });

  it("turns an unparsable address into an empty string", () => {
    expect(sanitiseUrl("not a url")).toBe("");
  });
});

describe("toStoredWebEvent", () => {
  it("normalises a page view and takes utm values from the address when the payload has none", () => {
    const body = registerWebEventBodySchema.parse({
      context,
      payload: {
        type: "pageview",
        referrer: "https://www.google.com/search?q=hjärta",
        useragent: "Mozilla/5.0",
        currentUrl: "https://www.exempel.se/ge?utm_campaign=jul&utm_medium=mejl&token=hemligt",
        utm_source: "nyhetsbrev",
      },
    });
    expect(toStoredWebEvent(body, receivedAt)).toEqual({
      kind: "web",
      type: "pageview",
      session: "session-0001",
      identity: "identity-0001",
      requestGroup: "group-0001",
      currentUrl: "https://www.exempel.se/ge?utm_campaign=jul&utm_medium=mejl",
      referrer: "https://www.google.com/search",
      userAgent: "Mozilla/5.0",
      utmCampaign: "jul",
      utmMedium: "mejl",
      utmSource: "nyhetsbrev",
      timeMs: null,
      receivedAt,
    });
  });

  it("stores an empty referrer and user agent as null", () => {
    const body = registerWebEventBodySchema.parse({
      context,
      payload: { type: "pageview", referrer: "", useragent: " ", currentUrl: "/" },
    });
    const stored = toStoredWebEvent(body, receivedAt);
    expect(stored.referrer).toBeNull();
    expect(stored.userAgent).toBeNull();
  });

  it("normalises a time-on-page event", () => {
    const body = registerWebEventBodySchema.parse({
      context,
      payload: { type: "timeonpage", currentUrl: "/om-oss?x=1", timems: 4000 },
    });
    const stored = toStoredWebEvent(body, receivedAt);
    expect(stored).toMatchObject({ kind: "timeonpage", type: "timeonpage", currentUrl: "/om-oss", timeMs: 4000 });
  });
});
