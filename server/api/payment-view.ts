import type { SiteConfig } from "#core/site/site-config";
import type { PaymentViewLinks } from "#core/payments/payment-view";
import { swishAppUrl, swishSimulatorAppUrl } from "#integrations/swish/swish-app-link";
import type { PaymentSetup } from "../payments";

/**
 * The provider links core's payment view shows (core/payments/payment-view.ts),
 * from the configured providers: built once at boot and handed to the pages
 * and the API through the container.
 */
export function paymentViewLinks(publicUrl: string, site: SiteConfig, setup: PaymentSetup): PaymentViewLinks {
  const appBase = setup.swishAppBase;
  return {
    publicUrl,
    bankgiro: site.bankgiro,
    swishAppUrl: (token, returnUrl) => (appBase ? swishSimulatorAppUrl(appBase, token, returnUrl) : swishAppUrl(token, returnUrl)),
    cardForm: (payment, gift) => setup.mondido?.provider.paymentForm(payment, gift) ?? null,
  };
}
