import type { Submission } from "@conform-to/react";
import { redirect, redirectDocument, type RouterContextProvider } from "react-router";
import { clientIpContext, containerContext } from "../context";
import { PAYMENT_STARTS_LIMITED_MESSAGE, PaymentStartsLimitedError } from "#core/payments/payment-start-limits";
import { RECIPIENT_MAIL_LIMITED_MESSAGE, RecipientMailLimitedError } from "#core/mail/recipient-limit";
import type { FormResult } from "../components/form/parse-form";

/** The form-level answers every gift form gives the same way. */
export const FORM_NOT_SENT = "Formuläret kunde inte skickas. Försök igen.";
export const TOO_MANY_ORDERS = "Du har gjort för många beställningar på kort tid. Vänta en minut och försök igen.";

/** What a product's give-function returns: the stored gift and the payment it started. */
export interface StartedGift {
  gift: { order_reference: string };
  payment: { provider: string; client_url: string | null; status: string };
}

/** Who gives: a donor logged in with BankID gives as themselves, so the gift is theirs in Mina sidor at once. */
export interface Giver {
  donorId: string | null;
}

/** A product's own reason to refuse a valid form (a closed collection, an unknown renewal…), shown on the form. */
export interface CheckoutRefusal {
  status: 400 | 409;
  formErrors?: string[];
  fieldErrors?: Record<string, string[]>;
}

/** Every gift form's value carries the honeypot's answer, at the top or in its `gift` part. */
type HoneypotValue = { isBot: boolean } | { gift: { isBot: boolean } };

export interface Checkout<Value extends HoneypotValue> {
  /** The post, read with the form's own Zod schema (`parseForm`, decision 0011). */
  submission: Submission<unknown, string[], Value>;
  /** The form's path, for the log line when the honeypot is filled in. */
  form: string;
  /** Forms that send documents or cards count orders per visitor as well as payment starts. */
  limitOrders?: boolean;
  /** Stores the gift and starts its payment (a core service: gives, never parses). */
  give: (value: Value, giver: Giver) => Promise<StartedGift>;
  /** The product's known errors, as the refusal the donor reads; anything else is a server error. */
  refuse?: (error: unknown) => CheckoutRefusal | undefined;
}

/**
 * Where a checkout ends: the payment (a redirect), or the form again with why
 * not (the Conform reply and the HTTP status for it).
 */
export type CheckoutOutcome = { response: Response } | { response?: undefined; status: 400 | 409 | 429; result: FormResult };

/**
 * The one checkout every product form goes through once it has read its post
 * (decision 0011 for the parsing; issue #28): invalid input, the honeypot,
 * the per-visitor order limit, the donor's session, giving, and the hand-over
 * to payment — or the Swedish refusal, with every field kept. Intents that are
 * not "give" (look-up, search, preview) are the form's own and never reach here.
 */
export async function checkout<Value extends HoneypotValue>(
  context: Readonly<RouterContextProvider>,
  request: Request,
  { submission, form, limitOrders = false, give, refuse }: Checkout<Value>,
): Promise<CheckoutOutcome> {
  const container = context.get(containerContext);
  if (submission.status !== "success") return { status: 400, result: submission.reply() };
  const { value } = submission;
  if ("gift" in value ? value.gift.isBot : value.isBot) {
    container.logger.warn({ path: form }, "gift form honeypot was filled in");
    return { status: 400, result: submission.reply({ formErrors: [FORM_NOT_SENT] }) };
  }
  if (limitOrders && !(await container.giftDocumentLimiter.hit(context.get(clientIpContext) || "unknown"))) {
    return { status: 429, result: submission.reply({ formErrors: [TOO_MANY_ORDERS] }) };
  }
  const session = await container.donors.sessions.current(request.headers.get("cookie"));
  try {
    return { response: paymentPageFor(await give(value, { donorId: session?.donor.id ?? null })) };
  } catch (error) {
    if (error instanceof PaymentStartsLimitedError) {
      return { status: 429, result: submission.reply({ formErrors: [PAYMENT_STARTS_LIMITED_MESSAGE] }) };
    }
    // An address typed in the form has had as many e-mails from us as it may for now (core/mail/recipient-limit.ts): said on that field.
    if (error instanceof RecipientMailLimitedError) {
      return {
        status: 429,
        result: submission.reply({ formErrors: [RECIPIENT_MAIL_LIMITED_MESSAGE], fieldErrors: { [error.field]: [RECIPIENT_MAIL_LIMITED_MESSAGE] } }),
      };
    }
    const refusal = refuse?.(error);
    if (!refusal) throw error;
    return { status: refusal.status, result: submission.reply({ formErrors: refusal.formErrors, fieldErrors: refusal.fieldErrors }) };
  }
}

/** A bank payment continues at the bank's own page, every other method on our payment page. */
export function paymentPageFor({ gift, payment }: StartedGift): Response {
  if (payment.provider === "Brite" && payment.client_url && payment.status === "pending") {
    return redirectDocument(payment.client_url, 303);
  }
  return redirect(`/ge-en-gava/betalning/${gift.order_reference}`, 303);
}
