import crypto from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Clock } from "../clock";
import type { Logger } from "../logger";
import type { DB } from "#db/schema";
import {
  AutogiroFileError,
  type AutogiroEvent,
  type AutogiroFileTransfer,
  type AutogiroFormat,
  type AutogiroRequest,
  type AutogiroRequestHeader,
} from "../autogiro/autogiro-messages";
import { swedishDate } from "../calendar/swedish-calendar";
import { transitionPayment } from "../payments/payment-transitions";
import { OPEN_STATUSES } from "../payments/payment-status";
import type { PaymentOutcomeHandlers } from "../payments/payment-outcomes";
import { findPaymentByProviderReference } from "../payments/payment-repository";
import { appendEvent, findAgreement, moveAgreement, openDebits, queueMail } from "./agreement-records";
import { cancelMandate } from "./autogiro-debits";

/**
 * The agreements' side of the file exchange with Bankgirot (decision 0017):
 * queued requests go out as one request file per run, and every answer file
 * is booked once. The file format (core/autogiro's AutogiroFormat contract)
 * and the directories (or the simulator) come from the container; both are
 * implemented in integrations/bankgirot-autogiro.
 */
export interface AutogiroExchangeDeps {
  db: Kysely<DB>;
  clock: Clock;
  logger: Logger;
  /** What the rest of the site does when a debit is answered (core/product-payment-outcomes.ts). */
  outcomes: PaymentOutcomeHandlers;
  format: Pick<AutogiroFormat, "writeRequestFile" | "interpretAutogiroFile">;
  transfer: AutogiroFileTransfer;
  /** Bankgirot customer number and the charity's bankgiro (site configuration). */
  customerNumber: string;
  bankgiro: string;
}

/**
 * Writes every queued request into one file in the outbox. The requests are
 * reserved for the file in one transaction first (status `writing`); the file
 * is then written and marked `sent`. A crash in between leaves a `writing`
 * file that the next run writes again, with the same name and content, so a
 * request is never lost and never in two files. Sent payment requests become
 * `pending` (Bankgirot has them). A payment request whose payment has already
 * ended is withdrawn instead of sent (issue #29.3).
 */
export async function sendAutogiroRequests(deps: AutogiroExchangeDeps): Promise<string[]> {
  const { db, clock } = deps;
  await db.transaction().execute(async (trx) => {
    await withdrawRequestsOfEndedPayments(trx);
    const waiting = await trx.selectFrom("autogiro_requests").select("id").where("provider_file_id", "is", null).orderBy("created_at").execute();
    if (waiting.length === 0) return;
    const now = clock.now();
    const fileId = crypto.randomUUID();
    const stamp = now.toISOString().replace(/\D/g, "").slice(0, 14);
    await trx
      .insertInto("provider_files")
      .values({
        id: fileId,
        provider: "Drip",
        direction: "out",
        layout: "request",
        file_name: `BFEP.IAGAG.${stamp}.${fileId.slice(0, 8).toUpperCase()}`,
        sha256: null,
        status: "writing",
        summary: null,
        created_at: now.toISOString(),
        processed_at: null,
      })
      .execute();
    await trx
      .updateTable("autogiro_requests")
      .set({ provider_file_id: fileId })
      .where("id", "in", waiting.map((w) => w.id))
      .where("provider_file_id", "is", null)
      .execute();
  });

  const sent: string[] = [];
  const writing = await db.selectFrom("provider_files").selectAll().where("direction", "=", "out").where("status", "=", "writing").orderBy("created_at").execute();
  for (const file of writing) {
    const rows = await db.selectFrom("autogiro_requests").selectAll().where("provider_file_id", "=", file.id).orderBy("created_at").orderBy("id").execute();
    const header: AutogiroRequestHeader = { customerNumber: deps.customerNumber, bankgiro: deps.bankgiro, writtenOn: swedishDate(new Date(file.created_at)) };
    const text = deps.format.writeRequestFile(header, rows.map((r) => JSON.parse(r.request) as AutogiroRequest));
    await deps.transfer.send(file.file_name, text);
    const sha256 = crypto.createHash("sha256").update(text).digest("hex");
    await db
      .updateTable("provider_files")
      .set({ status: "sent", sha256, processed_at: clock.now().toISOString(), summary: JSON.stringify({ requests: rows.length }) })
      .where("id", "=", file.id)
      .execute();
    for (const row of rows) {
      if (row.kind === "payment" && row.payment_id) {
        await transitionPayment(deps, { paymentId: row.payment_id, to: "pending", source: "api", data: { file: file.file_name } });
      }
    }
    sent.push(file.file_name);
    deps.logger.info({ file: file.file_name, requests: rows.length }, "autogiro request file sent");
  }
  return sent;
}

