// Test-only: against the end-to-end server's database, makes an approved team
// with two approved member fundraisers, each with paid gifts (one anonymous)
// and the first with an offline gift too, the first organised by the given
// donor (as if started with BankID; "-" for none). Prints the team's slug and
// the first member's slug. Used by tests/e2e/fundraiser-team.spec.ts:
//
//   node --import tsx tests/e2e/fundraiser-team-fixture.ts STAMP DONOR_ID|-   → {"team":"…","member":"…"}
import { openDatabase } from "#db/dialect";
import { systemClock } from "#core/clock";
import { insertDemoGift } from "#db/seed";

const [stamp, donorId] = process.argv.slice(2);
if (!stamp || !/^\d+$/.test(stamp) || !donorId) throw new Error("usage: STAMP DONOR_ID");
const { db } = openDatabase(process.env.DATABASE_URL ?? "sqlite:var/site.db");
try {
  const now = systemClock.now().toISOString();
  const teamId = `e2e-team-${stamp}`;
  const team = `lopargruppen-${stamp}`;
  await db
    .insertInto("fundraiser_teams")
    .values({ id: teamId, slug: team, name: "Löpargruppen för hjärtat", message: "Vi springer tillsammans för hjärt- och lungforskningen.", goal_ore: 1_000_000,
      organiser_name: "Lag Ledare", organiser_email: `lag.${stamp}@exempel.se`, organiser_donor_id: null, listed: 0, review: "approved", review_reason: null, reviewed_at: now,
      reviewed_by: "e2e", confirmed_at: now, hidden_at: null, hidden_reason: null, status: "open", closed_at: null, manage_token_id: `e2e-${teamId}`, created_at: now, updated_at: now })
    .execute();
  const members = [
    { slug: `annas-lopp-${stamp}`, title: "Anna springer milen", organiser: "Anna Exempel", donor: donorId === "-" ? null : donorId, gifts: [{ amount: 50_000, name: "Farmor Karin", show: true }], offline: 30_000 },
    { slug: `bos-lopp-${stamp}`, title: "Bo springer Varvet", organiser: "Bo Prov", donor: null, gifts: [{ amount: 120_000, name: "Hemlig givare", show: false }], offline: 0 },
  ];
  for (const [i, m] of members.entries()) {
    const id = `e2e-member-${stamp}-${i}`;
    await db
      .insertInto("fundraisers")
      .values({ id, slug: m.slug, kind: "challenge", title: m.title, memorial_id: null, organiser_kind: null, organiser_name: m.organiser, organiser_email: `m${i}.${stamp}@exempel.se`,
        organiser_donor_id: m.donor, message: "Jag springer för forskningen – heja på mig med en gåva!", design: null, picture: "lopare", goal_ore: 500_000, ends_on: null, listed: 0,
        review: "approved", review_reason: null, reviewed_at: now, reviewed_by: "e2e", confirmed_at: now, hidden_at: null, hidden_reason: null, show_greetings: 1, show_total: 1,
        status: "open", manage_token_id: `e2e-${id}`, closed_at: null, sheets_sent_at: null, created_at: now, updated_at: now, team_id: teamId })
      .execute();
    for (const [n, g] of m.gifts.entries()) {
      const giftId = `${id}-gift-${n}`;
      await insertDemoGift(db, systemClock, { id: giftId, ref: `E2ET${stamp}${i}${n}`, amount: g.amount, name: g.name, email: `giver${n}.${stamp}@exempel.se`, pnr: null, type: "one_off", daysAgo: 0 });
      await db
        .insertInto("fundraiser_gifts")
        .values({ gift_id: giftId, fundraiser_id: id, show_on_page: g.show ? 1 : 0, show_amount: 1, display_name: g.name, greeting: null, wants_updates: 0, hidden_at: null, created_at: now })
        .execute();
    }
    if (m.offline > 0) await db.insertInto("fundraiser_offline_gifts").values({ id: `${id}-offline`, fundraiser_id: id, amount_ore: m.offline, display_name: null, created_at: now }).execute();
  }
  process.stdout.write(`${JSON.stringify({ team, member: members[0]!.slug })}\n`);
} finally {
  await db.destroy();
}
