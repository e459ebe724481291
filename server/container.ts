import type { Kysely } from "kysely";
import type { Logger as PinoLogger } from "pino";
import { OffsetClock, systemClock, type Clock } from "../core/clock";
import type { SiteConfig } from "../core/site/site-config";
import { openDatabase, type Engine } from "../db/dialect";
import { migrateToLatest } from "../db/migrate";
import type { DB } from "../db/schema";
import { seedDemoData } from "../db/seed";
import { DbKeyValueStore } from "../db/kv-entries";
import { resolveServerSecrets } from "./persistent-secrets";
import { siteSettings, type ServerConfig } from "./config";
import type { SiteSettings } from "../app/site-settings";
import { createLogger } from "./logging";
import { createMailer } from "./mail/nodemailer-mailer";
import { buildPayments, type PaymentSetup } from "./payments";
import { paymentViewLinks } from "./api/payment-view";
import type { PaymentViewLinks } from "../core/payments/payment-view";
import type { Mailer } from "../core/mail/mailer";
import { PaymentService } from "../core/payments/payment-service";
import { RefundService } from "../core/payments/refund-service";
import { JobRunner } from "../core/jobs/job-runner";
import { RECEIPT_JOB } from "../core/payments/payment-transitions";
import { sendReceipt } from "../core/gifts/send-receipt";
import { INVOICE_JOB, sendInvoice } from "../core/gifts/send-invoice";
import { DELIVER_ORDER_ITEM_JOB, deliverOrderItem } from "../core/orders/order-delivery";
import type { DocumentRenderer } from "../core/documents/document-renderer";
import { createDocumentEngine } from "../documents/document-engine.server";
import type { GiftLimits } from "../core/gifts/gift-form";
import { buildDonorServices, type DonorServices } from "./donor-services";
import { RESEARCH_PAGE_PATHS, buildSearch, type SiteSearch } from "./search-setup";
import { SEARCH_PATH } from "../app/search/search-state";
import { buildMemorialServices, type MemorialServices } from "./memorial-services";
import { buildAgreementServices, type AgreementServices } from "./agreement-services";
import { AGREEMENT_MAIL_JOB } from "../core/agreements/agreement-service";
import { cardAgreementJobs, storedCardForgetting } from "./card-agreement-jobs";
import { sendAgreementMail } from "../core/agreements/agreement-mail";
import type { CachedResearchSource } from "../integrations/research-portal/cached-research-source";
import type { Router } from "express";
import { KyselyWebEventRepository } from "../core/tracking/web-event-repository";
import { createErrorReporter, type ErrorReporter } from "../app/error-reporting/error-reporter";
import { sentryEnvelopeTransport } from "../app/error-reporting/sentry-envelope";
import { HOUR_MS, MINUTE_MS, type RateLimit, type RateLimiter } from "../core/rate-limits/rate-limiter";
import { buildRateLimiter } from "./rate-limiter-setup";
import { cardCatalogue, type CardCatalogue } from "../core/cards/card-catalogue";
import { currentVisitor } from "./request-visitor";
import { buildStaffServices, type StaffServices } from "./staff-services";
import { tokenSigningKey } from "../core/my-data/token-format";
import { RENEWAL_REMINDER_JOB, queueRenewalReminders, sendRenewalReminder } from "../core/membership/renewal-reminder";
import { COLLECTION_LINK_JOB, COLLECTION_SHEETS_JOB, sendCollectionLink, sendCollectionSheets } from "../core/memorial/collection-service";
import { POSTAL_FORM_CONFIRMATION_JOB, sendPostalFormConfirmation } from "../core/postal-forms/postal-form-confirmation";
import { RenderedPageCache } from "./page-cache";
import { MY_DATA_LINK_JOB, sendMyDataLink } from "../core/my-data/my-data-link-mail";

/**
 * Everything the server needs, built once at boot and passed down: to the API
 * routers as an argument and to React Router loaders through the typed context.
 * Nothing opens a connection on import.
 */