/**
 * A payment that ended while its request waited – cancelled with the mandate
 * Bankgirot cancelled, or by a stop – is never asked of Bankgirot: the request
 * would debit a gift we no longer collect, and its cancellation would follow
 * in the same file. A stop withdraws its own requests (autogiro-debits.ts);
 * this catches every other way a payment ends.
 */
async function withdrawRequestsOfEndedPayments(trx: Transaction<DB>): Promise<void> {
  const ended = await trx
    .selectFrom("autogiro_requests")
    .innerJoin("payments", "payments.id", "autogiro_requests.payment_id")
    .select("autogiro_requests.id")
    .where("autogiro_requests.provider_file_id", "is", null)
    .where("autogiro_requests.kind", "=", "payment")
    .where("payments.status", "not in", OPEN_STATUSES)
    .execute();
  if (ended.length === 0) return;
  await trx
    .deleteFrom("autogiro_requests")
    .where("id", "in", ended.map((r) => r.id))
    .where("provider_file_id", "is", null)
    .execute();
}

export interface ReceivedFileSummary {
  fileName: string;
  status: "processed" | "already-processed" | "rejected";
  layout?: string;
  events?: number;
  unmatched?: Array<{ line: number; kind: string; reason: string }>;
  error?: { line: number; reason: string };
}

/**
 * Books every answer file in the inbox. A file is recognised by its SHA-256:
 * read twice, it books nothing twice (and every booking is conditional on
 * the state it changes, so a run interrupted half-way is finished by the
 * next). A broken file is refused as a whole, recorded and left in the inbox
 * for staff; nothing of it is booked.
 */
export async function receiveAutogiroFiles(deps: AutogiroExchangeDeps): Promise<ReceivedFileSummary[]> {
  const { db, clock, logger } = deps;
  const summaries: ReceivedFileSummary[] = [];
  for (const file of await deps.transfer.receive()) {
    const sha256 = crypto.createHash("sha256").update(file.text).digest("hex");
    const known = await db.selectFrom("provider_files").select(["status"]).where("sha256", "=", sha256).executeTakeFirst();
    if (known?.status === "processed") {
      await deps.transfer.archive(file.fileName);
      summaries.push({ fileName: file.fileName, status: "already-processed" });
      continue;
    }
    if (known?.status === "rejected") {
      summaries.push({ fileName: file.fileName, status: "rejected" });
      continue;
    }
    let interpreted;
    try {
      interpreted = deps.format.interpretAutogiroFile(file.text);
      if (interpreted.bankgiro.replace(/^0+/, "") !== deps.bankgiro.replace(/\D/g, "").replace(/^0+/, "")) {
        throw new AutogiroFileError(1, `the file is for bankgiro ${interpreted.bankgiro}, not ours`);
      }
    } catch (error) {
      if (!(error instanceof AutogiroFileError)) throw error;
      const summary: ReceivedFileSummary = { fileName: file.fileName, status: "rejected", error: { line: error.line, reason: error.reason } };
      await recordFile(db, clock, file.fileName, "unknown", sha256, "rejected", summary);
      logger.error({ file: file.fileName, line: error.line, reason: error.reason }, "autogiro file refused");
      summaries.push(summary);
      continue;
    }
    const unmatched: NonNullable<ReceivedFileSummary["unmatched"]> = [];
    for (const event of interpreted.events) {
      const problem = await bookEvent(deps, event, file.fileName);
      if (problem) unmatched.push({ line: event.line, kind: event.kind, reason: problem });
    }
    const summary: ReceivedFileSummary = { fileName: file.fileName, status: "processed", layout: interpreted.layout, events: interpreted.events.length, unmatched };
    await recordFile(db, clock, file.fileName, interpreted.layout, sha256, "processed", summary);
    await deps.transfer.archive(file.fileName);
    if (unmatched.length > 0) logger.warn({ file: file.fileName, unmatched }, "autogiro file had answers we could not match");
    logger.info({ file: file.fileName, layout: interpreted.layout, events: interpreted.events.length }, "autogiro file booked");
    summaries.push(summary);
  }
  return summaries;
}

