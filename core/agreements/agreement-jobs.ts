import type { Mailer } from "../mail/mailer";
import type { JobContribution } from "../jobs/job-contribution";
import type { JobHandler } from "../jobs/job-runner";
import type { PaymentOutcomeHandlers } from "../payments/payment-outcomes";
import { AGREEMENT_MAIL_JOB, type AgreementDeps } from "./agreement-records";
import { sendAgreementMail, type AgreementMailDeps } from "./agreement-mail";
import { CARD_CHARGE_JOB, CARD_RETRY_JOB, CARD_STORE_JOB, chargeStoredCard, retryCardCharge, storeCardOfPayment, type CardDebitDeps, type StoredCardGateway } from "./card-debits";
import { forgetUnusedStoredCards } from "./card-forgetting";

export interface AgreementJobDeps extends AgreementDeps {
  outcomes: PaymentOutcomeHandlers;
  /** What the agreements' e-mails need (agreement-mail.ts). */
  mail: AgreementMailDeps & { mailer: Mailer };
  /** Charging, reading and deleting stored cards at Mondido; null with card payments off, when no card agreement can exist. */
  cardGateway: StoredCardGateway | null;
  /** One round of the autogiro file exchange (request due debits, send, book the answers) and how often it runs. */
  autogiro: { everyMs: number; runRound(): Promise<void> };
}

/**
 * Monthly giving's and yearly renewal's jobs: the e-mails of an agreement's
 * life, the autogiro round, and by card the charges, their retries, keeping
 * the card a window payment stored, and deleting the cards no agreement
 * charges any more (decisions 0017, 0028, 0035).
 */
export function agreementJobs(deps: AgreementJobDeps): JobContribution {
  const { db, clock, logger, outcomes, cardGateway, autogiro } = deps;
  return {
    jobs: {
      [AGREEMENT_MAIL_JOB]: (payload) => sendAgreementMail(deps.mail, payload),
      ...(cardGateway ? cardAgreementJobs({ db, clock, logger, outcomes, gateway: cardGateway }) : {}),
    },
    periodicTasks: [
      { name: "autogiro", everyMs: autogiro.everyMs, run: () => autogiro.runRound() },
      ...(cardGateway
        ? [{ name: "forget-stored-cards", everyMs: 3600_000, run: async () => void (await forgetUnusedStoredCards({ db, clock, logger, gateway: cardGateway })) }]
        : []),
    ],
  };
}

/** The card jobs alone: charging a stored card, retrying a declined month, keeping the card a window payment stored. */
export function cardAgreementJobs(deps: CardDebitDeps): Record<string, JobHandler> {
  return {
    [CARD_CHARGE_JOB]: (payload, attempt) => chargeStoredCard(deps, payload, attempt),
    [CARD_RETRY_JOB]: (payload) => retryCardCharge(deps, payload),
    [CARD_STORE_JOB]: (payload) => storeCardOfPayment(deps, payload),
  };
}