export interface AppContainer {
  config: ServerConfig;
  site: SiteConfig;
  /** What pages show of the configuration (site, browser settings); loaders read it from siteSettingsContext. */
  siteSettings: SiteSettings;
  db: Kysely<DB>;
  engine: Engine;
  clock: Clock;
  logger: PinoLogger;
  mailer: Mailer;
  payments: PaymentService;
  /** Refunds through Swish's and Mondido's APIs (decision 0027). */
  refunds: RefundService;
  paymentSetup: PaymentSetup;
  /** The provider links a payment's view shows (Swish app switch, card form), for the pages and the API alike. */
  paymentViews: PaymentViewLinks;
  jobs: JobRunner;
  /** Invoices, receipts and cards as PDF or PNG, from the templates in documents/. */
  documents: DocumentRenderer;
  giftLimits: GiftLimits;
  /** A year's membership fee in whole kronor (MEMBERSHIP_FEE_KR). */
  membershipFeeKr: number;
  /** Rendered gift forms, search results and research pages kept for anonymous visitors (server/page-cache.ts). */
  pageCache: RenderedPageCache;
  /** BankID, donor sessions, population register, My data links (server/donor-services.ts). */
  donors: DonorServices;
  /** Site search: engine, index names, suggestions; rebuilt when research projects change. */
  search: SiteSearch;
  /** Approved research projects from the portal, cached (stale-while-revalidate). */
  research: CachedResearchSource;
  /** Mounted at /_sim/research-portal when the portal runs simulated. */
  researchSimulator: Router | null;
  /** The memorial gift's searches: the death-notice source and its window (server/memorial-services.ts). */
  memorial: MemorialServices;
  /** One person or parlour by id, for giving a memorial gift (the same source, within the same window). */
  memorialLookup: MemorialServices["lookup"];
  /** Monthly giving: the autogiro file exchange with Bankgirot (server/agreement-services.ts). */
  agreements: AgreementServices;
  /** Server-side error reports (Sentry when SENTRY_DSN is set); scrubbed before they leave. */
  errorReporter: ErrorReporter;
  /** First-party web events from POST /api/RegisterWebEvent. */
  webEvents: KyselyWebEventRepository;
  /** Per-IP limit on memorial sheet previews, shared by POST /api/Gift/Preview and the preview image route. */
  previewLimiter: RateLimit;
  /** The greeting-card catalogue (content/cards), checked at boot. */
  cards: CardCatalogue;
  /** Per-IP limit on ordering gift cards, certificates, diplomas and list orders (pages and API alike). */
  giftDocumentLimiter: RateLimit;
  /** Memorial collections: the key their manage links are signed with, and the per-IP limits on opening and managing them. */
  collections: { linkKey: Buffer; openings: RateLimit; changes: RateLimit };
  /** The back office at /admin: staff, staff sessions, the audit log (server/staff-services.ts). */
  staff: StaffServices;
  /** Per-IP limit on ordering paper forms by post (POST /api/PostalForm); the per-address limit is counted in the database. */
  postalFormLimiter: RateLimit;
  /** Per-IP limit on opening a letter's link (GET /api/donor/{id}). */
  letterLinkLimiter: RateLimit;
  /** The site's one rate limiter (decision 0029): every limit above and the API's are made by it, counted in memory on SQLite and in the database on PostgreSQL. */
  rateLimiter: RateLimiter;
  close(): Promise<void>;
}

export interface ContainerOverrides {
  clock?: Clock;
  logger?: PinoLogger;
  mailer?: Mailer;
}

