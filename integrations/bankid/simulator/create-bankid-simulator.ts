import express from "express";
import type { Clock } from "#core/clock";
import type { Logger } from "#core/logger";
import { createBankIdApiRouter } from "./api-router";
import { createBankIdAppRouter } from "./app-router";
import { createInMemoryOrderStore, type BankIdOrderStore } from "./order-store";
import { SimulatedBankId } from "./simulated-bankid";
import { DEFAULT_BANKID_TEST_PERSONS, type BankIdTestPerson } from "./test-persons";

export interface BankIdSimulatorOptions {
  clock: Clock;
  logger: Logger;
  /** Defaults to memory; use createFileOrderStore("var/sim/bankid-orders.json") to survive restarts. */
  store?: BankIdOrderStore;
  testPersons?: readonly BankIdTestPerson[];
}

/**
 * The local stand-in for BankID. Mount the router at `/_sim/bankid` (only
 * when BankID is configured to use the simulator, never in production):
 *
 *   - `POST /_sim/bankid/rp/v6.0/auth|sign|collect|cancel` — the API; point
 *     BankIdClient's baseUrl at `<origin>/_sim/bankid/rp/v6.0`.
 *   - `GET /_sim/bankid/` — the tester's "BankID app".
 *   - `GET /_sim/bankid/open?autostarttoken=…` — target of the same-device link.
 *
 * Mount it before any global JSON body parser, or give it the raw body: the
 * API checks the media type itself, as BankID does.
 */
export function createBankIdSimulator(options: BankIdSimulatorOptions): { router: express.Router; bankId: SimulatedBankId } {
  const bankId = new SimulatedBankId({
    clock: options.clock,
    logger: options.logger,
    store: options.store ?? createInMemoryOrderStore(),
    testPersons: options.testPersons ?? DEFAULT_BANKID_TEST_PERSONS,
  });
  const router = express.Router();
  router.use(createBankIdApiRouter(bankId, options.logger));
  router.use(createBankIdAppRouter(bankId));
  return { router, bankId };
}
