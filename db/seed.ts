import type { Kysely } from "kysely";
import type { Clock } from "#core/clock";
import type { DB } from "./schema";

/**
 * Demo data for `npm start`: a few settled gifts so that reports and the donor
 * area have something to show. Idempotent: rows have fixed ids and are only
 * inserted when absent. Personnummer are Skatteverket's published test numbers.
 */
const DEMO_GIFTS = [
  { id: "demo-gift-0001", ref: "DEMO0001", amount: 50_000, name: "Astrid Exempel", email: "astrid@exempel.se", pnr: "198112289874", type: "one_off", daysAgo: 40 },
  { id: "demo-gift-0002", ref: "DEMO0002", amount: 20_000, name: "Astrid Exempel", email: "astrid@exempel.se", pnr: "198112289874", type: "memorial", daysAgo: 12 },
  { id: "demo-gift-0003", ref: "DEMO0003", amount: 100_000, name: "Bertil Prov", email: "bertil@exempel.se", pnr: null, type: "one_off", daysAgo: 3 },
] as const;

export async function seedDemoData(db: Kysely<DB>, clock: Clock): Promise<number> {
  let inserted = 0;
  for (const gift of DEMO_GIFTS) {
    const at = new Date(clock.now().getTime() - gift.daysAgo * 86_400_000).toISOString();
    const result = await db
      .insertInto("gifts")
      .values({
        id: gift.id,
        order_reference: gift.ref,
        gift_type: gift.type,
        amount_ore: gift.amount,
        donor_name: gift.name,
        donor_email: gift.email,
        donor_personnummer: gift.pnr,
        newsletter_consent: 0,
        donor_street: null,
        donor_postal_code: null,
        donor_city: null,
        status: "paid",
        idempotency_key: `seed:${gift.id}`,
        created_at: at,
        updated_at: at,
        paid_at: at,
      })
      .onConflict((oc) => oc.column("id").doNothing())
      .executeTakeFirst();
    const count = Number(result.numInsertedOrUpdatedRows ?? 0n);
    if (count === 0) continue;
    inserted += count;
    const paymentId = `${gift.id}-payment`;
    await db
      .insertInto("payments")
      .values({
        id: paymentId,
        gift_id: gift.id,
        method: "swish",
        provider: "HLFSwish",
        provider_reference: `SEED${gift.ref}`,
        status: "paid",
        amount_ore: gift.amount,
        payer_alias: null,
        client_token: null,
        client_url: null,
        error_code: null,
        last_checked_at: at,
        created_at: at,
        updated_at: at,
        paid_at: at,
        expires_at: at,
      })
      .execute();
    await db
      .insertInto("payment_events")
      .values({ payment_id: paymentId, type: "seeded", from_status: null, to_status: "paid", source: "seed", data: null, created_at: at })
      .execute();
  }
  return inserted;
}