export async function buildContainer(config: ServerConfig, overrides: ContainerOverrides = {}): Promise<AppContainer> {
  const logger = overrides.logger ?? createLogger(config.LOG_LEVEL);
  // The end-to-end server's clock can be moved by tests (server/test-routes.ts); everywhere else it is real time.
  const clock = overrides.clock ?? (config.ENABLE_TEST_ROUTES ? new OffsetClock() : systemClock);
  const site = config.site;
  const { db, engine, schema } = openDatabase(config.DATABASE_URL);
  const applied = await migrateToLatest(db, engine, schema);
  if (applied.length > 0) logger.info({ migrations: applied }, "database migrated");
  if (config.SEED_DEMO_DATA) await seedDemoData(db, clock);
  const secrets = await resolveServerSecrets(config, new DbKeyValueStore(db, clock));

  const mailer =
    overrides.mailer ??
    createMailer({ smtpUrl: config.SMTP_URL, mailDir: config.MAIL_DIR, from: config.MAIL_FROM ?? `${site.name} <${site.email}>`, timeoutMs: config.SMTP_TIMEOUT_MS });
  const paymentSetup = buildPayments(config, site, clock, logger, secrets);
  const errorReporter = createErrorReporter({
    dsn: config.SENTRY_DSN,
    send: config.SENTRY_DSN ? sentryEnvelopeTransport(config.SENTRY_DSN, fetch) : () => {},
    logger,
    platform: "node",
    environment: config.NODE_ENV,
  });
  const webEvents = new KyselyWebEventRepository(db);
  const documents = createDocumentEngine(site);
  // Read and checked now: a wrong entry in the catalogue stops the server at start, not a donor later.
  const cards = cardCatalogue();
  // Outside tests the fonts load at boot: the first donor does not wait for them, and a build that cannot find them says so at once.
  if (config.NODE_ENV !== "test") documents.warmUp().catch((err: unknown) => logger.error({ err }, "document engine: fonts could not be loaded"));
  const rateLimiter = buildRateLimiter({ db, engine, clock, logger });
  const donors = buildDonorServices(config, { db, clock, logger, rateLimiter }, secrets.secretKey);
  const collections = {
    linkKey: tokenSigningKey(secrets.secretKey),
    openings: rateLimiter.limit("collection-openings", config.RATE_LIMIT_MEMORIAL_COLLECTIONS_PER_HOUR, HOUR_MS),
    changes: rateLimiter.limit("collection-changes", config.RATE_LIMIT_COLLECTION_CHANGES_PER_MINUTE, MINUTE_MS),
  };
  const collectionMail = { db, clock, mailer, site, documents, publicUrl: config.publicUrl, linkKey: collections.linkKey };
  const payments = new PaymentService({
    db,
    engine,
    clock,
    logger,
    providers: paymentSetup.providers,
    startLimits: {
      visitor: currentVisitor,
      perVisitor: rateLimiter.limit("payment-starts-per-visitor", config.RATE_LIMIT_PAYMENT_STARTS_PER_MINUTE, MINUTE_MS),
      perPayer: rateLimiter.limit("swish-requests-per-phone", config.RATE_LIMIT_SWISH_REQUESTS_PER_PHONE, 15 * MINUTE_MS),
    },
  });
  const refunds = new RefundService({ db, engine, clock, logger, adapters: paymentSetup.refundAdapters });
  const agreements = buildAgreementServices(config, site, { db, clock, logger }, collections.linkKey);
  const jobs = new JobRunner({
    db,
    engine,
    clock,
    logger,
    handlers: {
      [RECEIPT_JOB]: (payload, attempt) => sendReceipt({ db, mailer, site, publicUrl: config.publicUrl, documents, cards }, payload, attempt),
      [INVOICE_JOB]: (payload, attempt) => sendInvoice({ db, mailer, site, documents }, payload, attempt),
      [DELIVER_ORDER_ITEM_JOB]: (payload, attempt) => deliverOrderItem({ db, clock, mailer, site, documents, publicUrl: config.publicUrl, cards }, payload, attempt),
      [COLLECTION_LINK_JOB]: (payload) => sendCollectionLink(collectionMail, payload),
      [COLLECTION_SHEETS_JOB]: (payload) => sendCollectionSheets(collectionMail, payload),
      [POSTAL_FORM_CONFIRMATION_JOB]: (payload) => sendPostalFormConfirmation({ db, mailer, site }, payload),
      [RENEWAL_REMINDER_JOB]: (payload) => sendRenewalReminder({ db, mailer, site, publicUrl: config.publicUrl, feeKr: config.MEMBERSHIP_FEE_KR }, payload),
      [AGREEMENT_MAIL_JOB]: (payload) =>
        sendAgreementMail({ db, mailer, site, publicUrl: config.publicUrl, raiseLink: agreements.raiseLink, cardLink: agreements.cardLink }, payload),
      ...cardAgreementJobs({ db, clock, logger }, paymentSetup),
      [MY_DATA_LINK_JOB]: (payload) => sendMyDataLink({ db, mailer, site, publicUrl: config.publicUrl, tokens: donors.links }, payload),
    },
    periodic: [
      { name: "reconcile-swish", everyMs: config.RECONCILE_INTERVAL_MS, run: async () => void (await payments.reconcile("HLFSwish")) },
      { name: "reconcile-card", everyMs: config.RECONCILE_INTERVAL_MS, run: async () => void (await payments.reconcile("Mondido")) },
      { name: "reconcile-refunds", everyMs: config.RECONCILE_INTERVAL_MS, run: async () => void (await refunds.reconcile()) },
      { name: "reconcile-bank", everyMs: config.RECONCILE_INTERVAL_MS, run: async () => void (await payments.reconcile("Brite")) },
      { name: "membership-reminders", everyMs: 3600_000, run: async () => void (await queueRenewalReminders({ db, clock })) },
      { name: "autogiro", everyMs: config.AUTOGIRO_INTERVAL_MS, run: () => agreements.runRound() },
      ...storedCardForgetting({ db, clock, logger }, paymentSetup),
      // Invoices change only by bank file; this only ends the ones long overdue.
      { name: "expire-invoices", everyMs: 3600_000, run: async () => void (await payments.reconcile("Invoice", { checkOlderThanMs: 3600_000 })) },
      {
        name: "purge-web-events",
        everyMs: 60 * 60_000,
        run: async () => {
          const cutoff = new Date(clock.now().getTime() - config.WEB_EVENT_RETENTION_DAYS * 86_400_000);
          await webEvents.purgeReceivedBefore(cutoff);
        },
      },
    ],
  });

  const pageCache = new RenderedPageCache({ maxEntries: config.PAGE_CACHE_MAX_ENTRIES, ttlMs: config.PAGE_CACHE_TTL_MS, now: () => clock.now().getTime() });
  // A rebuilt index answers searches differently, and it is rebuilt when the research list changes.
  const searchSetup = await buildSearch({
    config,
    site,
    db,
    clock,
    logger,
    onRebuilt: () => pageCache.dropPages([SEARCH_PATH, RESEARCH_PAGE_PATHS.sv, RESEARCH_PAGE_PATHS.en]),
  });

  const memorial = buildMemorialServices(config, { clock, logger });
  return {
    config,
    site,
    siteSettings: siteSettings(config),
    db,
    engine,
    clock,
    logger,
    mailer,
    payments,
    refunds,
    paymentSetup,
    paymentViews: paymentViewLinks(config.publicUrl, site, paymentSetup),
    jobs,
    documents,
    giftLimits: { minKr: config.GIFT_MIN_KR, maxKr: config.GIFT_MAX_KR },
    membershipFeeKr: config.MEMBERSHIP_FEE_KR,
    pageCache,
    donors,
    search: searchSetup.search,
    research: searchSetup.research,
    researchSimulator: searchSetup.researchSimulator,
    memorial,
    memorialLookup: memorial.lookup,
    agreements,
    errorReporter,
    webEvents,
    cards,
    previewLimiter: rateLimiter.limit("previews", config.RATE_LIMIT_PREVIEWS_PER_MINUTE, MINUTE_MS),
    giftDocumentLimiter: rateLimiter.limit("gift-documents", config.RATE_LIMIT_PAYMENT_STARTS_PER_MINUTE, MINUTE_MS),
    collections,
    staff: buildStaffServices(config, { db, clock, rateLimiter }, secrets.secretKey),
    postalFormLimiter: rateLimiter.limit("postal-forms", config.RATE_LIMIT_POSTAL_FORMS_PER_HOUR, HOUR_MS),
    letterLinkLimiter: rateLimiter.limit("letter-links", config.RATE_LIMIT_LETTER_LINKS_PER_MINUTE, MINUTE_MS),
    rateLimiter,
    async close() {
      jobs.stop();
      await searchSetup.search.stop();
      paymentSetup.close();
      await db.destroy();
    },
  };
}
