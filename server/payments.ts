import fs from "node:fs";
import path from "node:path";
import type { Router } from "express";
import type { Clock } from "#core/clock";
import type { Logger } from "#core/logger";
import type { SiteConfig } from "#core/site/site-config";
import type { PaymentProvider } from "#core/payments/payment-provider";
import type { PaymentMethod, ProviderName } from "#core/payments/payment-status";
import { InvoicePaymentProvider } from "#core/payments/invoice-provider";
import { SwishClient } from "#integrations/swish/client";
import { SwishPaymentProvider } from "#integrations/swish/swish-payment-provider";
import { stateDirSwishSimulator, type SwishSimulator } from "#integrations/swish/simulator";
import { SwishRefundAdapter } from "#integrations/swish/swish-refund-adapter";
import { MondidoRefundAdapter, MondidoRefundClient } from "#integrations/mondido/refund";
import type { RefundAdapter } from "#core/payments/refund-provider";
import { MondidoClient } from "#integrations/mondido/client";
import { MondidoPaymentProvider } from "#integrations/mondido/mondido-payment-provider";
import { createMondidoSimulator } from "#integrations/mondido/simulator/create-mondido-simulator";
import { createFileMondidoStore } from "#integrations/mondido/simulator/file-store";
import { createFileStoredCardStore } from "#integrations/mondido/simulator/stored-cards";
import { MondidoStoredCardClient } from "#integrations/mondido/stored-card-client";
import { MondidoCardGateway } from "#integrations/mondido/mondido-card-gateway";
import type { StoredCardGateway } from "#core/agreements/card-debits";
import { BriteClient } from "#integrations/brite/client";
import { BritePaymentProvider } from "#integrations/brite/brite-payment-provider";
import { createBriteSimulator } from "#integrations/brite/simulator/create-brite-simulator";
import { createFileBriteStore } from "#integrations/brite/simulator/file-store";
import type { ServerConfig } from "./config";
import type { ServerSecrets } from "./persistent-secrets";

/**
 * Builds the payment providers from configuration, and the simulators that
 * stand in for them when a provider runs in simulator mode (the default).
 * Simulators call back over our internal address; real providers need the
 * public https one.
 */
export interface PaymentSetup {
  providers: Partial<Record<ProviderName, PaymentProvider>>;
  /** Providers whose refunds go through their API (Swish, Mondido); the others are refunded by hand. */
  refundAdapters: Partial<Record<ProviderName, RefundAdapter>>;
  /** Offered on the gift page, in configured order. */
  methods: PaymentMethod[];
  /** The Swish simulator in this process; null when live or when SWISH_SIMULATOR_URL names one of its own process. */
  swishSimulator: SwishSimulator | null;
  /** Mount point of the Swish simulator's pages, for the app switch in simulator mode (a path, or an address of its own process). */
  swishAppBase: string | null;
  mondido: { client: MondidoClient; provider: MondidoPaymentProvider; storedCards: MondidoStoredCardClient } | null;
  /** Monthly giving by card: charging, reading and deleting stored cards at Mondido (decision 0028); null without card payments. */
  storedCardGateway: StoredCardGateway | null;
  brite: { client: BriteClient } | null;
  /** Simulators to mount, by path. */
  simulators: Array<{ path: string; router: Router }>;
  /** Origins our pages may post forms to (the card window). */
  formActionOrigins: string[];
  close(): void;
}

