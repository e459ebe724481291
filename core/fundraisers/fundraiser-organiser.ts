import crypto from "node:crypto";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { DB } from "#db/schema";
import type { Clock } from "../clock";
import type { Logger } from "../logger";
import type { JobAttempt } from "../jobs/job-runner";
import { enqueueJob } from "../jobs/job-queue";
import type { RecipientCounter } from "../mail/recipient-limit";
import { paidGiverAddresses } from "./fundraiser-givers";
import { findFundraiserById, fundraiserPath, type FundraiserMailDeps } from "./fundraiser-service";

/**
 * The organiser's tools on their manage page (decision 0050): edit the text,
 * post an update (e-mailed to givers who asked for updates, by a job), add
 * an offline gift (counted in the total and marked, never a gift row and so
 * never in tax data), hide a greeting, close early (core/fundraisers/fundraiser-thanks.ts), and a CSV of the page's
 * gifts. The forms are core/fundraisers/fundraiser-forms.ts `organiserForms`.
 */
export const FUNDRAISER_UPDATE_JOB = "fundraiser-update";
export const FUNDRAISER_UPDATE_MAIL_JOB = "fundraiser-update-mail";

export interface UpdateMailDeps extends FundraiserMailDeps {
  recipientMail: RecipientCounter;
  logger: Logger;
}
export async function editFundraiserText(db: Kysely<DB>, clock: Clock, fundraiserId: string, message: string): Promise<void> {
  await db.updateTable("fundraisers").set({ message, updated_at: clock.now().toISOString() }).where("id", "=", fundraiserId).execute();
}

/** Posts an update on the page and, in the same transaction, queues its e-mail to the givers who asked for updates. */
export async function postFundraiserUpdate(db: Kysely<DB>, clock: Clock, fundraiserId: string, text: string): Promise<string> {
  const id = crypto.randomUUID();
  await db.transaction().execute(async (trx) => {
    await trx.insertInto("fundraiser_updates").values({ id, fundraiser_id: fundraiserId, text, created_at: clock.now().toISOString() }).execute();
    await enqueueJob(trx, clock, { type: FUNDRAISER_UPDATE_JOB, payload: { updateId: id }, dedupeKey: `${FUNDRAISER_UPDATE_JOB}:${id}` });
  });
  return id;
}

export async function fundraiserUpdates(db: Kysely<DB>, fundraiserId: string) {
  return db.selectFrom("fundraiser_updates").select(["id", "text", "created_at"]).where("fundraiser_id", "=", fundraiserId).orderBy("created_at", "desc").execute();
}

/** A gift the organiser received outside the site: counted and marked on the page, never a gift row (so never in tax data). */
export async function addOfflineGift(db: Kysely<DB>, clock: Clock, fundraiserId: string, gift: { amountOre: number; name: string | null }): Promise<void> {
  await db
    .insertInto("fundraiser_offline_gifts")
    .values({ id: crypto.randomUUID(), fundraiser_id: fundraiserId, amount_ore: gift.amountOre, display_name: gift.name, created_at: clock.now().toISOString() })
    .execute();
}

/** The job: the update to every paid giver who asked for updates, one e-mail each (an address once). */
const updatePayload = z.object({ updateId: z.string().min(1) });
const updateMailPayload = z.object({ updateId: z.string().min(1), address: z.string().min(3), name: z.string() });

/**
 * The `fundraiser-update` job: one `fundraiser-update-mail` job per giver address that asked for updates,
 * queued in one transaction under a key per update and address, so that running it again (a retry, a
 * second instance) queues nobody twice. Each address counts under the per-recipient mail limit; one at its
 * limit is left out. Sending every mail in this one job, as before, sent them all again when one failed.
 */
