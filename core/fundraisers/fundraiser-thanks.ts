import crypto from "node:crypto";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { DB } from "#db/schema";
import type { Clock } from "../clock";
import type { Logger } from "../logger";
import type { JobAttempt } from "../jobs/job-runner";
import { enqueueJob } from "../jobs/job-queue";
import { swedishDate } from "../calendar/swedish-calendar";
import type { RecipientCounter } from "../mail/recipient-limit";
import { formatSek } from "../site/format";
import { findFundraiserById, fundraiserGiftFacts, fundraiserPath, type FundraiserMailDeps } from "./fundraiser-service";
import { fundraiserTotals } from "./fundraiser-wall";
import { paidGiverAddresses } from "./fundraiser-givers";

/**
 * The thank-you to every giver when a personal fundraiser ends (decision
 * 0052): closed early by its organiser, or past its end date (a periodic task
 * closes it). Once per fundraiser, one e-mail per giver address:
 *
 * 1. Closing (from open only) queues one `fundraiser-thanks` job in the same
 *    transaction, with a dedupe key of the fundraiser, to run
 *    THANK_YOU_DELAY_MS later so that gifts on their way when it closed
 *    (a Swish request open, a card window) are paid or gone by then.
 * 2. That job, in one transaction, sets `thanked_at` (from null only: a second
 *    run, or a second instance, finds it set and does nothing) and queues one
 *    `fundraiser-thank-you` job per address – paid gifts whose giver left an
 *    e-mail, each address once (lower-cased), never an offline gift (it has
 *    none) – each with a dedupe key of the fundraiser and the address.
 * 3. Each of those sends its one e-mail as the job's fenced outside effect
 *    (core/jobs/outside-effect.ts), so a job is not sent twice by two runners.
 *
 * Every thank-you counts under the per-recipient e-mail limit
 * (core/mail/recipient-limit.ts) when it is queued; an address already at
 * its limit is left out (a courtesy, not something paid for or needed for
 * bookkeeping), so nobody can fill a stranger's inbox through givers' pages.
 */
export const FUNDRAISER_THANKS_JOB = "fundraiser-thanks";
export const FUNDRAISER_THANK_YOU_JOB = "fundraiser-thank-you";
export const CLOSE_ENDED_FUNDRAISERS_TASK = "close-ended-fundraisers";
export const THANK_YOU_DELAY_MS = 30 * 60_000;
/** How often the end-date sweep runs: a page past its date takes no gifts anyway (takesGifts), so closing it is not urgent. */
export const CLOSE_ENDED_EVERY_MS = 10 * 60_000;

/**
 * Closes a personal fundraiser from open (twice is once) and, in the same
 * transaction, queues its thank-you with the organiser's text, if any.
 */
export async function closeFundraiser(db: Kysely<DB>, clock: Clock, fundraiserId: string, thankYouText: string | null = null): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const now = clock.now();
    const result = await trx
      .updateTable("fundraisers")
      .set({ status: "closed", closed_at: now.toISOString(), updated_at: now.toISOString(), thank_you_text: thankYouText && thankYouText.trim() !== "" ? thankYouText.trim() : null })
      .where("id", "=", fundraiserId)
      .where("status", "=", "open")
      .where("kind", "<>", "memorial")
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await enqueueJob(trx, clock, {
      type: FUNDRAISER_THANKS_JOB,
      payload: { fundraiserId },
      dedupeKey: `${FUNDRAISER_THANKS_JOB}:${fundraiserId}`,
      runAt: new Date(now.getTime() + THANK_YOU_DELAY_MS),
    });
    return true;
  });
}

/** The periodic task: closes every open personal fundraiser whose last day (Swedish date) has passed; each then thanks its givers. */
export async function closeEndedFundraisers(db: Kysely<DB>, clock: Clock): Promise<number> {
  const today = swedishDate(clock.now());
  const ended = await db
    .selectFrom("fundraisers")
    .select("id")
    .where("status", "=", "open")
    .where("kind", "<>", "memorial")
    .where("ends_on", "is not", null)
    .where("ends_on", "<", today)
    .orderBy("ends_on")
    .limit(200)
    .execute();
  let closed = 0;
  for (const { id } of ended) if (await closeFundraiser(db, clock, id)) closed += 1;
  return closed;
}

