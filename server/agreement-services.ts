import path from "node:path";
import type { Kysely } from "kysely";
import type { Clock } from "#core/clock";
import type { Logger } from "#core/logger";
import type { DB } from "#db/schema";
import type { SiteConfig } from "#core/site/site-config";
import type { PaymentOutcomeHandlers } from "#core/payments/payment-outcomes";
import { requestDueDebits } from "#core/agreements/agreement-service";
import { receiveAutogiroFiles, sendAutogiroRequests, type AutogiroExchangeDeps } from "#core/agreements/autogiro-exchange";
import { signRaiseLink } from "#core/agreements/raise-link";
import { signCardLink } from "#core/agreements/card-link";
import { DirectoryAutogiroFileTransfer } from "#integrations/bankgirot-autogiro/file-transfer";
import { autogiroFormat } from "#integrations/bankgirot-autogiro/format";
import { AutogiroSimulator } from "#integrations/bankgirot-autogiro/simulator/autogiro-simulator";
import type { ServerConfig } from "./config";

/**
 * Monthly giving's connection to Bankgirot, built once at boot: the outbox
 * and inbox directories, the simulator on them in simulator mode, and the
 * round that the job runner repeats (request due debits, send the request
 * file, let the simulator answer, book the answers).
 */
export interface AgreementServices {
  exchange: AutogiroExchangeDeps;
  simulator: AutogiroSimulator | null;
  /** One round of the exchange; also what the e2e clock route triggers through the job runner. */
  runRound(): Promise<void>;
  /** The key "Höj ditt månadsbelopp" links are signed with (the link-token key of decision 0006). */
  linkKey: Buffer;
  /** A fresh signed raise link for an e-mail. */
  raiseLink(agreementId: string): string;
  /** A fresh signed "Ge ett nytt kort" link for a card agreement's e-mail (decision 0028). */
  cardLink(agreementId: string): string;
}

type AgreementConfig = Pick<
  ServerConfig,
  | "AUTOGIRO_MODE"
  | "AUTOGIRO_OUTBOX_DIR"
  | "AUTOGIRO_INBOX_DIR"
  | "AUTOGIRO_ARCHIVE_DIR"
  | "BANKGIROT_CUSTOMER_NUMBER"
  | "SIMULATOR_STATE_DIR"
  | "publicUrl"
>;

export function buildAgreementServices(
  config: AgreementConfig,
  site: SiteConfig,
  deps: { db: Kysely<DB>; clock: Clock; logger: Logger; outcomes: PaymentOutcomeHandlers },
  linkKey: Buffer,
): AgreementServices {
  const transfer = new DirectoryAutogiroFileTransfer(
    { outboxDir: config.AUTOGIRO_OUTBOX_DIR, inboxDir: config.AUTOGIRO_INBOX_DIR, archiveDir: config.AUTOGIRO_ARCHIVE_DIR },
    deps.clock,
  );
  const exchange: AutogiroExchangeDeps = {
    ...deps,
    format: autogiroFormat,
    transfer,
    customerNumber: config.BANKGIROT_CUSTOMER_NUMBER,
    bankgiro: site.bankgiro,
  };
  const simulator =
    config.AUTOGIRO_MODE === "simulator"
      ? new AutogiroSimulator({
          outboxDir: config.AUTOGIRO_OUTBOX_DIR,
          inboxDir: config.AUTOGIRO_INBOX_DIR,
          stateDir: path.join(config.SIMULATOR_STATE_DIR, "bankgirot-autogiro"),
          clock: deps.clock,
          customerNumber: config.BANKGIROT_CUSTOMER_NUMBER,
          bankgiro: site.bankgiro,
        })
      : null;
  return {
    exchange,
    simulator,
    linkKey,
    cardLink: (agreementId) =>
      `${config.publicUrl}/ge-en-gava/manadsgava/kort?${new URLSearchParams({ token: signCardLink(linkKey, agreementId, deps.clock.now()) })}`,
    raiseLink: (agreementId) =>
      `${config.publicUrl}/ge-en-gava/manadsgava/hoj?${new URLSearchParams({ token: signRaiseLink(linkKey, agreementId, deps.clock.now()) })}`,
    async runRound() {
      await requestDueDebits(deps);
      await sendAutogiroRequests(exchange);
      if (simulator) await simulator.runUntil(deps.clock.now());
      await receiveAutogiroFiles(exchange);
    },
  };
}
