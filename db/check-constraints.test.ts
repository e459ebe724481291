import { afterEach, describe, expect, it } from "vitest";
import { sql, type Kysely } from "kysely";
import { ManualClock } from "#core/clock";
import { GIFT_STATUSES, GIFT_TYPES } from "#core/gifts/gift-types";
import { PAYMENT_METHODS, PAYMENT_STATUSES, PROVIDERS, TRANSITION_SOURCES } from "#core/payments/payment-status";
import { ORDER_CHANNELS, ORDER_ITEM_KINDS, ORDER_ITEM_STATUSES, ORDER_KINDS, ORDER_TRANSITION_SOURCES } from "#core/orders/order-status";
import { createGift } from "#core/gifts/gift-service";
import {
  AGREEMENT_EVENT_SOURCES,
  AGREEMENT_EVENT_TYPES,
  AGREEMENT_INTERVALS,
  AGREEMENT_KINDS,
  AGREEMENT_METHODS,
  AGREEMENT_STATUSES,
  AUTOGIRO_REQUEST_KINDS,
  MANDATE_STATUSES,
  PROVIDER_FILE_DIRECTIONS,
  PROVIDER_FILE_STATUSES,
} from "#core/agreements/agreement-status";
import { POSTAL_FORM_KINDS, POSTAL_FORM_STATUSES } from "#core/postal-forms/postal-form-kinds";
import { REFUND_STATUSES } from "#core/payments/refund-status";
import { STORED_CARD_STATUSES } from "#core/agreements/stored-card-status";
import { FUNDRAISER_PICTURES, FUNDRAISER_REVIEWS } from "#core/fundraisers/fundraiser-kinds";
import { openTestDatabase, testEngines, type TestDatabase } from "#tests/support/test-databases";

/**
 * Every closed set in core is a CHECK constraint in the database: the database
 * accepts each value of the TypeScript union and nothing else. A value added
 * to a union without a migration fails here.
 */
const COLUMNS: Array<{ table: string; column: string; values: readonly string[] }> = [
  { table: "gifts", column: "gift_type", values: GIFT_TYPES },
  { table: "gifts", column: "status", values: GIFT_STATUSES },
  { table: "payments", column: "status", values: PAYMENT_STATUSES },
  { table: "payments", column: "method", values: PAYMENT_METHODS },
  { table: "payments", column: "provider", values: PROVIDERS },
  { table: "payment_events", column: "to_status", values: PAYMENT_STATUSES },
  { table: "payment_events", column: "from_status", values: PAYMENT_STATUSES },
  { table: "payment_events", column: "source", values: TRANSITION_SOURCES },
  { table: "orders", column: "kind", values: ORDER_KINDS },
  { table: "order_items", column: "kind", values: ORDER_ITEM_KINDS },
  { table: "order_items", column: "channel", values: ORDER_CHANNELS },
  { table: "order_items", column: "status", values: ORDER_ITEM_STATUSES },
  { table: "order_events", column: "to_status", values: ORDER_ITEM_STATUSES },
  { table: "order_events", column: "source", values: ORDER_TRANSITION_SOURCES },
  { table: "mandates", column: "status", values: MANDATE_STATUSES },
  { table: "agreements", column: "kind", values: AGREEMENT_KINDS },
  { table: "agreements", column: "interval", values: AGREEMENT_INTERVALS },
  { table: "agreements", column: "method", values: AGREEMENT_METHODS },
  { table: "agreements", column: "status", values: AGREEMENT_STATUSES },
  { table: "agreement_events", column: "type", values: AGREEMENT_EVENT_TYPES },
  { table: "agreement_events", column: "from_status", values: AGREEMENT_STATUSES },
  { table: "agreement_events", column: "to_status", values: AGREEMENT_STATUSES },
  { table: "agreement_events", column: "source", values: AGREEMENT_EVENT_SOURCES },
  { table: "provider_files", column: "direction", values: PROVIDER_FILE_DIRECTIONS },
  { table: "provider_files", column: "status", values: PROVIDER_FILE_STATUSES },
  { table: "autogiro_requests", column: "kind", values: AUTOGIRO_REQUEST_KINDS },
  { table: "postal_form_requests", column: "kind", values: POSTAL_FORM_KINDS },
  { table: "postal_form_requests", column: "status", values: POSTAL_FORM_STATUSES },
  { table: "payment_refunds", column: "status", values: REFUND_STATUSES },
  { table: "stored_cards", column: "status", values: STORED_CARD_STATUSES },
  { table: "fundraisers", column: "review", values: FUNDRAISER_REVIEWS },
  { table: "fundraisers", column: "picture", values: FUNDRAISER_PICTURES },
  { table: "fundraiser_teams", column: "review", values: FUNDRAISER_REVIEWS },
];

