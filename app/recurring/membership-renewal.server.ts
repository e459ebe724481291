import { data, redirect, type RouterContextProvider } from "react-router";
import { containerContext } from "../context";
import { assertSameOrigin } from "../donor/donor-session.server";
import { RenewalNotPossibleError, approvedMandateOf, liveRenewalOf, startAutogiroRenewal, startCardRenewal } from "#core/membership/membership-renewal";
import { PaymentStartsLimitedError } from "#core/payments/payment-start-limits";

/**
 * "Förnya automatiskt varje år" on /bli-medlem for a logged-in member
 * (decision 0028): by card (this year's fee now in the card window, which
 * stores the card) or by autogiro through the member's approved mandate.
 */
export const RENEWAL_INTENTS = ["renew-card", "renew-autogiro"] as const;

export interface RenewalChoice {
  /** The running renewal, if there is one: how and when it is next debited. */
  running: { id: string; method: "autogiro" | "card"; status: string; nextDebitOn: string | null } | null;
  /** The bank of the approved autogiro mandate the renewal could use; null without one. */
  mandateBank: string | null;
}

export async function renewalChoice(context: Readonly<RouterContextProvider>, donorId: string): Promise<RenewalChoice> {
  const container = context.get(containerContext);
  const running = await liveRenewalOf(container, donorId);
  const mandate = await approvedMandateOf(container, donorId);
  return {
    running: running ? { id: running.id, method: running.method, status: running.status, nextDebitOn: running.next_debit_on } : null,
    mandateBank: mandate ? mandate.bank_name : null,
  };
}

export async function startRenewal(context: Readonly<RouterContextProvider>, request: Request, form: FormData): Promise<Response | { renewalProblem: string }> {
  assertSameOrigin(context, request);
  const container = context.get(containerContext);
  const session = await container.donors.sessions.current(request.headers.get("cookie"));
  if (!session) return { renewalProblem: "Logga in med BankID för att välja automatisk förnyelse." };
  const key = String(form.get("idempotencyKey") ?? "");
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(key)) return { renewalProblem: "Formuläret kunde inte skickas. Ladda om sidan och försök igen." };
  const input = { donorId: session.donor.id, feeOre: container.membershipFeeKr * 100, idempotencyKey: `renewal:${key}` };
  try {
    if (form.get("intent") === "renew-autogiro") {
      const agreement = await startAutogiroRenewal(container, input);
      return redirect(`/mina-sidor/manadsgava/${agreement.id}`, 303);
    }
    const { giftId, orderReference } = await startCardRenewal(container, input);
    await container.payments.startPayment(giftId, "Mondido");
    return redirect(`/ge-en-gava/betalning/${orderReference}`, 303);
  } catch (error) {
    if (error instanceof RenewalNotPossibleError) return { renewalProblem: error.userMessage };
    if (error instanceof PaymentStartsLimitedError) throw data(null, { status: 429 });
    throw error;
  }
}
