import { sql, type Kysely } from "kysely";
import { type Engine } from "../dialect";

/**
 * Membership (decision 0024). A member is a person with a member number who
 * has paid a year's fee; the number is given when the first fee is paid, so
 * an application that is never paid takes none. Each fee is a gift of type
 * `membership` with one `membership_fees` row: who the membership is for (the
 * payer or, as a present, someone else), and – once paid – the year it covers.
 *
 * The member number is the `members` table's own integer key, counted by the
 * database (SQLite AUTOINCREMENT, a PostgreSQL identity), so two fees paid at
 * the same moment cannot be given the same number. It starts at 10001: a
 * member card saying "nr 1" looks like a test.
 */
const FIRST_MEMBER_NUMBER = 10001;

export function up0013(engine: Engine) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema
      .createTable("members")
      .addColumn("member_number", "integer", (c) =>
        engine === "postgres" ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
      )
      // The renewal link's key: unguessable, unlike the member number printed on the card.
      .addColumn("reference", "text", (c) => c.notNull().unique())
      .addColumn("donor_id", "text", (c) => c.references("donors.id"))
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("email", "text")
      .addColumn("street", "text", (c) => c.notNull())
      .addColumn("postal_code", "text", (c) => c.notNull())
      .addColumn("city", "text", (c) => c.notNull())
      // The last day of the last paid year (YYYY-MM-DD).
      .addColumn("paid_until", "text", (c) => c.notNull())
      // The paid_until a renewal reminder was sent for: one reminder per year.
      .addColumn("reminded_for", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("members_donor_idx").on("members").column("donor_id").execute();
    await db.schema.createIndex("members_paid_until_idx").on("members").column("paid_until").execute();
    if (engine === "postgres") {
      await sql`alter table members alter column member_number restart with ${sql.lit(FIRST_MEMBER_NUMBER)}`.execute(db);
    } else {
      await sql`insert into sqlite_sequence (name, seq) values ('members', ${sql.lit(FIRST_MEMBER_NUMBER - 1)})`.execute(db);
    }

    await db.schema
      .createTable("membership_fees")
      .addColumn("gift_id", "text", (c) => c.primaryKey().references("gifts.id"))
      // The member a renewal is for; for a new membership, filled in when the fee is paid.
      .addColumn("member_number", "integer", (c) => c.references("members.member_number"))
      // Who the membership is for (the payer, or the person it is given to).
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("email", "text")
      .addColumn("street", "text", (c) => c.notNull())
      .addColumn("postal_code", "text", (c) => c.notNull())
      .addColumn("city", "text", (c) => c.notNull())
      .addColumn("is_present", "integer", (c) => c.notNull().check(sql`is_present in (0, 1)`))
      // A present's words, printed on the member card.
      .addColumn("greeting", "text")
      // The year the fee pays for, set when it is paid (YYYY-MM-DD, both days included).
      .addColumn("valid_from", "text")
      .addColumn("valid_until", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addCheckConstraint("membership_fees_paid_check", sql`(valid_from is null) = (valid_until is null)`)
      .execute();
    await db.schema.createIndex("membership_fees_member_idx").on("membership_fees").column("member_number").execute();
  };
}
