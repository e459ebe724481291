import { redirect, redirectDocument } from "react-router";
import { PAYMENT_STARTS_LIMITED_MESSAGE, PaymentStartsLimitedError } from "#core/payments/payment-start-limits";
import { RECIPIENT_MAIL_LIMITED_MESSAGE, RecipientMailLimitedError } from "#core/mail/recipient-limit";

/** What a gift form's give-function returns: the stored gift and the payment it started. */
interface StartedGift {
  gift: { order_reference: string };
  payment: { provider: string; client_url: string | null; status: string };
}

export type GiftPaymentStart =
  | { redirect: Response; refusal?: undefined; fieldErrors?: undefined }
  | { refusal: string; fieldErrors: Record<string, string[]>; redirect?: undefined };

/**
 * The one way a gift form hands over to payment once its input is valid: a
 * bank payment continues at the bank's own page, every other method on our
 * payment page. When the visitor or the payer has started too many payments
 * (core/payments/payment-start-limits.ts), or an address typed in the form has
 * had as many e-mails from us as it may for now (core/mail/recipient-limit.ts),
 * nothing is stored and the form gets the Swedish reason to show – on the
 * e-mail field it concerns; every other error is the caller's.
 */
export async function startGiftPayment(give: () => Promise<StartedGift>): Promise<GiftPaymentStart> {
  try {
    const { gift, payment } = await give();
    if (payment.provider === "Brite" && payment.client_url && payment.status === "pending") {
      return { redirect: redirectDocument(payment.client_url, 303) };
    }
    return { redirect: redirect(`/ge-en-gava/betalning/${gift.order_reference}`, 303) };
  } catch (error) {
    if (error instanceof PaymentStartsLimitedError) return { refusal: PAYMENT_STARTS_LIMITED_MESSAGE, fieldErrors: {} };
    if (error instanceof RecipientMailLimitedError) return { refusal: RECIPIENT_MAIL_LIMITED_MESSAGE, fieldErrors: { [error.field]: [RECIPIENT_MAIL_LIMITED_MESSAGE] } };
    throw error;
  }
}

/** The form-level answers every gift form gives the same way. */
export const FORM_NOT_SENT = "Formuläret kunde inte skickas. Försök igen.";
export const TOO_MANY_ORDERS = "Du har gjort för många beställningar på kort tid. Vänta en minut och försök igen.";
