import { data, redirect, type RouterContextProvider } from "react-router";
import { containerContext } from "../context";
import { createAgreement } from "#core/agreements/agreement-service";
import type { MonthlyGiftFormData } from "#core/agreements/monthly-gift-form";
import type { CurrentSession } from "#core/donors/session-service";
import { takeEmailFromForm } from "#core/donors/donor-repository";
import { PaymentStartsLimitedError } from "#core/payments/payment-start-limits";

/**
 * A monthly gift by card (decision 0028): the logged-in donor's agreement is
 * made `pending` with this month's gift, and the donor goes on to the card
 * window to pay it; Mondido stores the card there, and the agreement starts
 * when the payment is paid. The donor must be logged in with BankID, so that
 * the agreement is theirs on Mina sidor and the gifts count for their tax
 * reduction under the personnummer BankID confirmed – a typed personnummer
 * is never trusted for that.
 */
export async function startCardSignup(context: Readonly<RouterContextProvider>, session: CurrentSession, value: MonthlyGiftFormData): Promise<Response> {
  const container = context.get(containerContext);
  await takeEmailFromForm(container.db, container.clock, session.donor, value.email);
  const { giftId, orderReference } = await createAgreement(container, {
    donorId: session.donor.id,
    kind: "monthly_gift",
    amountOre: value.amountOre,
    debitDay: value.debitDay,
    idempotencyKey: value.idempotencyKey,
    collect: { method: "card" },
  });
  await container.payments.startPayment(giftId, "Mondido").catch((error: unknown) => {
    // Too many starts: the error page says so in Swedish; the pending agreement waits for a new try.
    if (error instanceof PaymentStartsLimitedError) throw data(null, { status: 429 });
    throw error;
  });
  return redirect(`/ge-en-gava/betalning/${orderReference}`, 303);
}
