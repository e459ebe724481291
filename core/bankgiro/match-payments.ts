import { isValidOcrReference, normalizeOcrReference, type OcrOptions } from "./ocr-reference";

/**
 * Matches incoming bankgiro payments to open invoices by OCR reference. Pure:
 * the caller loads the open invoices and books the result in one transaction.
 *
 * Amounts are compared with what is still outstanding, so an invoice paid in
 * two parts ends as one under-payment followed by one exact match, and a second
 * payment of an already settled invoice shows up as an over-payment of its
 * whole amount (a duplicate that finance must refund or keep as a gift).
 */
export interface PaymentToMatch {
  reference: string;
  amountOre: number;
}

export interface OpenInvoice {
  ocrReference: string;
  /** What is still to be paid, in öre. */
  outstandingOre: number;
}

export interface Match<P, I> {
  payment: P;
  invoice: I;
}

export interface AmountMismatch<P, I> extends Match<P, I> {
  kind: "underpaid" | "overpaid";
  /** Payment minus outstanding amount: negative when underpaid. */
  differenceOre: number;
}

export type UnmatchedReason = "missing-reference" | "invalid-check-digit" | "unknown-reference";

export interface Unmatched<P> {
  payment: P;
  reason: UnmatchedReason;
}

export interface MatchResult<P, I> {
  matched: Match<P, I>[];
  matchedWithDifferentAmount: AmountMismatch<P, I>[];
  unmatched: Unmatched<P>[];
}

export function matchPayments<P extends PaymentToMatch, I extends OpenInvoice>(
  payments: readonly P[],
  openInvoices: readonly I[],
  ocrOptions: OcrOptions,
): MatchResult<P, I> {
  const byReference = new Map<string, { invoice: I; outstandingOre: number }>();
  for (const invoice of openInvoices) {
    byReference.set(normalizeOcrReference(invoice.ocrReference), { invoice, outstandingOre: invoice.outstandingOre });
  }
  const result: MatchResult<P, I> = { matched: [], matchedWithDifferentAmount: [], unmatched: [] };

  for (const payment of payments) {
    const reference = normalizeOcrReference(payment.reference);
    if (!reference) {
      result.unmatched.push({ payment, reason: "missing-reference" });
      continue;
    }
    if (!isValidOcrReference(reference, ocrOptions)) {
      result.unmatched.push({ payment, reason: "invalid-check-digit" });
      continue;
    }
    const open = byReference.get(reference);
    if (!open) {
      result.unmatched.push({ payment, reason: "unknown-reference" });
      continue;
    }
    const differenceOre = payment.amountOre - open.outstandingOre;
    open.outstandingOre = Math.max(0, open.outstandingOre - payment.amountOre);
    if (differenceOre === 0) {
      result.matched.push({ payment, invoice: open.invoice });
    } else {
      result.matchedWithDifferentAmount.push({
        payment,
        invoice: open.invoice,
        kind: differenceOre < 0 ? "underpaid" : "overpaid",
        differenceOre,
      });
    }
  }
  return result;
}
