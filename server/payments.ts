import fs from "node:fs";
import path from "node:path";
import type { Clock } from "../core/clock";
import type { Logger } from "../core/logger";
import type { SiteConfig } from "../core/site/site-config";
import type { PaymentProvider } from "../core/payments/payment-provider";
import type { ProviderName } from "../core/payments/payment-status";
import { SwishClient } from "../integrations/swish/client";
import { SwishPaymentProvider } from "../integrations/swish/swish-payment-provider";
import { createFileSwishStore, createSwishSimulator, type SwishSimulator } from "../integrations/swish/simulator";
import type { ServerConfig } from "./config";

/**
 * Builds the payment providers from configuration, and the simulators that
 * stand in for them when a provider runs in simulator mode (the default).
 */
export interface PaymentSetup {
  providers: Partial<Record<ProviderName, PaymentProvider>>;
  swishSimulator: SwishSimulator | null;
  /** Mount point of the Swish simulator's pages, for the app switch in simulator mode. */
  swishAppBase: string | null;
  close(): void;
}

export function buildPayments(config: ServerConfig, site: SiteConfig, clock: Clock, logger: Logger): PaymentSetup {
  const payeeAlias = config.SWISH_PAYEE_ALIAS ?? site.swishNumber;
  let swishSimulator: SwishSimulator | null = null;
  let swishClient: SwishClient;
  if (config.SWISH_MODE === "simulator") {
    fs.mkdirSync(config.SIMULATOR_STATE_DIR, { recursive: true });
    swishSimulator = createSwishSimulator({
      clock,
      logger,
      payeeAlias,
      allowHttpCallbacks: true,
      callbackDelayMs: config.SWISH_SIMULATOR_CALLBACK_DELAY_MS,
      store: createFileSwishStore(path.join(config.SIMULATOR_STATE_DIR, "swish.json")),
    });
    swishClient = new SwishClient({ baseUrl: `${config.internalUrl}/_sim/swish/swish-cpcapi/api`, payeeAlias, timeoutMs: 10_000 });
  } else {
    swishClient = new SwishClient({
      baseUrl: config.SWISH_BASE_URL as string,
      payeeAlias,
      timeoutMs: 10_000,
      tls: {
        pfx: fs.readFileSync(config.SWISH_CERT_FILE as string),
        passphrase: config.SWISH_CERT_PASSPHRASE,
        ca: config.SWISH_CA_FILE ? fs.readFileSync(config.SWISH_CA_FILE) : undefined,
      },
    });
  }
  // The simulator calls back over our internal address; the real Swish needs the public https one.
  const callbackBase = config.SWISH_MODE === "simulator" ? config.internalUrl : config.publicUrl;
  const providers: Partial<Record<ProviderName, PaymentProvider>> = {
    HLFSwish: new SwishPaymentProvider({ client: swishClient, callbackUrl: `${callbackBase}/api/swish/callback` }),
  };
  return {
    providers,
    swishSimulator,
    swishAppBase: swishSimulator ? "/_sim/swish" : null,
    close() {
      swishSimulator?.close();
    },
  };
}
