import { describe, expect, it } from "vitest";
import { ALL_GRANTED, type Consent, consentOf } from "../consent/consent";
import { type DataLayerEntry, createDataLayer } from "./data-layer";

function setup(initial: Consent | null = ALL_GRANTED) {
  const entries: DataLayerEntry[] = [];
  let consent = initial;
  const dataLayer = createDataLayer({ target: () => entries, consent: () => consent });
  return { entries, dataLayer, setConsent: (c: Consent | null) => (consent = c) };
}

describe("data layer", () => {
  it("pushes GAEvent, virtualPageView, purchase and ecommerce entries", () => {
    const { entries, dataLayer } = setup();
    dataLayer.gaEvent({ category: "Gåva", action: "start", label: "memorial_gift", value: 250, nonInteraction: false });
    dataLayer.virtualPageView({ page: "/ge-en-gava/steg-2", title: "Steg 2" });
    dataLayer.purchase({
      transactionId: "OR-1",
      transactionTotal: 500,
      transactionProducts: [{ sku: "regular_gift", name: "Gåva", category: "regular_gift", price: 500, quantity: 1 }],
    });
    dataLayer.ecommerce({ event: "checkout", action: "swish" });
    expect(entries).toEqual([
      {
        event: "GAEvent",
        category: "Gåva",
        action: "start",
        label: "memorial_gift",
        value: 250,
        nonInteraction: false,
      },
      { event: "virtualPageView", page: "/ge-en-gava/steg-2", title: "Steg 2" },
      {
        event: "purchase",
        transactionId: "OR-1",
        transactionTotal: 500,
        transactionProducts: [{ sku: "regular_gift", name: "Gåva", category: "regular_gift", price: 500, quantity: 1 }],
      },
      { event: "checkout", action: "swish" },
    ]);
  });

  it("leaves out fields that were not given", () => {
    const { entries, dataLayer } = setup();
    dataLayer.gaEvent({ category: "a", action: "b" });
    expect(entries[0]).toEqual({ event: "GAEvent", category: "a", action: "b", nonInteraction: false });
  });

  it("pushes failures under their failure event name", () => {
    const { entries, dataLayer } = setup();
    dataLayer.failure("SwishInitFailed");
    expect(entries).toEqual([{ event: "SwishInitFailed", nonInteraction: true }]);
  });

  it("pushes nothing without both consents", () => {
    const { entries, dataLayer, setConsent } = setup(consentOf(true, false));
    expect(dataLayer.gaEvent({ category: "a", action: "b" })).toBe(false);
    expect(dataLayer.routeChange("/")).toBe(false);
    setConsent(null);
    expect(dataLayer.failure("PaymentPollFailed")).toBe(false);
    setConsent(ALL_GRANTED);
    expect(dataLayer.routeChange("/")).toBe(true);
    expect(entries).toEqual([{ event: "route-change", page: "/" }]);
  });

  it("does nothing when the data layer does not exist", () => {
    const dataLayer = createDataLayer({ target: () => undefined, consent: () => ALL_GRANTED });
    expect(dataLayer.routeChange("/")).toBe(false);
  });
});
