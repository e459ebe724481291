import type { Kysely } from "kysely";
import type { Engine } from "../dialect";
import { autoIncrementPrimaryKey } from "../dialect";

/**
 * First-party web events (POST /api/RegisterWebEvent): page views and time on
 * page, only ever sent with the visitor's statistics and marketing consent.
 * Addresses are stored without query strings (except utm_*), see
 * core/tracking/stored-web-event.ts. The received_at index serves the
 * retention purge, which deletes the oldest rows first.
 */
export function up0002(engine: Engine) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema
      .createTable("web_events")
      .addColumn("id", autoIncrementPrimaryKey(engine).type, autoIncrementPrimaryKey(engine).build)
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("type", "text", (c) => c.notNull())
      .addColumn("session", "text", (c) => c.notNull())
      .addColumn("identity", "text", (c) => c.notNull())
      .addColumn("request_group", "text", (c) => c.notNull())
      .addColumn("current_url", "text", (c) => c.notNull())
      .addColumn("referrer", "text")
      .addColumn("user_agent", "text")
      .addColumn("utm_campaign", "text")
      .addColumn("utm_medium", "text")
      .addColumn("utm_source", "text")
      .addColumn("time_ms", "integer")
      .addColumn("received_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("web_events_received_idx").on("web_events").column("received_at").execute();
    await db.schema.createIndex("web_events_session_idx").on("web_events").column("session").execute();
  };
}
