import type { Kysely } from "kysely";
import type { Clock } from "../core/clock";
import type { Logger } from "../core/logger";
import type { DB } from "../db/schema";
import type { JobHandler, PeriodicTask } from "../core/jobs/job-runner";
import { forgetUnusedStoredCards } from "../core/agreements/card-forgetting";
import { CARD_CHARGE_JOB, CARD_RETRY_JOB, CARD_STORE_JOB, chargeStoredCard, retryCardCharge, storeCardOfPayment } from "../core/agreements/card-debits";
import { MondidoCardGateway } from "../integrations/mondido/mondido-card-gateway";
import type { PaymentSetup } from "./payments";

/**
 * The jobs of monthly giving by card (decision 0028): charging a stored card,
 * retrying a declined month, keeping the card a window payment stored. With
 * card payments switched off there is no gateway, and no card agreement can
 * have been made.
 */
export function cardAgreementJobs(deps: { db: Kysely<DB>; clock: Clock; logger: Logger }, payments: Pick<PaymentSetup, "mondido">): Record<string, JobHandler> {
  const mondido = payments.mondido;
  if (!mondido) return {};
  const cardDeps = { ...deps, gateway: new MondidoCardGateway(mondido.client, mondido.storedCards) };
  return {
    [CARD_CHARGE_JOB]: (payload, attempt) => chargeStoredCard(cardDeps, payload, attempt),
    [CARD_RETRY_JOB]: (payload) => retryCardCharge(deps, payload),
    [CARD_STORE_JOB]: (payload) => storeCardOfPayment(cardDeps, payload),
  };
}

/** Deleting at Mondido the cards no agreement charges any more (decision 0035), hourly; nothing without card payments. */
export function storedCardForgetting(deps: { db: Kysely<DB>; clock: Clock; logger: Logger }, payments: Pick<PaymentSetup, "mondido">): PeriodicTask[] {
  const mondido = payments.mondido;
  if (!mondido) return [];
  const gateway = new MondidoCardGateway(mondido.client, mondido.storedCards);
  return [{ name: "forget-stored-cards", everyMs: 3600_000, run: async () => void (await forgetUnusedStoredCards({ ...deps, gateway })) }];
}
