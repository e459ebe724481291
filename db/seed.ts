import type { Kysely } from "kysely";
import type { Clock } from "#core/clock";
import type { DB } from "./schema";

/**
 * Demo data for `npm start`: a few settled gifts so that reports and the donor
 * area have something to show, and a few personal fundraisers. Idempotent: rows have fixed ids and are only
 * inserted when absent. Personnummer are Skatteverket's published test numbers.
 */
const DEMO_GIFTS = [
  { id: "demo-gift-0001", ref: "DEMO0001", amount: 50_000, name: "Astrid Exempel", email: "astrid@exempel.se", pnr: "198112289874", type: "one_off", daysAgo: 40 },
  { id: "demo-gift-0002", ref: "DEMO0002", amount: 20_000, name: "Astrid Exempel", email: "astrid@exempel.se", pnr: "198112289874", type: "memorial", daysAgo: 12 },
  { id: "demo-gift-0003", ref: "DEMO0003", amount: 100_000, name: "Bertil Prov", email: "bertil@exempel.se", pnr: null, type: "one_off", daysAgo: 3 },
] as const;

export type DemoGift = { id: string; ref: string; amount: number; name: string; email: string; pnr: string | null; type: "one_off" | "memorial"; daysAgo: number };

/** Returns how many gifts it inserted (none the second time). */
export async function seedDemoData(db: Kysely<DB>, clock: Clock): Promise<number> {
  let inserted = 0;
  for (const gift of DEMO_GIFTS) if (await insertDemoGift(db, clock, gift)) inserted += 1;
  return inserted + (await seedDemoFundraisers(db, clock));
}

/** One paid gift with its paid payment, unless it is there already. */
export async function insertDemoGift(db: Kysely<DB>, clock: Clock, gift: DemoGift): Promise<boolean> {
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
  if (Number(result.numInsertedOrUpdatedRows ?? 0n) === 0) return false;
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
  return true;
}

/**
 * Approved, listed personal fundraisers of each kind (decision 0050), each
 * with a few gifts on its wall (one anonymous) and one with an offline gift,
 * so /insamlingar and the pages have something to show on a fresh start.
 */
const DEMO_FUNDRAISERS = [
  { slug: "annas-50-for-hjartat", kind: "birthday", picture: "ballonger", title: "Annas 50-årsdag – för ett friskt hjärta", organiser: "Anna Exempel", goal: 1_000_000,
    message: "Jag fyller 50 och har allt jag behöver. Ge hellre en gåva till hjärtforskningen – min pappa lever tack vare den.", daysAgo: 9 },
  { slug: "lisa-och-omar-gifter-sig", kind: "wedding", picture: "ringar", title: "Lisa och Omar gifter sig", organiser: "Lisa och Omar", goal: 2_000_000,
    message: "I stället för bröllopspresenter önskar vi oss gåvor till lungforskningen, för mormor Siv som inte fick vara med.", daysAgo: 20 },
  { slug: "eriks-vasalopp", kind: "challenge", picture: "lopare", title: "Erik åker Vasaloppet för lungorna", organiser: "Erik Prov", goal: 500_000,
    message: "Nio mil på skidor, två år efter min lungtransplantation. Sponsra varje mil med en gåva till forskningen!", daysAgo: 4 },
  { slug: "tack-till-hjartavdelningen", kind: "in_honour", picture: "blomma", title: "Till hjärtavdelningens ära", organiser: "Karin Test", goal: null,
    message: "Personalen på hjärtavdelningen räddade min man i våras. Vi samlar in till forskningen som ett tack till dem.", daysAgo: 14 },
  { slug: "klass-9b-springer", kind: "other", picture: "hjarta", title: "Klass 9B springer för forskningen", organiser: "Klass 9B", goal: 300_000,
    message: "Vi springer skolans motionslopp och samlar in till hjärt- och lungforskningen. Heja oss!", daysAgo: 2 },
  { slug: "saras-varvet", kind: "challenge", picture: "lopare", title: "Sara springer Göteborgsvarvet", organiser: "Sara Test", goal: 200_000,
    message: "Min första halvmara! Varje kilometer är för pappa, som fick en ny hjärtklaff i fjol.", daysAgo: 6 },
] as const;

