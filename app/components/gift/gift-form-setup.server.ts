import type { RouterContextProvider } from "react-router";
import { containerContext, freshTokenContext } from "../../context";
import { donorPrefill } from "../../donor/gift-prefill.server";
import { isPhone, offeredMethods } from "./gift-fields";

/**
 * What every gift form's loader gives its page: the limits, a logged-in
 * donor's details (or a letter's name and address), a fresh idempotency key,
 * and the payment methods and Swish device that suit the visitor's device.
 */
export async function giftFormSetup(context: Readonly<RouterContextProvider>, request: Request) {
  const { giftLimits, paymentSetup } = context.get(containerContext);
  const phone = isPhone(request.headers.get("user-agent"));
  const prefill = await donorPrefill(context, request);
  return {
    limits: giftLimits,
    // A donor logged in with BankID gets name, e-mail, personnummer and address filled in; a letter's link, name and address.
    prefill: prefill?.values ?? null,
    prefilledFrom: prefill?.from ?? null,
    // From the context: a page kept for anonymous visitors gets a fresh key put in per visitor.
    idempotencyKey: context.get(freshTokenContext)(),
    defaultDevice: phone ? ("this" as const) : ("other" as const),
    // Swish first on phones, where the app is one tap away.
    methods: offeredMethods(paymentSetup.methods, phone),
  };
}

/** A form page that shows a person's details is never kept by the browser, a proxy or the service worker's offline copy. */
export const PREFILLED_PAGE_HEADERS = { "Cache-Control": "private, no-store" } as const;

/**
 * The loader's response init for a gift form page: private when something
 * was filled in. The route passes its loader's headers on
 * (`export function headers({ loaderHeaders }) { return loaderHeaders; }`).
 */
export function giftFormInit(setup: { prefill: Record<string, string> | null }): ResponseInit | undefined {
  return setup.prefill ? { headers: PREFILLED_PAGE_HEADERS } : undefined;
}