export async function queueFundraiserUpdateMails(deps: UpdateMailDeps, payload: unknown): Promise<number> {
  const { updateId } = updatePayload.parse(payload);
  const update = await deps.db.selectFrom("fundraiser_updates").selectAll().where("id", "=", updateId).executeTakeFirst();
  if (!update) throw new Error(`Unknown fundraiser update ${updateId}`);
  return deps.db.transaction().execute(async (trx) => {
    let queued = 0;
    let limited = 0;
    for (const { address, name } of await paidGiverAddresses(trx, update.fundraiser_id, { onlyWantingUpdates: true })) {
      const dedupeKey = `${FUNDRAISER_UPDATE_MAIL_JOB}:${updateId}:${crypto.createHash("sha256").update(address).digest("hex").slice(0, 32)}`;
      // Queued already (this job run before): neither counted nor queued again.
      if (await trx.selectFrom("jobs").select("id").where("dedupe_key", "=", dedupeKey).executeTakeFirst()) continue;
      if (!(await deps.recipientMail.hit(address, trx))) {
        limited += 1;
        continue;
      }
      await enqueueJob(trx, deps.clock, { type: FUNDRAISER_UPDATE_MAIL_JOB, payload: { updateId, address, name }, dedupeKey });
      queued += 1;
    }
    if (limited > 0) deps.logger.info({ updateId, limited }, "fundraiser update left out for addresses at their e-mail limit");
    return queued;
  });
}

/** The `fundraiser-update-mail` job: the organiser's update to one giver address, sent as the job's one outside effect. */
export async function sendFundraiserUpdateMail(deps: FundraiserMailDeps, payload: unknown, attempt: Pick<JobAttempt, "outsideEffect">): Promise<void> {
  const { updateId, address, name } = updateMailPayload.parse(payload);
  const update = await deps.db.selectFrom("fundraiser_updates").selectAll().where("id", "=", updateId).executeTakeFirst();
  if (!update) throw new Error(`Unknown fundraiser update ${updateId}`);
  const fundraiser = await findFundraiserById(deps.db, update.fundraiser_id);
  if (!fundraiser) throw new Error(`Unknown fundraiser ${update.fundraiser_id}`);
  const text = [
    name ? `Hej ${name},` : "Hej,",
    "",
    `${fundraiser.organiser_name} har skrivit en hälsning till alla som har gett till insamlingen ”${fundraiser.title}”:`,
    "",
    update.text,
    "",
    `Se insamlingen: ${deps.publicUrl}${fundraiserPath(fundraiser.slug)}`,
    "",
    "Du får det här mejlet för att du bad om nyheter när du gav. Vill du inte ha fler, svara på mejlet så tar vi bort dig.",
    "",
    "Varma hälsningar,",
    deps.site.name,
  ].join("\n");
  await attempt.outsideEffect(() => deps.mailer.send({ to: address, subject: `Nytt från insamlingen ”${fundraiser.title}”`, text }));
}

/** The page's gifts as the organiser may see them, for their CSV: online gifts show a name and amount only where the giver allowed it. */
export async function organiserGiftRows(db: Kysely<DB>, fundraiserId: string) {
  const online = await db
    .selectFrom("fundraiser_gifts as fg")
    .innerJoin("gifts as g", "g.id", "fg.gift_id")
    .select(["g.created_at", "g.amount_ore", "fg.display_name", "fg.greeting", "fg.show_on_page", "fg.show_amount", "fg.hidden_at"])
    .where("fg.fundraiser_id", "=", fundraiserId)
    .where("g.status", "=", "paid")
    .execute();
  const offline = await db.selectFrom("fundraiser_offline_gifts").selectAll().where("fundraiser_id", "=", fundraiserId).execute();
  return [
    ...online.map((r) => ({
      date: r.created_at,
      name: r.show_on_page === 1 ? (r.display_name ?? "") : "Anonym",
      amountOre: r.show_amount === 1 ? r.amount_ore : null,
      greeting: r.show_on_page === 1 ? (r.greeting ?? "") : "",
      offline: false,
      hidden: r.hidden_at !== null,
    })),
    ...offline.map((r) => ({ date: r.created_at, name: r.display_name ?? "Anonym", amountOre: r.amount_ore, greeting: "", offline: true, hidden: false })),
  ].sort((a, b) => b.date.localeCompare(a.date));
}

