import type { Kysely } from "kysely";
import type { DB } from "#db/schema";
import { readCampaignTotal, type CampaignTotal } from "#core/gifts/campaign-total";
import type { LiveFeed } from "./live-fan-out";
import { GIFTS_CHANNEL } from "./gift-changes";

/** The beginning of time for a campaign with no GALA_STARTS_AT: every paid gift counts. */
export const EVERY_GIFT = "1970-01-01T00:00:00.000Z";

/**
 * The gala's live total (`/gala`, `GET /api/live/total`): gifts paid since
 * GALA_STARTS_AT, read again when a payment is paid or refunded (decision
 * 0049). One key for the whole site, so that every viewer shares one read.
 */
export function galaTotalFeed(db: Kysely<DB>, startsAt: string | undefined): LiveFeed<CampaignTotal> {
  return { key: "gala-total", channel: GIFTS_CHANNEL, event: "total", read: () => readCampaignTotal(db, startsAt ?? EVERY_GIFT) };
}
