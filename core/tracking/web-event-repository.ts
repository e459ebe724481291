import type { Kysely } from "kysely";
import type { DB } from "#db/schema";
import type { StoredWebEvent, WebEventRepository } from "./stored-web-event";

/**
 * Web events in the `web_events` table (migration 0002). Append-only; the only
 * other write is the retention purge, which deletes in bounded batches so a
 * large backlog never holds a long lock.
 */
export class KyselyWebEventRepository implements WebEventRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insert(event: StoredWebEvent): Promise<void> {
    await this.db
      .insertInto("web_events")
      .values({
        kind: event.kind,
        type: event.type,
        session: event.session,
        identity: event.identity,
        request_group: event.requestGroup,
        current_url: event.currentUrl,
        referrer: event.referrer,
        user_agent: event.userAgent,
        utm_campaign: event.utmCampaign,
        utm_medium: event.utmMedium,
        utm_source: event.utmSource,
        time_ms: event.timeMs,
        received_at: event.receivedAt.toISOString(),
      })
      .execute();
  }

  /** Deletes events received before `cutoff`, at most `batchSize` per call; returns how many went. */
  async purgeReceivedBefore(cutoff: Date, batchSize = 5_000): Promise<number> {
    const oldest = this.db
      .selectFrom("web_events")
      .select("id")
      .where("received_at", "<", cutoff.toISOString())
      .orderBy("received_at")
      .limit(batchSize);
    const result = await this.db.deleteFrom("web_events").where("id", "in", oldest).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
