import type { Kysely, Transaction } from "kysely";
import type { CompanyGiftLimits } from "#core/companies/company-gift-form";
import type { Logger as PinoLogger } from "pino";
import { OffsetClock, systemClock, type Clock } from "#core/clock";
import type { SiteConfig } from "#core/site/site-config";
import { openDatabase, type Engine } from "#db/dialect";
import { migrateToLatest } from "#db/migrate";
import type { DB } from "#db/schema";
import { seedDemoData } from "#db/seed";
import { fundraiserJobs } from "#core/fundraisers/fundraiser-jobs";
import { boundedPictureProcessor, type PictureProcessor } from "#core/fundraisers/fundraiser-pictures";
import { sharpPictureProcessor } from "./picture-processing";
import { DbKeyValueStore } from "#db/kv-entries";
import { resolveServerSecrets } from "./persistent-secrets";
import { siteSettings, type ServerConfig } from "./config";
import type { SiteSettings } from "#app/site-settings";
import { createLogger } from "./logging";
import { createMailer } from "./mail/nodemailer-mailer";
import { buildPayments, type PaymentSetup } from "./payments";
import { paymentViewLinks } from "./api/payment-view";
import type { PaymentViewLinks } from "#core/payments/payment-view";
import type { Mailer } from "#core/mail/mailer";
import type { PaymentService } from "#core/payments/payment-service";
import type { RefundService } from "#core/payments/refund-service";
import { buildPaymentServices, emailPerRecipient } from "./payment-services";
import { JobRunner } from "#core/jobs/job-runner";
import { collectJobs } from "#core/jobs/job-contribution";
import type { PaymentOutcomeHandlers } from "#core/payments/payment-outcomes";
import type { BankPaymentFileReader } from "#core/payments/bank-payment-file-reader";
import { bgMaxFileReader } from "#integrations/bankgirot-bgmax/bgmax-file-reader";
import { paymentJobs } from "#core/payments/payment-jobs";
import { giftJobs } from "#core/gifts/gift-jobs";
import { orderJobs } from "#core/orders/order-jobs";
import { memorialJobs } from "#core/memorial/memorial-jobs";
import { postalFormJobs } from "#core/postal-forms/postal-form-jobs";
import { membershipJobs } from "#core/membership/membership-jobs";
import { agreementJobs } from "#core/agreements/agreement-jobs";
import { myDataJobs } from "#core/my-data/my-data-jobs";
import { companyJobs } from "#core/companies/company-jobs";
import { COMPANY_LINK_TOKENS, LinkTokens } from "#core/my-data/link-tokens";
import { webEventJobs } from "#core/tracking/web-event-jobs";
import type { RenderBackend, RenderService } from "#core/documents/bounded-renderer";
import type { GiftLimits } from "#core/gifts/gift-form";
import { buildDonorServices, type DonorServices } from "./donor-services";
import { RESEARCH_PAGE_PATHS, buildSearch, type SiteSearch } from "./search-setup";
import { SEARCH_PATH } from "#app/search/search-state";
import { buildMemorialServices, type MemorialServices } from "./memorial-services";
import { buildAgreementServices, type AgreementServices } from "./agreement-services";
import type { CachedResearchSource } from "#integrations/research-portal/cached-research-source";
import type { Router } from "express";
import { KyselyWebEventRepository } from "#core/tracking/web-event-repository";
import { createErrorReporter, type ErrorReporter } from "#app/error-reporting/error-reporter";
import { sentryEnvelopeTransport } from "#app/error-reporting/sentry-envelope";
import { HOUR_MS, MINUTE_MS, type RateLimit, type RateLimiter } from "#core/rate-limits/rate-limiter";
import { buildRateLimiter } from "./rate-limiter-setup";
import { buildDocumentRendering } from "./document-rendering";
import { cardCatalogue, type CardCatalogue } from "#core/cards/card-catalogue";
import { buildStaffServices, type StaffServices } from "./staff-services";
import { tokenSigningKey } from "#core/my-data/token-format";
import { RenderedPageCache } from "./page-cache";
import { ARTICLE_ADDRESS_WINDOW_DAYS, type ArticleLimits } from "#core/gift-documents/article-limits";
import { createSiteMetrics, type SiteMetrics } from "./metrics/site-metrics";
import { registerDatabaseGauges } from "./metrics/database-gauges";
import { registerDiskGauges, siteDirectories } from "./metrics/disk-gauges";
import { countedMailer, countedRenderer } from "./metrics/counted-services";
import { checkReadiness, type Readiness } from "./readiness";
import { buildTracing, type Tracing } from "./tracing";
import { ReducedMode } from "./reduced-mode";
import type { SpanProcessor } from "@opentelemetry/sdk-trace-base";
import { buildChangeNotifications, type ChangeNotifications } from "./live/change-notifications";
import { LiveFanOut, type LiveFeed } from "./live/live-fan-out";
import { EVERY_GIFT, galaTotalFeed } from "./live/gala-total";
import { GIFTS_CHANNEL } from "./live/gift-changes";
import type { CampaignTotal } from "#core/gifts/campaign-total";
import { registerLiveMetrics } from "./live/live-metrics";

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
  /** What gifts, orders, memberships and agreements do when a payment reaches an outcome (decision 0037); for whatever else moves payments (bank files, staff). */
  paymentOutcomes: PaymentOutcomeHandlers;
  /** Refunds through Swish's and Mondido's APIs (decision 0027). */
  refunds: RefundService;
  /** Reads the bank's files of incoming payments (Bankgirot's BgMax) for importBankFile. */
  bankFileReader: BankPaymentFileReader;
  paymentSetup: PaymentSetup;
  /** The provider links a payment's view shows (Swish app switch, card form), for the pages and the API alike. */
  paymentViews: PaymentViewLinks;
  jobs: JobRunner;
  /** Invoices, receipts and cards as PDF or PNG, from the templates in documents/, rendered in worker threads behind a bounded queue (decision 0039); jobs use `documents.background`. */
  documents: RenderService;
  giftLimits: GiftLimits;
  /** The company gift form's smallest amount (COMPANY_GIFT_MIN_KR) and largest logo (COMPANY_LOGO_MAX_KB). */
  companyGiftLimits: CompanyGiftLimits;
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
  /** Per-IP limits on memorial searches, one count per visitor shared by the JSON API and the page forms (RATE_LIMIT_MEMORIAL_SEARCHES_PER_MINUTE). */
  memorialSearchLimits: { deceased: RateLimit; parlours: RateLimit };
  /** One person or parlour by id, for giving a memorial gift (the same source, within the same window). */
  memorialLookup: MemorialServices["lookup"];
  /** Monthly giving: the autogiro file exchange with Bankgirot (server/agreement-services.ts). */
  agreements: AgreementServices;
  /** Companies as donors (decision 0047): the signed links to a company's own page, and the per-IP limit on asking for one. */
  companies: { links: LinkTokens; linkRequests: RateLimit };
  /** Server-side error reports (Sentry when SENTRY_DSN is set); scrubbed before they leave. */
  errorReporter: ErrorReporter;
  /** First-party web events from POST /api/RegisterWebEvent. */
  webEvents: KyselyWebEventRepository;
  /** Per-IP limit on memorial sheet previews, shared by POST /api/Gift/Preview and the preview image route. */
  previewLimiter: RateLimit;
  /** Per-IP limit on documents rendered on request (RATE_LIMIT_DOCUMENTS_PER_MINUTE): the PDF and PNG routes and the API's document downloads (decision 0039). */
  renderLimiter: RateLimit;
  /** The greeting-card catalogue (content/cards), checked at boot. */
  cards: CardCatalogue;
  /** Per-IP limit on ordering gift cards, certificates, diplomas and list orders (pages and API alike). */
  giftDocumentLimiter: RateLimit;
  /** Memorial collections: the key their manage links are signed with, the per-IP limits on opening and managing them, and the limit per deceased person. */
  collections: { linkKey: Buffer; openings: RateLimit; changes: RateLimit; perDeceased: RateLimit };
  /** Personal fundraisers (decision 0050): per-IP limits on starting and reporting them, and whether a page works before review. Manage links use collections.linkKey. */
  fundraisers: { starts: RateLimit; teamStarts: RateLimit; reports: RateLimit; visibleBeforeReview: boolean };
  /** Fundraisers' uploaded pictures (decision 0053): decoded by sharp one at a time per process (a few wait, the rest are refused), uploads limited per visitor, the largest file (FUNDRAISER_PICTURE_MAX_KB). */
  fundraiserPictures: { processor: PictureProcessor; uploads: RateLimit; maxBytes: number };
  /** A visitor's article lines: caps per order and per postal address (core/gift-documents/article-limits.ts). */
  articleLimits: ArticleLimits;
  /** E-mails to one address a visitor typed, whatever the kind (EMAIL_PER_RECIPIENT_PER_HOUR, core/mail/recipient-limit.ts). */
  recipientMail: RateLimit;
  /** The back office at /admin: staff, staff sessions, the audit log (server/staff-services.ts). */
  staff: StaffServices;
  /** Per-IP limit on ordering paper forms by post (POST /api/PostalForm); the per-address limit is counted in the database. */
  postalFormLimiter: RateLimit;
  /** Per-IP limit on opening a letter's link (GET /api/donor/{id}). */
  letterLinkLimiter: RateLimit;
  /** The site's one rate limiter (decision 0029): every limit above and the API's are made by it, counted in memory on SQLite and in the database on PostgreSQL. */
  rateLimiter: RateLimiter;
  /** The site's Prometheus metrics in a registry of its own, read at GET /metrics (decision 0043, server/metrics/). */
  metrics: SiteMetrics;
  /** OpenTelemetry's SDK when OTEL_EXPORTER_OTLP_ENDPOINT is set: spans per request, provider call and transaction (decision 0048, server/tracing.ts). */
  tracing: Tracing;
  /** Reduced mode (decision 0051): `isReduced()` is cheap, ask it per request; staff switch it in /admin/drift, event-loop lag switches it by itself. */
  reducedMode: ReducedMode;
  /** Live values as server-sent events, read once a second however many watch (decision 0049, server/live/); the change notifications they listen to. */
  live: {
    fanOut: LiveFanOut;
    notifications: ChangeNotifications;
    /** The gala's total since GALA_STARTS_AT (/gala, GET /api/live/total). */
    gala: LiveFeed<CampaignTotal>;
    /** When the gala's total begins (GALA_STARTS_AT, or every paid gift): staff's list of named gifts starts there too (/admin/gala). */
    galaStartsAt: string;
    /** Tells every instance's live totals to read again, inside `trx` (a change to what they show that is not a payment: a name hidden on the gala). */
    giftsChanged(trx: Transaction<DB>): Promise<void>;
    /**
     * Whether live widgets are off just now: the one question the gala page and its stream ask; the reduced
     * mode answers it (decision 0051).
     */
    widgetsOff(): boolean;
  };
  /** Whether this instance should get visitors: database, migrations, job loop (GET /readyz, server/readiness.ts). */
  readiness(): Promise<Readiness>;
  close(): Promise<void>;
}

