import type { Kysely } from "kysely";

/**
 * A payment's autogiro requests found by the payment (issue #29.3): a stop
 * withdraws a debit's payment request that no file holds yet, and Mina sidor
 * shows each debit as what Bankgirot has been told – the request queued, sent,
 * or its cancellation queued or sent – so both look requests up by
 * `payment_id` for every debit, which without this index read the whole
 * queue's history.
 */
export async function up0025(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("autogiro_requests_payment_idx").on("autogiro_requests").columns(["payment_id", "kind"]).execute();
}
