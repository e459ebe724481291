import fs from "node:fs";
import path from "node:path";
import type { Kysely } from "kysely";
import type { DB } from "#db/schema";
import { readEml } from "#server/mail/read-eml";
import { recordJournal } from "#integrations/simulator-kit/record-journal";
import type { SimulatedPaymentRequest } from "#integrations/swish/simulator/store";
import type { SimTransactionRecord } from "#integrations/mondido/simulator/transaction-store";
import type { Intention } from "./donors";

/**
 * What the crash test counts once the site has settled: the donors' gifts as
 * they saw them (acknowledged), as the database has them, as the providers
 * (the simulators' state files) have them, and the receipts in the mail
 * directory. Every figure but `acknowledged` and `found` must be 0.
 */
export interface Census {
  acknowledged: number;
  found: number;
  lost: number;
  doubled: number;
  unpayable: number;
  paidAtProviderNotInDatabase: number;
  receiptsMissing: number;
  receiptsDoubled: number;
  /** Not a failure by itself: a donor who never got as far as approving (says why). */
  gaveUp: string[];
  /** Receipt jobs not yet done: the site has not settled while there are any (a receipt sent but not recorded is sent again only when its claim runs out). */
  openReceiptJobs: number;
}

export const FAILURE_FIGURES = ["lost", "doubled", "unpayable", "paidAtProviderNotInDatabase", "receiptsMissing", "receiptsDoubled"] as const;
/** The failures a settling site can still mend (reconciliation, jobs); the others only ever grow. */
export const SETTLING_FIGURES = ["unpayable", "paidAtProviderNotInDatabase", "receiptsMissing"] as const;

export async function takeCensus(db: Kysely<DB>, intentions: readonly Intention[], dirs: { mail: string; simulators: string }, emailPrefix: string): Promise<Census> {
  const gifts = await db
    .selectFrom("gifts")
    .select(["id", "order_reference", "donor_email", "status"])
    .where("donor_email", "like", `${emailPrefix}%`)
    .execute();
  const payments = await db
    .selectFrom("payments")
    .innerJoin("gifts", "gifts.id", "payments.gift_id")
    .select(["gifts.order_reference", "payments.status"])
    .where("gifts.donor_email", "like", `${emailPrefix}%`)
    .execute();
  const openJobs = await db
    .selectFrom("jobs")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("type", "=", "send-receipt")
    .where("done_at", "is", null)
    .executeTakeFirstOrThrow();
  const giftsByRef = new Map(gifts.map((g) => [g.order_reference, g]));
  const giftsByEmail = countBy(gifts.map((g) => g.donor_email));
  const paidPaymentsByRef = countBy(payments.filter((p) => p.status === "paid" || p.status === "refunded").map((p) => p.order_reference));
  // Brite knows our attempt's provider reference, not the gift's: map it back through our payments.
  const briteAttempts = await db
    .selectFrom("payments")
    .innerJoin("gifts", "gifts.id", "payments.gift_id")
    .select(["gifts.order_reference", "payments.provider_reference"])
    .where("payments.provider", "=", "Brite")
    .where("gifts.donor_email", "like", `${emailPrefix}%`)
    .execute();
  const giftOfBriteReference = new Map(briteAttempts.map((a) => [a.provider_reference, a.order_reference]));
  const paidAtProvider = countBy([...(await providerPaidReferences(dirs.simulators)), ...britePaidReferences(dirs.simulators, giftOfBriteReference)]);
  const receipts = countBy(receiptReferences(dirs.mail));

  const acknowledged = intentions.filter((i) => i.acknowledged.size > 0);
  const found = acknowledged.filter((i) => [...i.acknowledged].every((ref) => giftsByRef.has(ref)));
  const doubled = intentions.filter(
    (i) =>
      i.acknowledged.size > 1 ||
      (giftsByEmail.get(i.email) ?? 0) > 1 ||
      [...i.acknowledged].some((ref) => (paidPaymentsByRef.get(ref) ?? 0) > 1 || (paidAtProvider.get(ref) ?? 0) > 1),
  );
  // What the card window showed the donor counts as taken even if the simulator had lost it.
  for (const intention of intentions.filter((i) => i.sawCardApproved)) {
    for (const ref of intention.acknowledged) if (!paidAtProvider.has(ref)) paidAtProvider.set(ref, 1);
  }
  const ourRefs = new Set(gifts.map((g) => g.order_reference));
  const paidInDb = new Set(gifts.filter((g) => g.status === "paid").map((g) => g.order_reference));
  const unpayable = gifts.filter((g) => g.status !== "paid" && !paidAtProvider.has(g.order_reference));
  const paidNotInDb = [...paidAtProvider.keys()].filter((ref) => ourRefs.has(ref) && !paidInDb.has(ref));
  return {
    acknowledged: acknowledged.length,
    found: found.length,
    lost: acknowledged.length - found.length,
    doubled: doubled.length,
    unpayable: unpayable.length,
    paidAtProviderNotInDatabase: paidNotInDb.length,
    receiptsMissing: [...paidInDb].filter((ref) => !receipts.has(ref)).length,
    receiptsDoubled: [...paidInDb].filter((ref) => (receipts.get(ref) ?? 0) > 1).length,
    gaveUp: intentions.filter((i) => i.gaveUp).map((i) => `${i.method} ${i.email}: ${i.gaveUp}`),
    openReceiptJobs: Number(openJobs.count),
  };
}

