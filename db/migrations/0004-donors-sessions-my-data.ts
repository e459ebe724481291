import type { Kysely } from "kysely";
import type { Engine } from "../dialect";
import { autoIncrementPrimaryKey } from "../dialect";

/**
 * Donors who identify with BankID or open a My data link, their sessions, the
 * BankID orders they start, signed-link bookkeeping, their comments and
 * erasure requests. Personnummer is unique but may be null: a donor who only
 * ever gave their e-mail can still get a My data link.
 */
export function up0004(engine: Engine) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema
      .createTable("donors")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("personnummer", "text", (c) => c.unique())
      .addColumn("given_name", "text", (c) => c.notNull())
      .addColumn("surname", "text", (c) => c.notNull())
      // Never filled for a protected identity (skyddad identitet).
      .addColumn("street", "text")
      .addColumn("postal_code", "text")
      .addColumn("city", "text")
      .addColumn("protected_identity", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("email", "text")
      .addColumn("phone", "text")
      .addColumn("contact_email", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("contact_post", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("contact_phone", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("newsletter", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addColumn("last_login_at", "text")
      .execute();
    await db.schema.createIndex("donors_email_idx").on("donors").column("email").execute();

    await db.schema
      .createTable("donor_sessions")
      // SHA-256 of the random id in the cookie: a copy of the table cannot be replayed as cookies.
      .addColumn("id_hash", "text", (c) => c.primaryKey())
      .addColumn("donor_id", "text", (c) => c.notNull().references("donors.id").onDelete("cascade"))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("last_seen_at", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("donor_sessions_donor_idx").on("donor_sessions").column("donor_id").execute();
    await db.schema.createIndex("donor_sessions_expires_idx").on("donor_sessions").column("expires_at").execute();

    await db.schema
      .createTable("bankid_orders")
      .addColumn("order_ref", "text", (c) => c.primaryKey())
      .addColumn("kind", "text", (c) => c.notNull())
      // SHA-256 of a random value in an HttpOnly cookie: only the browser that started the order may finish it.
      .addColumn("browser_hash", "text", (c) => c.notNull())
      .addColumn("same_device", "integer", (c) => c.notNull())
      .addColumn("auto_start_token", "text", (c) => c.notNull())
      .addColumn("qr_start_token", "text", (c) => c.notNull())
      .addColumn("qr_start_secret", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("hint_code", "text")
      .addColumn("donor_id", "text")
      .addColumn("signature", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("last_collected_at", "text")
      .addColumn("consumed_at", "text")
      .execute();
    await db.schema.createIndex("bankid_orders_browser_idx").on("bankid_orders").columns(["browser_hash", "created_at"]).execute();

    await db.schema
      .createTable("my_data_tokens")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("donor_id", "text", (c) => c.notNull().references("donors.id").onDelete("cascade"))
      .addColumn("purpose", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .addColumn("revoked_at", "text")
      .addColumn("last_used_at", "text")
      .execute();
    await db.schema.createIndex("my_data_tokens_donor_idx").on("my_data_tokens").column("donor_id").execute();

    await db.schema
      .createTable("donor_comments")
      .addColumn("id", autoIncrementPrimaryKey(engine).type, autoIncrementPrimaryKey(engine).build)
      .addColumn("donor_id", "text", (c) => c.notNull().references("donors.id").onDelete("cascade"))
      .addColumn("body", "text", (c) => c.notNull())
      .addColumn("source", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("donor_comments_donor_idx").on("donor_comments").column("donor_id").execute();

    // Kept after the donor row is gone, as proof that the request was carried out; no personal data.
    await db.schema
      .createTable("erasure_requests")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("donor_id", "text", (c) => c.notNull())
      .addColumn("source", "text", (c) => c.notNull())
      .addColumn("requested_at", "text", (c) => c.notNull())
      .addColumn("completed_at", "text")
      .addColumn("kept", "text", (c) => c.notNull())
      .execute();
  };
}