async function recordFile(db: Kysely<DB>, clock: Clock, fileName: string, layout: string, sha256: string, status: "processed" | "rejected", summary: ReceivedFileSummary) {
  const now = clock.now().toISOString();
  await db
    .insertInto("provider_files")
    .values({ id: crypto.randomUUID(), provider: "Drip", direction: "in", layout, file_name: fileName, sha256, status, summary: JSON.stringify(summary), created_at: now, processed_at: now })
    .onConflict((oc) => oc.column("sha256").doNothing())
    .execute();
}

async function agreementOfMandate(trx: Transaction<DB>, payerNumber: string) {
  const mandate = await trx.selectFrom("mandates").selectAll().where("payer_number", "=", payerNumber).executeTakeFirst();
  if (!mandate) return null;
  // The mandate's first agreement (a monthly gift); a membership renewal may share the mandate later (membership-renewal.ts).
  const all = await trx.selectFrom("agreements").selectAll().where("mandate_id", "=", mandate.id).orderBy("created_at").execute();
  return { mandate, agreement: all[0] ?? null, others: all.slice(1) };
}

/** Books one event; returns why it could not be matched, or null. Each booking changes only what is still in the state it expects. */
async function bookEvent(deps: AutogiroExchangeDeps, event: AutogiroEvent, fileName: string): Promise<string | null> {
  const { db, clock } = deps;
  switch (event.kind) {
    case "mandate_approved":
    case "mandate_refused":
    case "mandate_cancelled": {
      const problem = await db.transaction().execute(async (trx) => {
        const found = await agreementOfMandate(trx, event.payerNumber);
        if (!found) return "unknown payer number";
        const { mandate, agreement, others } = found;
        const now = clock.now().toISOString();
        if (event.kind === "mandate_approved") {
          if (mandate.status !== "requested") return null;
          await trx.updateTable("mandates").set({ status: "approved", updated_at: now }).where("id", "=", mandate.id).where("status", "=", "requested").execute();
          if (agreement && (await moveAgreement(trx, clock, agreement, "active"))) {
            await appendEvent(trx, clock, agreement.id, "activated", "pending", "active", agreement.next_debit_on, "bankgirot", { file: fileName });
            await queueMail(trx, clock, agreement.id, "activated", agreement.id);
          }
          return null;
        }
        const reason = event.status;
        const to = event.kind === "mandate_refused" ? "refused" : "cancelled";
        if (mandate.status === to || mandate.status === "refused" || mandate.status === "cancelled") return null;
        await trx
          .updateTable("mandates")
          .set({ status: to, reason_code: reason.code, reason_text: reason.reason, updated_at: now })
          .where("id", "=", mandate.id)
          .where("status", "=", mandate.status)
          .execute();
        for (const each of agreement ? [agreement, ...others] : []) {
          const agreementTo = event.kind === "mandate_refused" && each.status === "pending" ? "refused" : "cancelled";
          if (await moveAgreement(trx, clock, each, agreementTo, { next_debit_on: null, paused_until: null })) {
            await appendEvent(trx, clock, each.id, agreementTo, each.status, agreementTo, each.next_debit_on, "bankgirot", {
              code: reason.code,
              reason: reason.reason,
              file: fileName,
            });
            await queueMail(trx, clock, each.id, agreementTo === "refused" ? "refused" : "cancelled", `${each.id}:bankgirot`, { reason: reason.reason });
          }
        }
        return null;
      });
      if (problem || event.kind !== "mandate_cancelled") return problem;
      // Bankgirot cancels the payer's outstanding payments with the mandate.
      const mandate = await db.selectFrom("mandates").select("id").where("payer_number", "=", event.payerNumber).executeTakeFirstOrThrow();
      const agreements = await db.selectFrom("agreements").select("id").where("mandate_id", "=", mandate.id).execute();
      for (const agreement of agreements) {
        for (const debit of await openDebits(db, agreement.id)) {
          await transitionPayment(deps, { paymentId: debit.payment_id, to: "cancelled", source: "import", data: { file: fileName, reason: "mandate cancelled" } });
        }
      }
      return null;
    }
    case "payment_completed":
    case "payment_failed":
    case "request_rejected":
    case "amendment_result": {
      if (event.kind === "amendment_result" && !event.reference) return null;
      if (!event.reference) return "payment answer without our reference";
      const payment = await findPaymentByProviderReference(db, "Drip", event.reference);
      if (!payment) return "unknown reference";
      if (event.kind === "payment_completed") {
        if (event.amountOre !== null && event.amountOre !== payment.amount_ore) return `amount ${event.amountOre} öre, requested ${payment.amount_ore}`;
        await transitionPayment(deps, { paymentId: payment.id, to: "paid", source: "import", data: { file: fileName, bankingDate: event.bankingDate } });
      } else if (event.kind === "payment_failed") {
        // Bankgirot's renewed coverage check tries again by itself (code 9): the debit stays open until its final answer.
        if (event.willRetry) return null;
        const result = await transitionPayment(deps, {
          paymentId: payment.id,
          to: "failed",
          source: "import",
          errorCode: `AG-${event.status.code}`,
          data: { file: fileName, reason: event.status.reason },
        });
        if (result.changed) await recordFailedDebit(deps, payment.gift_id, event.status);
      } else if (event.kind === "request_rejected") {
        await transitionPayment(deps, { paymentId: payment.id, to: "failed", source: "import", errorCode: `AG-REJ-${event.status.code}`, data: { file: fileName, reason: event.status.reason } });
      } else if (event.succeeded) {
        await transitionPayment(deps, { paymentId: payment.id, to: "cancelled", source: "import", data: { file: fileName, type: event.type.reason } });
      }
      await db.transaction().execute((trx) => afterDebitAnswered(trx, clock, payment.gift_id));
      return null;
    }
    default:
      // Digital mandates from the internet bank, stops and refunds are for staff (listed in the file summary).
      return event.kind === "digital_mandate_received" || event.kind === "payment_refunded" || event.kind === "mandate_stopped" || event.kind === "mandate_stop_lifted"
        ? `${event.kind} is handled by staff`
        : null;
  }
}