/** A team (decision 0052) whose page sums three of the demo fundraisers above. */
const DEMO_TEAM = {
  id: "demo-team-1", slug: "spring-for-hjartat", name: "Spring för hjärtat", organiser: "Löparklubben Exempel", goal: 1_000_000, daysAgo: 21,
  message: "Vi är ett gäng som springer, åker skidor och går för hjärt- och lungforskningen. Starta din egen insamling i laget – allt räknas ihop här!",
  members: ["eriks-vasalopp", "klass-9b-springer", "saras-varvet"],
} as const;

const DEMO_WALL = [
  { name: "Margareta", amount: 50_000, greeting: "Vilken fin idé!", show: true },
  { name: "Bertil Prov", amount: 20_000, greeting: null, show: false },
  { name: "Familjen Exempel", amount: 100_000, greeting: "Lycka till!", show: true },
] as const;

async function seedDemoFundraisers(db: Kysely<DB>, clock: Clock): Promise<number> {
  let inserted = 0;
  const teamAt = new Date(clock.now().getTime() - DEMO_TEAM.daysAgo * 86_400_000).toISOString();
  await db
    .insertInto("fundraiser_teams")
    .values({
      id: DEMO_TEAM.id, slug: DEMO_TEAM.slug, name: DEMO_TEAM.name, message: DEMO_TEAM.message, goal_ore: DEMO_TEAM.goal, organiser_name: DEMO_TEAM.organiser,
      organiser_email: "demo@exempel.se", organiser_donor_id: null, listed: 1, review: "approved", review_reason: null, reviewed_at: teamAt, reviewed_by: "seed",
      confirmed_at: teamAt, hidden_at: null, hidden_reason: null, status: "open", closed_at: null, manage_token_id: `seed-${DEMO_TEAM.id}`, created_at: teamAt, updated_at: teamAt,
    })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
  for (const [index, f] of DEMO_FUNDRAISERS.entries()) {
    const id = `demo-fundraiser-${index + 1}`;
    const at = new Date(clock.now().getTime() - f.daysAgo * 86_400_000).toISOString();
    const result = await db
      .insertInto("fundraisers")
      .values({
        id, slug: f.slug, kind: f.kind, title: f.title, memorial_id: null, organiser_kind: null, organiser_name: f.organiser, organiser_email: "demo@exempel.se",
        organiser_donor_id: null, message: f.message, design: null, picture: f.picture, goal_ore: f.goal, ends_on: null, listed: 1, review: "approved",
        review_reason: null, reviewed_at: at, reviewed_by: "seed", confirmed_at: at, hidden_at: null, hidden_reason: null, show_greetings: 1, show_total: 1,
        status: "open", manage_token_id: `seed-${id}`, closed_at: null, sheets_sent_at: null, created_at: at, updated_at: at,
      })
      .onConflict((oc) => oc.column("id").doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0n) === 0) continue;
    for (const [n, w] of DEMO_WALL.slice(0, 1 + (index % 3)).entries()) {
      const giftId = `${id}-gift-${n + 1}`;
      const daysAgo = Math.max(0, f.daysAgo - n - 1);
      if (await insertDemoGift(db, clock, { id: giftId, ref: `DEMOF${index + 1}${n + 1}`, amount: w.amount, name: w.name, email: "demo@exempel.se", pnr: null, type: "one_off", daysAgo })) inserted += 1;
      await db
        .insertInto("fundraiser_gifts")
        .values({ gift_id: giftId, fundraiser_id: id, show_on_page: w.show ? 1 : 0, show_amount: 1, display_name: w.name, greeting: w.greeting, wants_updates: 0, hidden_at: null,
          created_at: new Date(clock.now().getTime() - daysAgo * 86_400_000).toISOString() })
        .execute();
    }
    if (f.kind === "birthday") {
      await db.insertInto("fundraiser_offline_gifts").values({ id: `${id}-offline-1`, fundraiser_id: id, amount_ore: 75_000, display_name: "Kollegorna på kontoret", created_at: at }).execute();
    }
  }
  // After the fundraisers, so that a database seeded before teams existed gets its members too.
  await db.updateTable("fundraisers").set({ team_id: DEMO_TEAM.id }).where("slug", "in", [...DEMO_TEAM.members]).where("team_id", "is", null).execute();
  return inserted;
}
