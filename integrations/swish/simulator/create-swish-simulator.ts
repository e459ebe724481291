import express from "express";
import type { Clock } from "#core/clock";
import type { Logger } from "#core/logger";
import { postJsonCallback } from "../../simulator-kit/post-json";
import type { SwishPaymentRequest, SwishRefund } from "../types";
import { createSwishApiRouter } from "./api-router";
import { createSwishAppRouter } from "./app-router";
import { createSimulatorEngine } from "./simulator-engine";
import { createMemorySwishStore, type SwishSimulatorStore } from "./store";
import { createRefundEngine } from "./refund-engine";
import { createMemorySwishRefundStore, type SwishRefundStore } from "./refund-store";

export interface SwishSimulatorOptions {
  clock: Clock;
  logger: Logger;
  /** The merchant's Swish number the simulator accepts; anything else gets ACMT07. */
  payeeAlias: string;
  /** The real service accepts only https callbacks; the local site runs on http. */
  allowHttpCallbacks: boolean;
  /** Time from the payer's answer to the callback; the MSS takes about 5 s. */
  callbackDelayMs?: number;
  /** Defaults to memory; use `createFileSwishStore` so state survives a restart. */
  store?: SwishSimulatorStore;
  /** Refunds; defaults to memory, `createFileSwishRefundStore` keeps them over a restart. */
  refundStore?: SwishRefundStore;
  /** How a callback is sent; defaults to a real HTTP POST. */
  postCallback?: (url: string, body: SwishPaymentRequest) => Promise<void>;
  /** How a refund's callback is sent; defaults to a real HTTP POST. */
  postRefundCallback?: (url: string, body: SwishRefund) => Promise<void>;
  /** How often ended-by-time requests are looked for when nobody reads them; 0 turns it off. */
  sweepIntervalMs?: number;
}

export interface SwishSimulator {
  /** Mount at `/_sim/swish`: the API is under `/swish-cpcapi/api`, the tester's page at `/`. */
  router: express.Router;
  approve(id: string, payerAlias?: string): Promise<SwishPaymentRequest>;
  decline(id: string): Promise<SwishPaymentRequest>;
  store: SwishSimulatorStore;
  /** Resolves once state left by a previous run has been picked up. */
  ready: Promise<void>;
  /** Ends requests that are due by the clock (e.g. after a test moved a manual clock). */
  sweep(): Promise<void>;
  /** Resolves when no scheduled callback is left. */
  settled(): Promise<void>;
  /** Stops timers; unsent callbacks stay stored and are sent by the next simulator on the same store. */
  close(): void;
}

/**
 * A local stand-in for the Swish Commerce API (like the provider's Merchant
 * Swish Simulator) plus a page that plays the payer's Swish app. Never mount it
 * in a production configuration.
 */
export function createSwishSimulator(options: SwishSimulatorOptions): SwishSimulator {
  const store = options.store ?? createMemorySwishStore();
  const engine = createSimulatorEngine({
    clock: options.clock,
    logger: options.logger,
    store,
    payeeAlias: options.payeeAlias,
    allowHttpCallbacks: options.allowHttpCallbacks,
    callbackDelayMs: options.callbackDelayMs ?? 5000,
    postCallback: options.postCallback ?? postJsonCallback,
  });

  const refunds = createRefundEngine({
    clock: options.clock,
    logger: options.logger,
    payments: store,
    refunds: options.refundStore ?? createMemorySwishRefundStore(),
    payeeAlias: options.payeeAlias,
    allowHttpCallbacks: options.allowHttpCallbacks,
    callbackDelayMs: options.callbackDelayMs ?? 5000,
    postCallback: options.postRefundCallback ?? postJsonCallback,
  });

  const router = express.Router();
  router.use("/swish-cpcapi/api", createSwishApiRouter(engine, refunds));
  router.use(createSwishAppRouter(engine));

  const ready = Promise.all([engine.resume(), refunds.resume()]).then(() => undefined).catch((error: unknown) => {
    options.logger.error({ err: error }, "Swish simulator could not resume stored state");
  });

  const sweepIntervalMs = options.sweepIntervalMs ?? 15_000;
  const sweeper =
    sweepIntervalMs > 0
      ? setInterval(() => {
          engine.sweep().catch((error: unknown) => options.logger.error({ err: error }, "Swish simulator sweep failed"));
        }, sweepIntervalMs)
      : undefined;
  sweeper?.unref();

  return {
    router,
    approve: (id, payerAlias) => engine.approve(id, payerAlias),
    decline: (id) => engine.decline(id),
    store,
    ready,
    sweep: () => engine.sweep(),
    settled: async () => {
      await engine.settled();
      await refunds.settled();
    },
    close: () => {
      if (sweeper) clearInterval(sweeper);
      engine.close();
      refunds.close();
    },
  };
}