export interface ThanksDeps extends FundraiserMailDeps {
  recipientMail: RecipientCounter;
  logger: Logger;
}

const fundraiserPayload = z.object({ fundraiserId: z.string().min(1) });
const thankYouPayload = z.object({ fundraiserId: z.string().min(1), address: z.string().min(3), name: z.string() });

/** The `fundraiser-thanks` job: one thank-you job per giver address, queued once (see above). */
export async function queueThankYous(deps: ThanksDeps, payload: unknown): Promise<number> {
  const { fundraiserId } = fundraiserPayload.parse(payload);
  return deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now().toISOString();
    const claimed = await trx.updateTable("fundraisers").set({ thanked_at: now }).where("id", "=", fundraiserId).where("thanked_at", "is", null).where("status", "=", "closed").executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return 0;
    let queued = 0;
    let limited = 0;
    for (const { address, name } of await paidGiverAddresses(trx, fundraiserId)) {
      if (!(await deps.recipientMail.hit(address, trx))) {
        limited += 1;
        continue;
      }
      const addressKey = crypto.createHash("sha256").update(address).digest("hex").slice(0, 32);
      await enqueueJob(trx, deps.clock, {
        type: FUNDRAISER_THANK_YOU_JOB,
        payload: { fundraiserId, address, name },
        dedupeKey: `${FUNDRAISER_THANK_YOU_JOB}:${fundraiserId}:${addressKey}`,
      });
      queued += 1;
    }
    if (limited > 0) deps.logger.info({ fundraiserId, limited }, "fundraiser thank-you left out for addresses at their e-mail limit");
    return queued;
  });
}

/** The warm default when the organiser wrote nothing: the fundraiser, the total (when its page shows one) and the charity. */
export function defaultThankYou(facts: { title: string; organiserName: string; totalOre: number | null; siteName: string }): string {
  const total = facts.totalOre === null ? "" : ` Tillsammans samlade ni in ${formatSek(facts.totalOre)}.`;
  return [
    `Insamlingen ”${facts.title}” är nu avslutad.${total}`,
    "",
    `Varmt tack för att du gav! Hela din gåva går till forskning om hjärt- och lungsjukdomar genom ${facts.siteName}, och den för forskningen närmare bättre vård för dem som är sjuka i dag och för dem som blir det i morgon.`,
    "",
    `${facts.organiserName} och vi på ${facts.siteName} är tacksamma för att du ville vara med.`,
  ].join("\n");
}

/** The `fundraiser-thank-you` job: one e-mail to one giver address, sent as the job's one outside effect. */
export async function sendThankYou(deps: FundraiserMailDeps, payload: unknown, attempt: Pick<JobAttempt, "outsideEffect">): Promise<void> {
  const { fundraiserId, address, name } = thankYouPayload.parse(payload);
  const fundraiser = await findFundraiserById(deps.db, fundraiserId);
  if (!fundraiser) throw new Error(`Unknown fundraiser ${fundraiserId}`);
  const totals = fundraiserTotals(await fundraiserGiftFacts(deps.db, fundraiser.id));
  const totalOre = fundraiser.show_total === 1 ? totals.amountOre : null;
  const own = fundraiser.thank_you_text;
  const text = [
    name ? `Hej ${name},` : "Hej,",
    "",
    ...(own
      ? [
          `Insamlingen ”${fundraiser.title}” är nu avslutad${totalOre === null ? "" : `, och tillsammans samlade ni in ${formatSek(totalOre)} till hjärt- och lungforskningen`}. ${fundraiser.organiser_name} vill säga tack:`,
          "",
          own,
          "",
          `Hela din gåva går till forskning om hjärt- och lungsjukdomar genom ${deps.site.name}. Tack för att du var med!`,
        ]
      : [defaultThankYou({ title: fundraiser.title, organiserName: fundraiser.organiser_name, totalOre, siteName: deps.site.name })]),
    "",
    `Insamlingens sida finns kvar: ${deps.publicUrl}${fundraiserPath(fundraiser.slug)}`,
    "",
    "Du får det här mejlet en gång, för att du gav en gåva till insamlingen.",
    "",
    "Varma hälsningar,",
    deps.site.name,
  ].join("\n");
  await attempt.outsideEffect(() => deps.mailer.send({ to: address, subject: `Tack för din gåva till ”${fundraiser.title}”`, text }));
}
