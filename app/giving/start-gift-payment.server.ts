import { redirect, redirectDocument } from "react-router";
import { PAYMENT_STARTS_LIMITED_MESSAGE, PaymentStartsLimitedError } from "#core/payments/payment-start-limits";

/** What a gift form's give-function returns: the stored gift and the payment it started. */
interface StartedGift {
  gift: { order_reference: string };
  payment: { provider: string; client_url: string | null; status: string };
}

export type GiftPaymentStart = { redirect: Response; refusal?: undefined } | { refusal: string; redirect?: undefined };

/**
 * The one way a gift form hands over to payment once its input is valid: a
 * bank payment continues at the bank's own page, every other method on our
 * payment page. When the visitor or the payer has started too many payments
 * (core/payments/payment-start-limits.ts), nothing is stored and the form gets
 * the Swedish reason to show; every other error is the caller's.
 */
export async function startGiftPayment(give: () => Promise<StartedGift>): Promise<GiftPaymentStart> {
  try {
    const { gift, payment } = await give();
    if (payment.provider === "Brite" && payment.client_url && payment.status === "pending") {
      return { redirect: redirectDocument(payment.client_url, 303) };
    }
    return { redirect: redirect(`/ge-en-gava/betalning/${gift.order_reference}`, 303) };
  } catch (error) {
    if (error instanceof PaymentStartsLimitedError) return { refusal: PAYMENT_STARTS_LIMITED_MESSAGE };
    throw error;
  }
}

/** The form-level answers every gift form gives the same way. */
export const FORM_NOT_SENT = "Formuläret kunde inte skickas. Försök igen.";
export const TOO_MANY_ORDERS = "Du har gjort för många beställningar på kort tid. Vänta en minut och försök igen.";