/**
 * How the charity handles a debit that fails for lack of money (decision
 * 0016): Bankgirot's renewed coverage check has already tried again for a
 * few banking days; we do not debit the donor a second time for that month.
 * The month's gift stays unpaid, the donor gets a kind e-mail that nothing is
 * needed and that the next debit comes as usual, and the agreement records
 * `debit_failed` for staff. Any other failure (account closed, no mandate) is
 * told the same way; Bankgirot then also ends the mandate in its advice.
 */
async function recordFailedDebit(deps: AutogiroExchangeDeps, giftId: string, reason: { code: string; reason: string }) {
  const { db, clock } = deps;
  await db.transaction().execute(async (trx) => {
    const gift = await trx.selectFrom("gifts").select(["agreement_id", "debit_on", "amount_ore"]).where("id", "=", giftId).executeTakeFirst();
    if (!gift?.agreement_id) return;
    const agreement = await findAgreement(trx, gift.agreement_id);
    if (!agreement) return;
    await appendEvent(trx, clock, agreement.id, "debit_failed", agreement.status, agreement.status, gift.debit_on, "bankgirot", { code: reason.code, reason: reason.reason, giftId });
    await queueMail(trx, clock, agreement.id, "debit_failed", giftId, { giftId, debitOn: gift.debit_on, amountOre: gift.amount_ore });
  });
}

/** A cancelled agreement's mandate is cancelled at Bankgirot once its last debit has been answered. */
async function afterDebitAnswered(trx: Transaction<DB>, clock: Clock, giftId: string) {
  const gift = await trx.selectFrom("gifts").select("agreement_id").where("id", "=", giftId).executeTakeFirst();
  if (!gift?.agreement_id) return;
  const agreement = await findAgreement(trx, gift.agreement_id);
  if (agreement?.status !== "cancelled") return;
  if ((await openDebits(trx, agreement.id)).length === 0) await cancelMandate(trx, clock, agreement);
}