export function buildPayments(
  config: ServerConfig,
  site: SiteConfig,
  clock: Clock,
  logger: Logger,
  secrets: Pick<ServerSecrets, "mondidoSecret" | "mondidoApiPassword" | "briteSecret">,
): PaymentSetup {
  const simulators: PaymentSetup["simulators"] = [];
  const formActionOrigins: string[] = [];
  const providers: Partial<Record<ProviderName, PaymentProvider>> = {};
  const callbackBase = (simulated: boolean) => (simulated ? config.internalUrl : config.publicUrl);
  const enabled = new Set(config.PAYMENT_METHODS);
  fs.mkdirSync(config.SIMULATOR_STATE_DIR, { recursive: true });

  // Swish
  const payeeAlias = config.SWISH_PAYEE_ALIAS ?? site.swishNumber;
  let swishSimulator: SwishSimulator | null = null;
  let swishClient: SwishClient;
  let swishAppBase: string | null = null;
  if (config.SWISH_MODE === "simulator" && config.SWISH_SIMULATOR_URL) {
    // A simulator of its own process (npm run simulator:swish), addressed as a live Swish would be.
    swishAppBase = config.SWISH_SIMULATOR_URL.replace(/\/+$/, "");
    swishClient = new SwishClient({ baseUrl: `${swishAppBase}/swish-cpcapi/api`, payeeAlias, timeoutMs: 10_000 });
  } else if (config.SWISH_MODE === "simulator") {
    swishAppBase = "/_sim/swish";
    swishSimulator = stateDirSwishSimulator({
      clock,
      logger,
      payeeAlias,
      callbackDelayMs: config.SWISH_SIMULATOR_CALLBACK_DELAY_MS,
      stateDir: config.SIMULATOR_STATE_DIR,
    });
    simulators.push({ path: "/_sim/swish", router: swishSimulator.router });
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
  providers.HLFSwish = new SwishPaymentProvider({
    client: swishClient,
    callbackUrl: `${callbackBase(config.SWISH_MODE === "simulator")}/api/swish/callback`,
  });

  const refundAdapters: Partial<Record<ProviderName, RefundAdapter>> = {
    HLFSwish: new SwishRefundAdapter({
      client: swishClient,
      callbackUrl: `${callbackBase(config.SWISH_MODE === "simulator")}/api/swish/refund-callback`,
    }),
  };

  // Card (Mondido hosted window)
  const cardSimulated = config.CARD_MODE === "simulator";
  const mondidoConfig = {
    merchantId: config.MONDIDO_MERCHANT_ID ?? "demo-merchant",
    // From the environment; in simulator mode derived from the stored master secret, so the
    // simulator and the client agree across restarts and instances (server/persistent-secrets.ts).
    secret: secrets.mondidoSecret,
    apiPassword: secrets.mondidoApiPassword,
  };
  if (cardSimulated) {
    simulators.push({
      path: "/_sim/mondido",
      router: createMondidoSimulator({
        clock,
        logger,
        ...mondidoConfig,
        store: createFileMondidoStore(path.join(config.SIMULATOR_STATE_DIR, "mondido.json"), { clock }),
        storedCards: createFileStoredCardStore(path.join(config.SIMULATOR_STATE_DIR, "mondido-cards.json")),
      }).router,
    });
  }
  const mondidoClient = new MondidoClient({
    ...mondidoConfig,
    formUrl: cardSimulated ? "/_sim/mondido/v1/form" : config.MONDIDO_FORM_URL,
    apiBaseUrl: cardSimulated ? `${config.internalUrl}/_sim/mondido/v1` : config.MONDIDO_API_URL,
    test: cardSimulated,
  });
  if (!cardSimulated) formActionOrigins.push(new URL(config.MONDIDO_FORM_URL ?? "https://pay.mondido.com/v1/form").origin);
  const storedCards = new MondidoStoredCardClient({ ...mondidoConfig, apiBaseUrl: cardSimulated ? `${config.internalUrl}/_sim/mondido/v1` : config.MONDIDO_API_URL, test: cardSimulated });
  const mondidoProvider = new MondidoPaymentProvider({
    client: mondidoClient,
    publicUrl: config.publicUrl,
    webhookUrl: `${callbackBase(cardSimulated)}/api/mondido/webhook`,
  });
  providers.Mondido = mondidoProvider;
  refundAdapters.Mondido = new MondidoRefundAdapter({
    transactions: mondidoClient,
    refunds: new MondidoRefundClient({ ...mondidoConfig, apiBaseUrl: cardSimulated ? `${config.internalUrl}/_sim/mondido/v1` : config.MONDIDO_API_URL }),
  });

  // Open banking (Brite)
  const bankSimulated = config.BANK_MODE === "simulator";
  const briteKeys = {
    publicKey: config.BRITE_PUBLIC_KEY ?? "demo-public-key",
    secret: secrets.briteSecret,
  };
  if (bankSimulated) {
    simulators.push({
      path: "/_sim/brite",
      router: createBriteSimulator({
        clock,
        logger,
        ...briteKeys,
        store: createFileBriteStore(path.join(config.SIMULATOR_STATE_DIR, "brite.json"), { clock }),
      }).router,
    });
  }
  const briteClient = new BriteClient({
    baseUrl: bankSimulated ? `${config.internalUrl}/_sim/brite` : (config.BRITE_URL as string),
    ...briteKeys,
    clock,
    logger,
  });
  providers.Brite = new BritePaymentProvider({
    client: briteClient,
    publicUrl: config.publicUrl,
    callbackUrl: `${callbackBase(bankSimulated)}/api/brite/callback`,
  });

  // Invoice (our own; paid through imported bank files)
  providers.Invoice = new InvoicePaymentProvider();

  return {
    providers,
    refundAdapters,
    methods: config.PAYMENT_METHODS.filter((m) => enabled.has(m)),
    swishSimulator,
    swishAppBase,
    mondido: { client: mondidoClient, provider: mondidoProvider, storedCards },
    storedCardGateway: new MondidoCardGateway(mondidoClient, storedCards),
    brite: { client: briteClient },
    simulators,
    formActionOrigins,
    close() {
      swishSimulator?.close();
    },
  };
}
