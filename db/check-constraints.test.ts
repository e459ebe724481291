import { afterEach, describe, expect, it } from "vitest";
import { sql, type Kysely } from "kysely";
import { ManualClock } from "../core/clock";
import { GIFT_STATUSES, GIFT_TYPES } from "../core/gifts/gift-types";
import { PAYMENT_METHODS, PAYMENT_STATUSES, PROVIDERS, TRANSITION_SOURCES } from "../core/payments/payment-status";
import { ORDER_CHANNELS, ORDER_ITEM_KINDS, ORDER_ITEM_STATUSES, ORDER_KINDS, ORDER_TRANSITION_SOURCES } from "../core/orders/order-status";
import { createGift } from "../core/gifts/gift-service";
import { openTestDatabase, testEngines, type TestDatabase } from "./test-databases";

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

    const db = database.db as unknown as Kysely<unknown>;
    for (const { table, column, values } of COLUMNS) {
      for (const value of values) {
        await expect(sql`update ${sql.table(table)} set ${sql.ref(column)} = ${value}`.execute(db), `${table}.${column} = ${value}`).resolves.toBeDefined();
      }
      await expect(sql`update ${sql.table(table)} set ${sql.ref(column)} = ${"not_in_the_set"}`.execute(db), `${table}.${column}`).rejects.toThrow();
    }
  });
});