describe.each(testEngines)("closed sets on %s", (engine) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  it("accept every value of their union and refuse any other", async () => {
    database = await openTestDatabase(engine);
    const clock = new ManualClock();
    const { gift } = await createGift(database.db, clock, {
      giftType: "diploma",
      amountOre: 30_000,
      donorName: "Astrid Exempel",
      donorEmail: "astrid@exempel.se",
      donorPersonnummer: null,
      newsletterConsent: false,
      idempotencyKey: "check-constraints",
      order: { kind: "single_order", items: [{ kind: "diploma", content: { text: "Grattis" }, recipient: { name: "Bo" }, channel: "email" }] },
    });
    const now = clock.now().toISOString();
    await database.db
      .insertInto("payments")
      .values({ id: "p1", gift_id: gift.id, method: "swish", provider: "HLFSwish", provider_reference: "R1", status: "created", amount_ore: 30_000,
        payer_alias: null, client_token: null, client_url: null, error_code: null, last_checked_at: null, created_at: now, updated_at: now, paid_at: null, expires_at: now })
      .execute();
    await database.db
      .insertInto("payment_events")
      .values({ payment_id: "p1", type: "created", from_status: null, to_status: "created", source: "api", data: null, created_at: now })
      .execute();

    // One row in each agreement table, so that an update meets the constraint.
    await database.db
      .insertInto("donors")
      .values({ id: "d1", personnummer: null, given_name: "Astrid", surname: "Exempel", street: null, postal_code: null, city: null, protected_identity: 0,
        email: null, phone: null, contact_email: 0, contact_post: 0, contact_phone: 0, newsletter: 0, created_at: now, updated_at: now, last_login_at: null })
      .execute();
    await database.db
      .insertInto("mandates")
      .values({ id: "m1", donor_id: "d1", payer_number: "1", clearing: "5000", account: "1234560", bank_name: "SEB", status: "requested", reason_code: null,
        reason_text: null, signed_at: now, signature_ref: "o1", created_at: now, updated_at: now })
      .execute();
    await database.db
      .insertInto("agreements")
      .values({ id: "a1", donor_id: "d1", kind: "monthly_gift", amount_ore: 20_000, interval: "monthly", debit_day: 28, method: "autogiro", mandate_id: "m1",
        card_subscription_ref: null, status: "pending", starts_on: "2026-01-28", paused_until: null, next_debit_on: "2026-01-28", idempotency_key: "a1", created_at: now, updated_at: now })
      .execute();
    await database.db
      .insertInto("agreement_events")
      .values({ agreement_id: "a1", type: "created", from_status: null, to_status: "pending", applies_from: null, data: null, source: "donor", created_at: now })
      .execute();
    await database.db
      .insertInto("provider_files")
      .values({ id: "f1", provider: "Drip", direction: "out", layout: "request", file_name: "f", sha256: null, status: "writing", summary: null, created_at: now, processed_at: null })
      .execute();
    await database.db
      .insertInto("autogiro_requests")
      .values({ id: "r1", kind: "new_mandate", mandate_id: "m1", payment_id: null, request: "{}", provider_file_id: "f1", created_at: now })
      .execute();
    await database.db
      .insertInto("postal_form_requests")
      .values({ id: "pf1", reference: "BL-000000000001", kind: "payin_slips", name: "Astrid Exempel", street: "Storgatan 1", postal_code: "111 22", city: "Västerås",
        email: null, address_key: "11122|storgatan 1|västerås", expected_by: "2026-01-20", status: "ready", sent_at: null, sent_by: null, created_at: now, updated_at: now })
      .execute();
    await database.db
      .insertInto("stored_cards")
      .values({ id: "sc1", donor_id: "d1", provider: "Mondido", provider_card_id: "300", token: "t", masked_number: null, expires_on: null, status: "active",
        stored_by_payment_id: "p1", created_at: now, updated_at: now })
      .execute();
    await database.db
      .insertInto("payment_refunds")
      .values({ id: "rf1", payment_id: "p1", provider: "HLFSwish", idempotency_key: "rf1", provider_reference: null, status: "requested", amount_ore: 30_000,
        reason: "Test", requested_by: "staff:1", error_code: null, error_message: null, created_at: now, updated_at: now })
      .execute();
    await database.db
      .insertInto("fundraisers")
      .values({ id: "fr1", slug: "astrids-femtio", kind: "birthday", title: "Astrid 50", memorial_id: null, organiser_kind: null, organiser_name: "Astrid Exempel",
        organiser_email: "astrid@exempel.se", organiser_donor_id: null, message: null, design: null, picture: "ballonger", goal_ore: 500_000, ends_on: null, listed: 1,
        review: "pending", review_reason: null, reviewed_at: null, reviewed_by: null, confirmed_at: now, hidden_at: null, hidden_reason: null, show_greetings: 1,
        show_total: 1, status: "open", manage_token_id: "t", closed_at: null, sheets_sent_at: null, created_at: now, updated_at: now })
      .execute();
    await database.db
      .insertInto("fundraiser_teams")
      .values({ id: "ft1", slug: "lag-astrid", name: "Lag Astrid", message: "Vi springer.", goal_ore: null, organiser_name: "Astrid Exempel", organiser_email: "astrid@exempel.se",
        organiser_donor_id: null, listed: 0, review: "pending", review_reason: null, reviewed_at: null, reviewed_by: null, confirmed_at: now, hidden_at: null, hidden_reason: null,
        status: "open", closed_at: null, manage_token_id: "t", created_at: now, updated_at: now })
      .execute();
    for (const [column, bad] of [["status", "closed"], ["goal_ore", 0], ["listed", 2]] as const) {
      await expect(sql`update fundraiser_teams set ${sql.ref(column)} = ${bad}`.execute(database.db), `fundraiser_teams.${column} = ${bad}`).rejects.toThrow();
    }
    // A personal fundraiser has no memorial columns, and a title and picture; a memorial collection the other way round.
    for (const [column, bad] of [["kind", "memorial"], ["design", "ljus"], ["title", null], ["goal_ore", 0]] as const) {
      await expect(sql`update fundraisers set ${sql.ref(column)} = ${bad}`.execute(database.db), `fundraisers.${column} = ${bad}`).rejects.toThrow();
    }
    for (const [column, bad] of [["debit_day", 29], ["debit_day", 0], ["amount_ore", 0]] as const) {
      await expect(sql`update agreements set ${sql.ref(column)} = ${bad}`.execute(database.db), `agreements.${column} = ${bad}`).rejects.toThrow();
    }

    const db = database.db as unknown as Kysely<unknown>;
    for (const { table, column, values } of COLUMNS) {
      for (const value of values) {
        await expect(sql`update ${sql.table(table)} set ${sql.ref(column)} = ${value}`.execute(db), `${table}.${column} = ${value}`).resolves.toBeDefined();
      }
      await expect(sql`update ${sql.table(table)} set ${sql.ref(column)} = ${"not_in_the_set"}`.execute(db), `${table}.${column}`).rejects.toThrow();
    }
  });
});
