import { sql, type Kysely } from "kysely";
import { autoIncrementPrimaryKey, oneOf, type Engine } from "../dialect";
import { STAFF_ROLES } from "#core/staff/staff-roles";

/**
 * The back office (decision 0020): staff, their roles, their sessions and the
 * audit log. A staff member is found by an HMAC of their personnummer (the
 * back office never needs to show it; a copy of the table does not reveal it),
 * shown by name and birth date. Roles are a closed set, checked by the
 * database. The audit log is append-only: nothing in the code updates or
 * deletes it, and on PostgreSQL a trigger refuses UPDATE and DELETE.
 */
export function up0012(engine: Engine) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema
      .createTable("staff")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("personnummer_hmac", "text", (c) => c.notNull().unique())
      // ÅÅÅÅMMDD of the personnummer, to tell staff apart on screen without the last four digits.
      .addColumn("birth_date", "text", (c) => c.notNull())
      // From BankID at the first sign-in; null until then.
      .addColumn("name", "text")
      .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("created_by", "text")
      .addColumn("last_login_at", "text")
      .execute();

    await db.schema
      .createTable("staff_roles")
      .addColumn("staff_id", "text", (c) => c.notNull().references("staff.id").onDelete("cascade"))
      .addColumn("role", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("staff_roles_pk", ["staff_id", "role"])
      .addCheckConstraint("staff_roles_role_check", sql.raw(oneOf("role", STAFF_ROLES)))
      .execute();

    await db.schema
      .createTable("staff_sessions")
      // SHA-256 of the random id in the cookie, as for donor sessions (decision 0006).
      .addColumn("id_hash", "text", (c) => c.primaryKey())
      .addColumn("staff_id", "text", (c) => c.notNull().references("staff.id").onDelete("cascade"))
      .addColumn("ip", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("last_seen_at", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("staff_sessions_staff_idx").on("staff_sessions").column("staff_id").execute();

    // How finance resolved a BgMax payment that matched no invoice: booked on an invoice, or as a gift from a donor.
    // One row per file line (the unique key), so a line is never booked twice.
    await db.schema
      .createTable("bank_payment_resolutions")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("import_id", "text", (c) => c.notNull().references("bank_file_imports.id"))
      .addColumn("line", "integer", (c) => c.notNull())
      .addColumn("resolution", "text", (c) => c.notNull())
      .addColumn("payment_id", "text", (c) => c.references("payments.id"))
      .addColumn("donor_id", "text")
      .addColumn("resolved_by", "text", (c) => c.notNull().references("staff.id"))
      .addColumn("resolved_at", "text", (c) => c.notNull())
      .addUniqueConstraint("bank_payment_resolutions_line_unique", ["import_id", "line"])
      .addCheckConstraint("bank_payment_resolutions_resolution_check", sql.raw(oneOf("resolution", ["invoice", "donor"])))
      .execute();

    // KU65 (core/tax): each file made for Skatteverket, and per income year and person the specification
    // number and the amount last reported, so a later file corrects (same number) or deletes (Borttag) it.
    await db.schema
      .createTable("ku65_files")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("income_year", "integer", (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("statements", "integer", (c) => c.notNull())
      .addColumn("xml", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("created_by", "text", (c) => c.notNull())
      .addCheckConstraint("ku65_files_kind_check", sql.raw(oneOf("kind", ["full", "changes"])))
      .execute();
    await db.schema
      .createTable("ku65_statements")
      .addColumn("income_year", "integer", (c) => c.notNull())
      .addColumn("personnummer", "text", (c) => c.notNull())
      .addColumn("specification_number", "integer", (c) => c.notNull())
      // Whole kronor as last reported; null once a deletion (Borttag) has been reported.
      .addColumn("reported_kr", "integer")
      .addColumn("file_id", "text", (c) => c.notNull().references("ku65_files.id"))
      .addColumn("reported_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("ku65_statements_pk", ["income_year", "personnummer"])
      .addUniqueConstraint("ku65_statements_spec_unique", ["income_year", "specification_number"])
      .execute();

    const id = autoIncrementPrimaryKey(engine);
    await db.schema
      .createTable("audit_log")
      .addColumn("id", id.type, id.build)
      .addColumn("at", "text", (c) => c.notNull())
      // Null for a refused request from someone who is not signed in as staff.
      .addColumn("staff_id", "text")
      .addColumn("staff_name", "text")
      .addColumn("ip", "text", (c) => c.notNull())
      .addColumn("action", "text", (c) => c.notNull())
      .addColumn("outcome", "text", (c) => c.notNull())
      .addColumn("subject_type", "text")
      .addColumn("subject_id", "text")
      // JSON; never a personnummer or a token.
      .addColumn("details", "text", (c) => c.notNull())
      .addCheckConstraint("audit_log_outcome_check", sql.raw(oneOf("outcome", ["ok", "refused"])))
      .execute();
    await db.schema.createIndex("audit_log_at_idx").on("audit_log").column("at").execute();
    await db.schema.createIndex("audit_log_subject_idx").on("audit_log").columns(["subject_type", "subject_id"]).execute();

    await allowStaffBankIdOrders(db, engine);

    if (engine === "postgres") {
      await sql`
        create function audit_log_append_only() returns trigger language plpgsql as $$
        begin
          raise exception 'audit_log is append-only';
        end;
        $$`.execute(db);
      await sql`create trigger audit_log_no_change before update or delete on audit_log for each row execute function audit_log_append_only()`.execute(db);
      await sql`create trigger audit_log_no_truncate before truncate on audit_log for each statement execute function audit_log_append_only()`.execute(db);
    } else {
      await sql`create trigger audit_log_no_update before update on audit_log begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
      await sql`create trigger audit_log_no_delete before delete on audit_log begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
    }
  };
}

/**
 * Staff sign in with BankID orders of their own kind (`staff`: no donor is made
 * from them), so the kind's CHECK constraint from migration 0006 widens.
 * PostgreSQL swaps the constraint; SQLite cannot alter one, so the table is
 * rebuilt with the widened definition (as db/dialect.ts addCheckConstraints does).
 */
async function allowStaffBankIdOrders(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const widened = oneOf("kind", ["auth", "sign", "staff"]);
  if (engine === "postgres") {
    await sql`alter table bankid_orders drop constraint bankid_orders_kind_check`.execute(db);
    await sql.raw(`alter table bankid_orders add constraint bankid_orders_kind_check check (${widened})`).execute(db);
    return;
  }
  const definition = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'bankid_orders'`.execute(db);
  const create = definition.rows[0]?.sql ?? "";
  const narrow = `check (${oneOf("kind", ["auth", "sign"])})`;
  if (!create.includes(narrow)) throw new Error("bankid_orders: the kind constraint is not the one migration 0006 made");
  const indexes = await sql<{ sql: string }>`select sql from sqlite_master where type = 'index' and tbl_name = 'bankid_orders' and sql is not null`.execute(db);
  const rebuilt = create.replace(narrow, `check (${widened})`).replace(/^create table\s+("?)bankid_orders\1/i, 'create table "bankid_orders__rebuilt"');
  await sql.raw(rebuilt).execute(db);
  await sql.raw('insert into "bankid_orders__rebuilt" select * from "bankid_orders"').execute(db);
  await sql.raw('drop table "bankid_orders"').execute(db);
  await sql.raw('alter table "bankid_orders__rebuilt" rename to "bankid_orders"').execute(db);
  for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
}
