import { sql, type Kysely } from "kysely";
import { assertForeignKeysHold, type Engine } from "../dialect";

/**
 * Erasing a donor who gives monthly, is a member or has a stored card
 * (decision 0035). Until now `agreements`, `mandates` and `stored_cards` held
 * a NOT NULL reference to the donor, so erasure could not delete the donor
 * row and failed. After erasure they are kept without a donor, as gifts are:
 * the agreement's history explains its booked debits, a mandate's payer
 * number is how Bankgirot's later files about it are read, and a stored
 * card's row says which card Mondido was asked to delete.
 *
 * `stored_cards.removed_at`: when Mondido deleted the card at our request (or
 * said it no longer had it). The token is emptied at the same time; a card
 * with `removed_at` can never be charged again.
 *
 * PostgreSQL drops the NOT NULL; SQLite cannot, so each table is rebuilt from
 * its own definition with only that clause changed (as migration 0016 did),
 * and its indexes are made again. The references other tables hold to these
 * tables are by name, and the rebuilt table takes the old one's name.
 */
const TABLES = ["agreements", "mandates", "stored_cards"] as const;
const REQUIRED_DONOR = `"donor_id" text not null references "donors" ("id")`;
const OPTIONAL_DONOR = `"donor_id" text references "donors" ("id")`;

export function up0022(engine: Engine) {
  return async (db: Kysely<unknown>): Promise<void> => {
    for (const table of TABLES) {
      if (engine === "postgres") {
        await sql`alter table ${sql.table(table)} alter column donor_id drop not null`.execute(db);
        continue;
      }
      const definition = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = ${table}`.execute(db);
      const create = definition.rows[0]?.sql ?? "";
      if (!create.includes(REQUIRED_DONOR)) throw new Error(`${table}: donor_id is not the column migrations 0011 and 0018 made`);
      const indexes = await sql<{ sql: string }>`select sql from sqlite_master where type = 'index' and tbl_name = ${table} and sql is not null`.execute(db);
      const rebuilt = create
        .replace(REQUIRED_DONOR, OPTIONAL_DONOR)
        .replace(new RegExp(`^create table\\s+("?)${table}\\1`, "i"), `create table "${table}__rebuilt"`);
      await sql.raw(rebuilt).execute(db);
      await sql.raw(`insert into "${table}__rebuilt" select * from "${table}"`).execute(db);
      await sql.raw(`drop table "${table}"`).execute(db);
      await sql.raw(`alter table "${table}__rebuilt" rename to "${table}"`).execute(db);
      for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
    }
    await assertForeignKeysHold(db, engine);
    // After the rebuild, so that SQLite's definition keeps its columns before its table constraints.
    await db.schema.alterTable("stored_cards").addColumn("removed_at", "text").execute();
  };
}
