import type { RouterContextProvider } from "react-router";
import { containerContext, freshTokenContext } from "../../context";
import { donorPrefill } from "../../donors/gift-prefill.server";
import { isPhone, offeredMethods } from "./gift-fields";

/**
 * What every gift form's loader gives its page: the limits, a logged-in
 * donor's details, a fresh idempotency key, and the payment methods and
 * Swish device that suit the visitor's device.
 */
export async function giftFormSetup(context: Readonly<RouterContextProvider>, request: Request) {
  const { giftLimits, paymentSetup } = context.get(containerContext);
  const phone = isPhone(request.headers.get("user-agent"));
  return {
    limits: giftLimits,
    // A donor logged in with BankID gets name, e-mail, personnummer and address filled in.
    prefill: await donorPrefill(context, request),
    // From the context: a page kept for anonymous visitors gets a fresh key put in per visitor.
    idempotencyKey: context.get(freshTokenContext)(),
    defaultDevice: phone ? ("this" as const) : ("other" as const),
    // Swish first on phones, where the app is one tap away.
    methods: offeredMethods(paymentSetup.methods, phone),
  };
}