export interface ContainerOverrides {
  clock?: Clock;
  logger?: PinoLogger;
  mailer?: Mailer;
  /** The render worker's entry in the production build (build/server/render-worker.js). */
  renderWorkerFile?: string;
  /** Renders with this instead of the engine or the pool (tests that hold renders to fill the queue). */
  renderBackend?: RenderBackend;
  /** Traces into this processor whatever the configuration says (tests, with an in-memory exporter). */
  spanProcessor?: SpanProcessor;
}

export async function buildContainer(config: ServerConfig, overrides: ContainerOverrides = {}): Promise<AppContainer> {
  const logger = overrides.logger ?? createLogger(config.LOG_LEVEL);
  // The end-to-end server's clock can be moved by tests (server/test-routes.ts); everywhere else it is real time.
  const clock = overrides.clock ?? (config.ENABLE_TEST_ROUTES ? new OffsetClock() : systemClock);
  const site = config.site;
  // First, so that the migrations' transactions are traced too.
  const tracing = buildTracing(config, logger, overrides.spanProcessor);
  const { db, engine, schema } = openDatabase(config.DATABASE_URL, {
    onIdleConnectionError: (error) => logger.warn({ err: error.message }, "database connection ended while idle; the pool opens another when needed"),
  });
  const applied = await migrateToLatest(db, engine, schema);
  if (applied.length > 0) logger.info({ migrations: applied }, "database migrated");
  if (config.SEED_DEMO_DATA) await seedDemoData(db, clock);
  const secrets = await resolveServerSecrets(config, new DbKeyValueStore(db, clock));

  const metrics = createSiteMetrics();
  registerDatabaseGauges(metrics.registry, { db, clock });
  registerDiskGauges(metrics.registry, siteDirectories(config));
  const mailer = countedMailer(
    overrides.mailer ??
      createMailer({ smtpUrl: config.SMTP_URL, mailDir: config.MAIL_DIR, from: config.MAIL_FROM ?? `${site.name} <${site.email}>`, timeoutMs: config.SMTP_TIMEOUT_MS }),
    metrics,
  );
  const paymentSetup = buildPayments(config, site, clock, logger, secrets);
  const errorReporter = createErrorReporter({
    dsn: config.SENTRY_DSN,
    send: config.SENTRY_DSN ? sentryEnvelopeTransport(config.SENTRY_DSN, fetch) : () => {},
    logger,
    platform: "node",
    environment: config.NODE_ENV,
  });
  const webEvents = new KyselyWebEventRepository(db);
  const documents = countedRenderer(
    buildDocumentRendering(config, logger, { workerFile: overrides.renderWorkerFile, backend: overrides.renderBackend }),
    metrics,
    Math.max(1, config.RENDER_WORKERS),
  );
  // Read and checked now: a wrong entry in the catalogue stops the server at start, not a donor later.
  const cards = cardCatalogue();
  const rateLimiter = buildRateLimiter({ db, engine, clock, logger, onRefused: (limit) => metrics.rateLimitRefusals.inc({ limit }) });
  const donors = buildDonorServices(config, { db, clock, logger, rateLimiter }, secrets.secretKey);
  // A company's own page (decision 0047): the My data link machinery, with the company's tokens in their own table.
  const companies = {
    links: new LinkTokens({ db, clock }, secrets.secretKey, config.MY_DATA_LINK_TTL_HOURS * 3_600_000, COMPANY_LINK_TOKENS),
    linkRequests: rateLimiter.limit("company-links", config.RATE_LIMIT_MY_DATA_PER_MINUTE, MINUTE_MS),
  };
  const collections = {
    linkKey: tokenSigningKey(secrets.secretKey),
    openings: rateLimiter.limit("collection-openings", config.RATE_LIMIT_MEMORIAL_COLLECTIONS_PER_HOUR, HOUR_MS),
    changes: rateLimiter.limit("collection-changes", config.RATE_LIMIT_COLLECTION_CHANGES_PER_MINUTE, MINUTE_MS),
    perDeceased: rateLimiter.limit("collections-per-deceased", config.MEMORIAL_COLLECTIONS_PER_DECEASED_PER_DAY, 24 * HOUR_MS),
  };
  const fundraisers = {
    starts: rateLimiter.limit("fundraiser-starts", config.RATE_LIMIT_FUNDRAISER_STARTS_PER_HOUR, HOUR_MS),
    // Starting a team (decision 0052) costs what starting a fundraiser does: a page and its manage link by e-mail.
    teamStarts: rateLimiter.limit("fundraiser-team-starts", config.RATE_LIMIT_FUNDRAISER_STARTS_PER_HOUR, HOUR_MS),
    reports: rateLimiter.limit("fundraiser-reports", config.RATE_LIMIT_FUNDRAISER_REPORTS_PER_HOUR, HOUR_MS),
    visibleBeforeReview: config.FUNDRAISERS_VISIBLE_BEFORE_REVIEW,
  };
  const fundraiserPictures = {
    processor: boundedPictureProcessor(sharpPictureProcessor(), { concurrency: 1, queueMax: 4 }),
    uploads: rateLimiter.limit("fundraiser-pictures", config.RATE_LIMIT_FUNDRAISER_PICTURES_PER_HOUR, HOUR_MS),
    maxBytes: config.FUNDRAISER_PICTURE_MAX_KB * 1024,
  };
  const recipientMail = emailPerRecipient(rateLimiter, config);
  const notifications = buildChangeNotifications(engine, config.DATABASE_URL, logger);
  const live = {
    notifications,
    fanOut: new LiveFanOut({ notifications, logger, maxSubscribers: config.LIVE_MAX_SUBSCRIBERS }),
    gala: galaTotalFeed(db, config.GALA_STARTS_AT),
    galaStartsAt: config.GALA_STARTS_AT ?? EVERY_GIFT,
    giftsChanged: (trx: Transaction<DB>) => notifications.notify(trx, GIFTS_CHANNEL),
    // The reduced mode is built below; asked only once requests come.
    widgetsOff: () => reducedMode.isReduced(),
  };
  registerLiveMetrics(metrics.registry, live.fanOut);
  const { payments, refunds, outcomes: paymentOutcomes } = buildPaymentServices(
    config,
    { db, engine, clock, logger, rateLimiter, metrics, notifications },
    paymentSetup,
  );
  const agreements = buildAgreementServices(config, site, { db, clock, logger, outcomes: paymentOutcomes }, collections.linkKey);
  // What the areas' e-mail jobs share; each area says which jobs and periodic tasks it has.
  // Jobs' renders wait their turn rather than being refused when visitors fill the queue.
  const mail = { db, clock, mailer, site, publicUrl: config.publicUrl, documents: documents.background, cards };
  const jobs = new JobRunner({
    db,
    engine,
    clock,
    logger,
    ...collectJobs([
      paymentJobs({ payments, refunds, reconcileEveryMs: config.RECONCILE_INTERVAL_MS }),
      giftJobs({ ...mail, companyLinks: companies.links }),
      orderJobs(mail),
      memorialJobs({ ...mail, linkKey: collections.linkKey }),
      fundraiserJobs({ ...mail, linkKey: collections.linkKey, recipientMail, logger }),
      postalFormJobs(mail),
      membershipJobs({ ...mail, feeKr: config.MEMBERSHIP_FEE_KR }),
      agreementJobs({
        db,
        clock,
        logger,
        outcomes: paymentOutcomes,
        mail: { ...mail, raiseLink: agreements.raiseLink, cardLink: agreements.cardLink },
        cardGateway: paymentSetup.storedCardGateway,
        autogiro: { everyMs: config.AUTOGIRO_INTERVAL_MS, runRound: agreements.runRound },
      }),
      myDataJobs({ ...mail, tokens: donors.links }),
      companyJobs({ ...mail, companyLinks: companies.links }),
      webEventJobs({ webEvents, clock, retentionDays: config.WEB_EVENT_RETENTION_DAYS }),
    ]),
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
  const reducedMode = new ReducedMode({
    store: new DbKeyValueStore(db, clock),
    clock,
    logger,
    registry: metrics.registry,
    thresholdMs: config.REDUCED_MODE_LAG_MS,
    calmMs: config.REDUCED_MODE_CALM_MS,
  });
  await reducedMode.start();
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
    paymentOutcomes,
    refunds,
    bankFileReader: bgMaxFileReader,
    paymentSetup,
    paymentViews: paymentViewLinks(config.publicUrl, site, paymentSetup),
    jobs,
    documents,
    giftLimits: { minKr: config.GIFT_MIN_KR, maxKr: config.GIFT_MAX_KR },
    companyGiftLimits: { minKr: config.COMPANY_GIFT_MIN_KR, logoMaxBytes: config.COMPANY_LOGO_MAX_KB * 1024 },
    membershipFeeKr: config.MEMBERSHIP_FEE_KR,
    pageCache,
    donors,
    companies,
    search: searchSetup.search,
    research: searchSetup.research,
    researchSimulator: searchSetup.researchSimulator,
    memorial,
    memorialLookup: memorial.lookup,
    memorialSearchLimits: {
      deceased: rateLimiter.limit("deceased-searches", config.RATE_LIMIT_MEMORIAL_SEARCHES_PER_MINUTE, MINUTE_MS),
      parlours: rateLimiter.limit("parlour-searches", config.RATE_LIMIT_MEMORIAL_SEARCHES_PER_MINUTE, MINUTE_MS),
    },
    agreements,
    errorReporter,
    webEvents,
    cards,
    previewLimiter: rateLimiter.limit("previews", config.RATE_LIMIT_PREVIEWS_PER_MINUTE, MINUTE_MS),
    renderLimiter: rateLimiter.limit("documents", config.RATE_LIMIT_DOCUMENTS_PER_MINUTE, MINUTE_MS),
    giftDocumentLimiter: rateLimiter.limit("gift-documents", config.RATE_LIMIT_PAYMENT_STARTS_PER_MINUTE, MINUTE_MS),
    collections,
    fundraisers,
    fundraiserPictures,
    staff: buildStaffServices(config, { db, clock, rateLimiter }, secrets.secretKey),
    postalFormLimiter: rateLimiter.limit("postal-forms", config.RATE_LIMIT_POSTAL_FORMS_PER_HOUR, HOUR_MS),
    letterLinkLimiter: rateLimiter.limit("letter-links", config.RATE_LIMIT_LETTER_LINKS_PER_MINUTE, MINUTE_MS),
    recipientMail,
    articleLimits: {
      linesPerOrder: config.ARTICLE_LINES_PER_ORDER,
      quantityPerOrder: config.ARTICLE_QUANTITY_PER_ORDER,
      perAddress: rateLimiter.limit("articles-per-address", config.ARTICLE_LINES_PER_ADDRESS, ARTICLE_ADDRESS_WINDOW_DAYS * 24 * HOUR_MS),
    },
    rateLimiter,
    metrics,
    tracing,
    reducedMode,
    live,
    readiness: () =>
      checkReadiness({ db, engine, schema, clock, logger, jobsLastAlive: () => jobs.lastAlive, jobsStaleAfterMs: config.READY_JOBS_STALE_AFTER_MS }),
    async close() {
      reducedMode.stop();
      await live.fanOut.close();
      await notifications.close();
      jobs.stop();
      await searchSetup.search.stop();
      paymentSetup.close();
      await documents.close();
      await db.destroy();
      await tracing.shutdown();
    },
  };
}
