import { sql, type Kysely } from "kysely";
import { oneOf, rebuildSqliteTable, type Engine } from "../dialect";

/**
 * Staff can strike a form ordered by post (a prank, or an order by mistake)
 * instead of posting it (decision 0023): `postal_form_requests.status` gains
 * `cancelled`, with who struck it and when beside `sent_at` / `sent_by`.
 *
 * PostgreSQL swaps the status constraint (named `<table>_<column>_check` by
 * PostgreSQL when migration 0014 made it on the column); SQLite cannot alter
 * a constraint, so the table is rebuilt with the widened definition, as
 * migration 0012 did for `bankid_orders` and db/dialect.ts
 * addCheckConstraints does. The sets are written out (a migration must do
 * tomorrow what it did today); db/check-constraints.test.ts keeps them equal
 * to core's union.
 */
const BEFORE = ["ready", "sent"];
const AFTER = ["ready", "sent", "cancelled"];

export function up0016(engine: Engine) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema.alterTable("postal_form_requests").addColumn("cancelled_at", "text").execute();
    // `staff:{id}` from the back office, the user name from the command line, as `sent_by`.
    await db.schema.alterTable("postal_form_requests").addColumn("cancelled_by", "text").execute();

    const widened = oneOf("status", AFTER);
    if (engine === "postgres") {
      await sql`alter table postal_form_requests drop constraint postal_form_requests_status_check`.execute(db);
      await sql.raw(`alter table postal_form_requests add constraint postal_form_requests_status_check check (${widened})`).execute(db);
      return;
    }
    const narrow = `check (${oneOf("status", BEFORE)})`;
    await rebuildSqliteTable(db, "postal_form_requests", (create) => {
      if (!create.includes(narrow)) throw new Error("postal_form_requests: the status constraint is not the one migration 0014 made");
      return create.replace(narrow, `check (${widened})`);
    });
  };
}
