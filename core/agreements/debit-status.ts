import type { IsoDate } from "../calendar/swedish-calendar";
import type { PaymentStatus } from "../payments/payment-status";
import { formatDateLong } from "../site/format";

/**
 * What a donor is told of one debit (issue #29.3): only what has happened
 * and what Bankgirot has actually been told. An autogiro request is
 * "Beställd hos Bankgirot" only once the file holding it is sent; before
 * that it is still ours, and says the day it reaches Bankgirot. A stop is
 * likewise told as queued, then as asked of Bankgirot, until Bankgirot
 * confirms it and the debit is "Stoppad".
 */
export type DebitState = "paid" | "failed" | "requested" | "cancelled";

/** How far one of a debit's autogiro requests has come: none made, queued for the next file, or in a file sent to Bankgirot. */
export type RequestProgress = "none" | "queued" | "sent";

export interface DebitFacts {
  paymentStatus: PaymentStatus;
  byCard: boolean;
  /** The payment request (TK82) and its cancellation (TK25); "none" for a card. */
  paymentRequest: RequestProgress;
  cancelRequest: RequestProgress;
}

/** A request's progress from its row and its file's status: a file still being written is not yet at Bankgirot. */
export function requestProgress(requestId: string | null, fileStatus: string | null): RequestProgress {
  if (requestId === null) return "none";
  return fileStatus === "sent" ? "sent" : "queued";
}

/** The debit's state and its words; `bankgirotDay` is the banking day a request queued now reaches Bankgirot (debit-schedule.ts). */
export function debitStatus(facts: DebitFacts, bankgirotDay: IsoDate): { state: DebitState; statusLabel: string } {
  const { paymentStatus: status } = facts;
  if (status === "paid") return { state: "paid", statusLabel: "Dragen" };
  if (status === "failed" || status === "declined" || status === "expired") return { state: "failed", statusLabel: "Inte genomförd" };
  if (status === "cancelled" || status === "refunded") return { state: "cancelled", statusLabel: status === "refunded" ? "Återbetald" : "Stoppad" };
  if (facts.byCard) return { state: "requested", statusLabel: "Dras från kortet" };
  const day = formatDateLong(bankgirotDay);
  if (facts.cancelRequest === "sent") return { state: "requested", statusLabel: "Stopp begärt hos Bankgirot" };
  if (facts.cancelRequest === "queued") return { state: "requested", statusLabel: `Stoppas – beskedet skickas till Bankgirot ${day}` };
  // A debit without a request row (one written by hand) is at Bankgirot once its payment is pending, which a sent file makes it.
  const sent = facts.paymentRequest === "sent" || (facts.paymentRequest === "none" && status === "pending");
  return { state: "requested", statusLabel: sent ? "Beställd hos Bankgirot" : `Skickas till Bankgirot ${day}` };
}
