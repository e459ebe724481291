import crypto from "node:crypto";
import { matchPayments } from "../bankgiro/match-payments";
import type { BankPaymentFileReader, ImportedPaymentLine } from "./bank-payment-file-reader";
import { OCR_OPTIONS } from "./invoice-provider";
import { transitionPayment, type PaymentTransitionDeps } from "./payment-transitions";

export type { ImportedPaymentLine };

/** The payment transition's needs and the reader of the bank's file format (BgMax, from the container). */
export interface BankFileImportDeps extends PaymentTransitionDeps {
  bankFileReader: BankPaymentFileReader;
}

export interface BankFileImportSummary {
  status: "imported" | "already-imported" | "rejected";
  fileName: string;
  errors: { line: number; message: string }[];
  booked: Array<ImportedPaymentLine & { orderReference: string; overpaidOre?: number }>;
  underpaid: Array<ImportedPaymentLine & { orderReference: string; missingOre: number }>;
  unmatched: Array<ImportedPaymentLine & { reason: string }>;
}

/**
 * Books the payments in a bank file (Bankgirot's BgMax) against open invoices:
 * - a file with any error books nothing (finance gets the errors instead);
 * - the same file (by SHA-256) is never booked twice;
 * - an exact or larger amount on an open invoice's OCR reference marks it paid
 *   (an over-payment is money the donor meant to give; finance sees it listed);
 * - an under-payment, an unknown reference or a bad check digit is listed for
 *   finance and changes nothing.
 * Each booking goes through the one payment transition, so an invoice is paid
 * exactly once even if an interrupted import is run again.
 */
export async function importBankFile(
  deps: BankFileImportDeps,
  file: { name: string; content: Buffer },
): Promise<BankFileImportSummary> {
  const { db, clock, logger } = deps;
  const sha256 = crypto.createHash("sha256").update(file.content).digest("hex");
  const empty = { fileName: file.name, errors: [], booked: [], underpaid: [], unmatched: [] };
  const previous = await db.selectFrom("bank_file_imports").select("summary").where("sha256", "=", sha256).executeTakeFirst();
  if (previous) return { ...(JSON.parse(previous.summary) as BankFileImportSummary), status: "already-imported" };

  const parsed = deps.bankFileReader.read(file.content);
  if (parsed.errors.length > 0) {
    return { ...empty, status: "rejected", errors: parsed.errors.map(({ line, message }) => ({ line, message })) };
  }

  const openInvoices = await db
    .selectFrom("payments")
    .innerJoin("gifts", "gifts.id", "payments.gift_id")
    .select(["payments.id as paymentId", "payments.provider_reference as ocrReference", "payments.amount_ore as outstandingOre", "gifts.order_reference as orderReference"])
    .where("payments.provider", "=", "Invoice")
    .where("payments.status", "in", ["created", "pending"])
    .execute();
  const invoices = openInvoices.map((i) => ({ ...i, ocrReference: i.ocrReference ?? "" }));
  const result = matchPayments(parsed.payments, invoices, OCR_OPTIONS);

  const summary: BankFileImportSummary = { ...empty, status: "imported" };
  const book = async (line: ImportedPaymentLine, invoice: (typeof invoices)[number], overpaidOre?: number) => {
    await transitionPayment(deps, {
      paymentId: invoice.paymentId,
      to: "paid",
      source: "import",
      data: { bgcSerial: line.serial, amountReceivedOre: line.amountOre, file: file.name },
    });
    summary.booked.push({ ...line, orderReference: invoice.orderReference, ...(overpaidOre ? { overpaidOre } : {}) });
  };
  for (const match of result.matched) await book(match.payment, match.invoice);
  for (const mismatch of result.matchedWithDifferentAmount) {
    if (mismatch.kind === "overpaid") await book(mismatch.payment, mismatch.invoice, mismatch.differenceOre);
    else summary.underpaid.push({ ...mismatch.payment, orderReference: mismatch.invoice.orderReference, missingOre: -mismatch.differenceOre });
  }
  for (const miss of result.unmatched) summary.unmatched.push({ ...miss.payment, reason: miss.reason });

  await db
    .insertInto("bank_file_imports")
    .values({ id: crypto.randomUUID(), sha256, file_name: file.name, imported_at: clock.now().toISOString(), summary: JSON.stringify(summary) })
    .execute();
  logger.info({ file: file.name, booked: summary.booked.length, underpaid: summary.underpaid.length, unmatched: summary.unmatched.length }, "bank file imported");
  return summary;
}
