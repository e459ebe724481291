import type { Kysely } from "kysely";
import type { DB } from "#db/schema";
import type { Mailer } from "../mail/mailer";
import type { SiteConfig } from "../site/site-config";
import type { DocumentRenderer } from "../documents/document-renderer";
import type { CardCatalogue } from "../cards/card-catalogue";
import type { JobContribution } from "../jobs/job-contribution";
import type { LinkTokens } from "../my-data/link-tokens";
import { INVOICE_JOB } from "../payments/invoice-provider";
import { RECEIPT_JOB } from "./gift-payment-outcomes";
import { sendInvoice } from "./send-invoice";
import { sendReceipt } from "./send-receipt";
import { REFUND_CONFIRMATION_JOB, sendRefundConfirmation } from "./refund-confirmation";

/** The gifts' e-mails: the invoice when an invoice payment starts, the receipt when a gift is paid, the word after a refund. */
export function giftJobs(deps: {
  db: Kysely<DB>;
  mailer: Mailer;
  site: SiteConfig;
  publicUrl: string;
  documents: DocumentRenderer;
  cards: CardCatalogue;
  /** A company's receipt and invoice carry a link to its own page (core/companies/company-links.ts). */
  companyLinks: LinkTokens;
}): JobContribution {
  return {
    jobs: {
      [RECEIPT_JOB]: (payload, attempt) => sendReceipt(deps, payload, attempt),
      [INVOICE_JOB]: (payload, attempt) => sendInvoice(deps, payload, attempt),
      [REFUND_CONFIRMATION_JOB]: (payload, attempt) => sendRefundConfirmation(deps, payload, attempt),
    },
    periodicTasks: [],
  };
}
