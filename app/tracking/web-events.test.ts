import { describe, expect, it, vi } from "vitest";
import { registerWebEventBodySchema } from "#core/tracking/web-event-schema";
import { ALL_GRANTED, type Consent, consentOf } from "../consent/consent";
import { createWebEventSender, timeOnPagePayload, webEventPayload } from "./web-events";

const ids = { session: "session-0001", identity: "identity-0001" };
const page = {
  currentUrl: "https://www.exempel.se/ge?utm_source=nyhetsbrev&utm_campaign=jul&utm_medium=",
  referrer: "",
  useragent: "Mozilla/5.0",
};

function setup(consent: Consent | null = ALL_GRANTED, known: typeof ids | null = ids) {
  const post = vi.fn(() => Promise.resolve());
  const beacon = vi.fn();
  const sender = createWebEventSender({
    consent: () => consent,
    trackingIds: () => known,
    randomId: () => "group-0001",
    post,
    beacon,
  });
  return { sender, post, beacon };
}

describe("web events", () => {
  it("builds a page view with utm values from the address", () => {
    expect(webEventPayload("pageview", page)).toEqual({
      type: "pageview",
      referrer: "",
      useragent: "Mozilla/5.0",
      currentUrl: page.currentUrl,
      utm_source: "nyhetsbrev",
      utm_campaign: "jul",
    });
  });

  it("rounds time on page to whole, non-negative milliseconds", () => {
    expect(timeOnPagePayload("/", 1234.6).timems).toBe(1235);
    expect(timeOnPagePayload("/", -5).timems).toBe(0);
  });

  it("posts a page view that the API's schema accepts", async () => {
    const { sender, post } = setup();
    expect(await sender.pageView(page)).toBe(true);
    const [path, body] = post.mock.calls[0] as unknown as [string, unknown];
    expect(path).toBe("/api/RegisterWebEvent");
    expect(registerWebEventBodySchema.parse(body).context).toEqual({
      session: "session-0001",
      identity: "identity-0001",
      currentUrl: page.currentUrl,
      requestgroup: "group-0001",
    });
  });

  it("sends time on page by beacon, valid for the API", () => {
    const { sender, beacon } = setup();
    expect(sender.timeOnPage("https://www.exempel.se/om-oss", 4000.2)).toBe(true);
    const [, body] = beacon.mock.calls[0] as unknown as [string, unknown];
    expect(registerWebEventBodySchema.parse(body).payload).toEqual({
      type: "timeonpage",
      currentUrl: "https://www.exempel.se/om-oss",
      timems: 4000,
    });
  });

  it("sends nothing without consent or without tracking cookies", async () => {
    const noConsent = setup(consentOf(true, false));
    expect(await noConsent.sender.pageView(page, ids)).toBe(false);
    expect(noConsent.sender.timeOnPage("/", 1)).toBe(false);
    const noCookies = setup(ALL_GRANTED, null);
    expect(await noCookies.sender.pageView(page)).toBe(false);
    expect(noConsent.post).not.toHaveBeenCalled();
    expect(noCookies.post).not.toHaveBeenCalled();
  });
});
