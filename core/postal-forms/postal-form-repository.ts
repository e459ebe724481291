import type { Kysely, Selectable, Transaction } from "kysely";
import type { DB, PostalFormRequestsTable } from "#db/schema";

export type PostalFormRow = Selectable<PostalFormRequestsTable>;
type Executor = Kysely<DB> | Transaction<DB>;

export async function insertPostalForm(db: Executor, row: PostalFormRow): Promise<void> {
  await db.insertInto("postal_form_requests").values(row).execute();
}

/**
 * Requests to one address (its key) made after `since` (ISO instant), whoever made them, and when the oldest of them was made.
 * A request staff struck is not counted: it was never posted, and a prank must not use up the address's limit.
 */
export async function countPostalFormsToAddress(db: Executor, addressKey: string, since: string): Promise<{ count: number; oldest: string | null }> {
  const row = await db
    .selectFrom("postal_form_requests")
    .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.min("created_at").as("oldest")])
    .where("address_key", "=", addressKey)
    .where("created_at", ">", since)
    .where("status", "!=", "cancelled")
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), oldest: row.oldest ? String(row.oldest) : null };
}

/** The same form to the same address that still waits for staff: a repeated order is that one. */
export async function findWaitingPostalForm(db: Executor, match: Pick<PostalFormRow, "kind" | "address_key">): Promise<PostalFormRow[]> {
  return db
    .selectFrom("postal_form_requests")
    .selectAll()
    .where("kind", "=", match.kind)
    .where("address_key", "=", match.address_key)
    .where("status", "=", "ready")
    .execute();
}

export async function findPostalForm(db: Executor, id: string): Promise<PostalFormRow | undefined> {
  return db.selectFrom("postal_form_requests").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function findPostalFormsByReference(db: Executor, references: readonly string[]): Promise<PostalFormRow[]> {
  if (references.length === 0) return [];
  return db.selectFrom("postal_form_requests").selectAll().where("reference", "in", [...references]).execute();
}

/** What staff post: ready requests by the date they should arrive, oldest first within a day. */
export async function readyPostalForms(db: Executor): Promise<PostalFormRow[]> {
  return db.selectFrom("postal_form_requests").selectAll().where("status", "=", "ready").orderBy("expected_by").orderBy("created_at").execute();
}

/** Marks one ready request sent; false when it was no longer ready (someone else got there first). */
export async function markPostalFormSent(db: Executor, id: string, at: string, by: string): Promise<boolean> {
  const result = await db
    .updateTable("postal_form_requests")
    .set({ status: "sent", sent_at: at, sent_by: by, updated_at: at })
    .where("id", "=", id)
    .where("status", "=", "ready")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Strikes one ready request (it will not be posted); false when it was no longer ready. */
export async function markPostalFormCancelled(db: Executor, id: string, at: string, by: string): Promise<boolean> {
  const result = await db
    .updateTable("postal_form_requests")
    .set({ status: "cancelled", cancelled_at: at, cancelled_by: by, updated_at: at })
    .where("id", "=", id)
    .where("status", "=", "ready")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
