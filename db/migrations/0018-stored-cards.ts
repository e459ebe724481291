import { sql, type Kysely } from "kysely";
import { oneOf } from "../dialect";

/**
 * Monthly giving by card (decision 0028). The donor's card is stored by
 * Mondido in its hosted window (`store_card`); we keep Mondido's stored-card
 * id and token – never a card number – with the masked number and expiry the
 * donor recognises, and which agreement charges it (`agreements.card_subscription_ref`
 * holds the `stored_cards.id`).
 *
 * `card_charges` marks each payment attempt that is a charge of a stored
 * card, made by us rather than by the donor in the window. Its row is written
 * in the same transaction as the attempt and its `payment_ref` (the
 * idempotency key), before Mondido is called; the charge job looks up that
 * reference at Mondido before it charges, so a crash between Mondido's answer
 * and our write never charges the month twice.
 *
 * The status set is written out (a migration must do tomorrow what it did
 * today); db/check-constraints.test.ts keeps it equal to core's union.
 */
const STORED_CARD_STATUSES = ["active", "replaced", "expired"];

export async function up0018(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("stored_cards")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("donor_id", "text", (c) => c.notNull().references("donors.id"))
    .addColumn("provider", "text", (c) => c.notNull().check(sql`provider in ('Mondido')`))
    .addColumn("provider_card_id", "text", (c) => c.notNull())
    // What Mondido charges the card by; a secret like a password, never logged or shown.
    .addColumn("token", "text", (c) => c.notNull())
    .addColumn("masked_number", "text")
    // The last day the card is valid (YYYY-MM-DD), when Mondido says.
    .addColumn("expires_on", "text")
    .addColumn("status", "text", (c) => c.notNull().check(sql.raw(oneOf("status", STORED_CARD_STATUSES))))
    // The card-window payment that stored it.
    .addColumn("stored_by_payment_id", "text", (c) => c.notNull().unique().references("payments.id"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("stored_cards_provider_card_unique", ["provider", "provider_card_id"])
    .execute();
  await db.schema.createIndex("stored_cards_donor_idx").on("stored_cards").column("donor_id").execute();

  await db.schema
    .createTable("card_charges")
    .addColumn("payment_id", "text", (c) => c.primaryKey().references("payments.id"))
    .addColumn("agreement_id", "text", (c) => c.notNull().references("agreements.id"))
    .addColumn("stored_card_id", "text", (c) => c.notNull().references("stored_cards.id"))
    // 1 for the month's first try, 2 and 3 for the retries (decision 0028).
    .addColumn("attempt", "integer", (c) => c.notNull().check(sql`attempt between 1 and 3`))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("card_charges_agreement_idx").on("card_charges").column("agreement_id").execute();
}