/** Order references of payments the simulated Swish and Mondido took the money for (their record journals, see integrations/simulator-kit). */
async function providerPaidReferences(simulatorDir: string): Promise<string[]> {
  const refs: string[] = [];
  for (const record of (await journalRecords<SimulatedPaymentRequest>(path.join(simulatorDir, "swish.json"))).values()) {
    if (record.paymentRequest.status === "PAID" && record.paymentRequest.payeePaymentReference) refs.push(record.paymentRequest.payeePaymentReference);
  }
  for (const record of (await journalRecords<SimTransactionRecord>(path.join(simulatorDir, "mondido.json"))).values()) {
    const ref = (record.transaction.customer as { ref?: string } | undefined)?.ref;
    if ((record.transaction.status === "approved" || record.transaction.status === "authorized") && ref) refs.push(ref);
  }
  return refs;
}

/** A simulator's records as it would read them after a restart. */
function journalRecords<R>(file: string): Promise<ReadonlyMap<string, R>> {
  return recordJournal<R>(file, {
    fromDocument: () => {
      throw new Error(`${file} is not a record journal`);
    },
  }).records();
}

/** Gifts the simulated Brite moved money for: a completed transaction (integrations/brite/simulator), by our attempt's reference. */
function britePaidReferences(simulatorDir: string, giftOfBriteReference: ReadonlyMap<string | null, string>): string[] {
  const brite = readJson(path.join(simulatorDir, "brite.json")) as { transactions?: Record<string, { state: number; merchant_reference: string }> } | undefined;
  const COMPLETED = 4;
  return Object.values(brite?.transactions ?? {})
    .filter((t) => t.state === COMPLETED)
    .map((t) => giftOfBriteReference.get(t.merchant_reference) ?? `unknown Brite reference ${t.merchant_reference}`);
}

/** The gift a receipt e-mail is for, by its thank-you card's file name (core/gifts/send-receipt.ts: tack-<order reference>.png). */
function receiptReferences(mailDir: string): string[] {
  if (!fs.existsSync(mailDir)) return [];
  return fs
    .readdirSync(mailDir)
    .filter((name) => name.endsWith(".eml"))
    .flatMap((name) => readEml(fs.readFileSync(path.join(mailDir, name), "utf8")).parts)
    .map((part) => /^tack-([0-9A-Z]+)\.png$/.exec(part.filename ?? "")?.[1])
    .filter((ref): ref is string => Boolean(ref));
}

function readJson(file: string): unknown {
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as unknown) : undefined;
}

function countBy(values: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}
