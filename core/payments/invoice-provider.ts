import crypto from "node:crypto";
import type { PaymentProvider, ProviderStatus, StartResult } from "./payment-provider";
import type { PaymentRow } from "./payment-repository";
import { createOcrReference } from "../bankgiro/ocr-reference";

/**
 * Invoices: the charity's own payment method, no outside service. The OCR
 * reference (with Luhn check digit and length digit, Bankgirot's "hård
 * kontroll") is the provider reference; the money arrives in a BgMax file and
 * is matched to the invoice by that reference (core/payments/bank-file-import.ts).
 */
export const INVOICE_DUE_DAYS = 30;
/** The job that e-mails a new invoice; the gifts handle it (core/gifts/send-invoice.ts). */
export const INVOICE_JOB = "send-invoice";
export const OCR_OPTIONS = { withLengthDigit: true } as const;

export class InvoicePaymentProvider implements PaymentProvider {
  readonly name = "Invoice" as const;
  readonly method = "invoice" as const;
  /** An unpaid invoice stays open for its 30 days and a reminder period. */
  readonly expiresAfterMs = 75 * 24 * 3600_000;

  newProviderReference(): string {
    // 10 random digits; uniqueness is enforced by the database (provider, provider_reference).
    const sequence = crypto.randomInt(1_000_000_000, 9_999_999_999);
    return createOcrReference(sequence, OCR_OPTIONS);
  }

  async start(): Promise<StartResult> {
    return { status: "pending" };
  }

  /** Nothing outside to ask: only an imported bank file changes an invoice. */
  async fetchStatus(payment: PaymentRow): Promise<ProviderStatus | null> {
    return { status: payment.status === "created" ? "pending" : payment.status };
  }

  async cancel(): Promise<"cancelled" | "too-late"> {
    return "cancelled";
  }

  jobsOnCreate(payment: PaymentRow) {
    return [{ type: INVOICE_JOB, payload: { paymentId: payment.id }, dedupeKey: `invoice:${payment.id}` }];
  }
}

export function invoiceDueDate(payment: Pick<PaymentRow, "created_at">): Date {
  return new Date(Date.parse(payment.created_at) + INVOICE_DUE_DAYS * 24 * 3600_000);
}
