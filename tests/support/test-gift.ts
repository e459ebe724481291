import crypto from "node:crypto";
import type { NewGift } from "#core/gifts/gift-service";
import type { GiftRow } from "#core/payments/payment-repository";

/**
 * A paid one-off gift for tests, typed as the row so that a schema change
 * shows up here once; a test overrides what it is about.
 */
export function testGift(overrides: Partial<GiftRow> = {}): GiftRow {
  return {
    id: "g1",
    order_reference: "0123456789ABCDEFGHJKMNPQRS",
    gift_type: "one_off",
    amount_ore: 25_000,
    donor_name: "Astrid Exempel",
    donor_email: "astrid@exempel.se",
    donor_id: null,
    memorial_id: null,
    agreement_id: null,
    debit_on: null,
    donor_personnummer: null,
    newsletter_consent: 0,
    donor_street: null,
    donor_postal_code: null,
    donor_city: null,
    status: "paid",
    idempotency_key: "k",
    created_at: "2026-01-15T10:00:00.000Z",
    updated_at: "2026-01-15T10:00:00.000Z",
    paid_at: "2026-01-15T10:01:00.000Z",
    ...overrides,
  };
}

/** What a visitor hands in for a one-off gift of 250 kr, with a fresh idempotency key. */
export function testNewGift(overrides: Partial<NewGift> = {}): NewGift {
  return {
    giftType: "one_off",
    amountOre: 25_000,
    donorName: "Astrid Exempel",
    donorEmail: "astrid@exempel.se",
    donorPersonnummer: null,
    newsletterConsent: false,
    idempotencyKey: crypto.randomUUID(),
    ...overrides,
  };
}
