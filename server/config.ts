import fs from "node:fs";
import os from "node:os";
import { z } from "zod";
import { parseDsn } from "#app/error-reporting/sentry-envelope";
import { publicClientConfig } from "#app/client/public-config.server";
import type { SiteSettings } from "#app/site-settings";
import { parseSiteConfig, type SiteConfig } from "#core/site/site-config";

/**
 * All runtime configuration comes from environment variables, validated once at
 * boot. A bad value stops the process with a message that names the variable.
 * Every variable is documented in docs/configuration.md and .env.example (a test keeps the
 * three in step). This is the only module that reads the environment
 * (`readEnvironment`); everything else is handed the validated values
 * (decision 0009).
 */
const booleanFromEnv = z
  .enum(["true", "false", "1", "0"])
  .transform((v) => v === "true" || v === "1");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().min(1).default("127.0.0.1"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Where the site is reached from outside; used in e-mails and provider callbacks. */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** `sqlite:var/site.db` (default) or `postgres://user@host:5432/db`. */
  DATABASE_URL: z.string().min(1).default("sqlite:var/site.db"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Load demo data at start (idempotent). On by default so `npm start` shows a living site. */
  SEED_DEMO_DATA: booleanFromEnv.default(true),
  /** Trust X-Forwarded-* from this many proxies in front of the server (0 = none). */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** Smallest and largest one-off gift in whole kronor; shown to donors in the form's messages. */
  GIFT_MIN_KR: z.coerce.number().int().min(1).default(50),
  GIFT_MAX_KR: z.coerce.number().int().min(1).default(100_000),
  /** Smallest monthly gift by autogiro in whole kronor (the largest is GIFT_MAX_KR). */
  MONTHLY_GIFT_MIN_KR: z.coerce.number().int().min(1).default(100),
  /** Smallest company gift in whole kronor (/foretag/ge-en-gava, CompanyGift/Add): the law's 2 000 kr for the company tax reduction by default. */
  COMPANY_GIFT_MIN_KR: z.coerce.number().int().min(1).max(5_000_000).default(2_000),
  /** Largest company logo (PNG or SVG) on /foretag/ge-en-gava, in kB; at most 1 024, which the page's upload limit is sized for (server/page-requests.ts). */
  COMPANY_LOGO_MAX_KB: z.coerce.number().int().min(10).max(1_024).default(300),
  /** Rendered gift forms and research pages kept for anonymous visitors: how long, and how many (0 turns it off). */
  PAGE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  PAGE_CACHE_MAX_ENTRIES: z.coerce.number().int().min(0).max(10_000).default(300),
  /** Worker threads that render documents (PDF, PNG) off the request thread (decision 0039); 0 renders on the request thread, as the tests do. */
  RENDER_WORKERS: z.coerce.number().int().min(0).max(64).default(Math.max(1, os.availableParallelism() - 1)),
  /** Renders that may wait for a free worker; a visitor's render beyond them is answered 503 with Retry-After. */
  RENDER_QUEUE_MAX: z.coerce.number().int().min(0).max(10_000).default(32),
  /** Per-IP limit per minute on documents rendered on request (invoices, memorial sheets, gift documents, member cards, receipts, the card template, the greeting-card image API); previews count against RATE_LIMIT_PREVIEWS_PER_MINUTE. */
  RATE_LIMIT_DOCUMENTS_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** A year's membership fee in whole kronor (shown on /bli-medlem; never taken from the browser). */
  MEMBERSHIP_FEE_KR: z.coerce.number().int().min(1).max(100_000).default(300),

  /** `simulator` (default) mounts a local Swish at /_sim/swish; `live` talks to SWISH_BASE_URL with the certificate. */
  SWISH_MODE: z.enum(["simulator", "live"]).default("simulator"),
  SWISH_BASE_URL: z.url().optional(),
  /** Defaults to the charity's Swish number (SITE_SWISH_NUMBER). */
  SWISH_PAYEE_ALIAS: z.string().regex(/^\d{10}$/, "must be a 10-digit Swish number").optional(),
  SWISH_CERT_FILE: z.string().optional(),
  SWISH_CERT_PASSPHRASE: z.string().optional(),
  SWISH_CA_FILE: z.string().optional(),
  /** Milliseconds from a tester's answer to the simulator's callback (the real MSS takes about 5 s). */
  SWISH_SIMULATOR_CALLBACK_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
  /**
   * simulator: where a Swish simulator of its own process is mounted (`npm run simulator:swish` prints it),
   * instead of one in this process. As with the real Swish, its work then takes none of the site's CPU.
   */
  SWISH_SIMULATOR_URL: z.url().optional(),

  /** Payment methods offered on the gift page, in this order (Swish moves first on phones). */
  PAYMENT_METHODS: z
    .string()
    .default("swish,card,invoice,bank")
    .transform((v) => v.split(",").map((m) => m.trim()).filter(Boolean))
    .pipe(z.array(z.enum(["swish", "card", "invoice", "bank"])).min(1, "must name at least one of swish, card, invoice, bank")),

  /** Card payments: `simulator` mounts a local payment window at /_sim/mondido; `live` uses Mondido. */
  CARD_MODE: z.enum(["simulator", "live"]).default("simulator"),
  MONDIDO_MERCHANT_ID: z.string().min(1).optional(),
  MONDIDO_SECRET: z.string().min(8).optional(),
  MONDIDO_API_PASSWORD: z.string().min(1).optional(),
  MONDIDO_FORM_URL: z.url().optional(),
  MONDIDO_API_URL: z.url().optional(),

  /** Open-banking payments: `simulator` mounts a local bank flow at /_sim/brite; `live` uses Brite. */
  BANK_MODE: z.enum(["simulator", "live"]).default("simulator"),
  BRITE_URL: z.url().optional(),
  BRITE_PUBLIC_KEY: z.string().min(1).optional(),
  BRITE_SECRET: z.string().min(1).optional(),

  /** Where simulators keep their state so that it survives a restart. */
  SIMULATOR_STATE_DIR: z.string().min(1).default("var/sim"),

  /**
   * Autogiro with Bankgirot: request files go to AUTOGIRO_OUTBOX_DIR and answers are read from
   * AUTOGIRO_INBOX_DIR (a bank's file transfer connects the pair in production), then moved to
   * AUTOGIRO_ARCHIVE_DIR. `simulator` runs a Bankgirot simulator on the same directories.
   */
  AUTOGIRO_MODE: z.enum(["simulator", "live"]).default("simulator"),
  AUTOGIRO_OUTBOX_DIR: z.string().min(1).default("var/autogiro/outbox"),
  AUTOGIRO_INBOX_DIR: z.string().min(1).default("var/autogiro/inbox"),
  AUTOGIRO_ARCHIVE_DIR: z.string().min(1).default("var/autogiro/archive"),
  /** The charity's Bankgirot customer number for autogiro (six digits; fictional by default). */
  BANKGIROT_CUSTOMER_NUMBER: z.string().regex(/^\d{6}$/, "must be six digits").default("471117"),
  /** How often due debits are requested, request files sent and answer files read. */
  AUTOGIRO_INTERVAL_MS: z.coerce.number().int().min(1000).default(15 * 60_000),

  /** SMTP server for e-mail (smtp://user:pass@host:587). Without it, mail is written as .eml files to MAIL_DIR. */
  SMTP_URL: z.string().regex(/^smtps?:\/\//, "must start with smtp:// or smtps://").optional(),
  MAIL_DIR: z.string().min(1).default("var/mail"),
  MAIL_FROM: z.string().optional(),
  /**
   * How long each step of an SMTP conversation may take (connecting with the greeting, then every
   * answer); a whole message gets at most four times that, never more than 45 s. A mail job that
   * hits it fails and is retried later; it never holds the job queue past its 60 s claim.
   */
  SMTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(20_000).default(10_000),

  /**
   * E-mails to one address a visitor typed (invoices, greeting cards, certificates, memorial sheets,
   * manage links, confirmations) per hour, whoever asks and whatever the kind; receipts for paid gifts are not counted.
   */
  EMAIL_PER_RECIPIENT_PER_HOUR: z.coerce.number().int().min(1).default(5),

  /** Run background jobs (receipts, payment reconciliation) in this process. */
  JOBS_ENABLED: booleanFromEnv.default(true),
  /** /readyz answers 503 when this process's job loop has not finished a round for this long (0: not checked); only where the loop runs (JOBS_ENABLED). */
  READY_JOBS_STALE_AFTER_MS: z.coerce.number().int().min(0).default(5 * 60_000),
  /** A bearer token that lets a scraper read /metrics from outside loopback (decision 0043); without it only loopback reads them. */
  METRICS_TOKEN: z.string().min(24, "must be at least 24 characters").optional(),
  /**
   * Tracing (OpenTelemetry, decision 0048): spans go to this OTLP/HTTP collector (`…/v1/traces` is added).
   * Without it no tracer, exporter or span processor is built.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  /** The `service.name` the spans carry. */
  OTEL_SERVICE_NAME: z.string().min(1).max(100).default("donation-site"),
  /**
   * Reduced mode (decision 0051): an instance switches it on by itself when its event loop lags past this many ms
   * (99th percentile) three seconds in a row (0: never by itself; staff can still switch it on) …
   */
  REDUCED_MODE_LAG_MS: z.coerce.number().int().min(0).max(10_000).default(250),
  /** … and off again once the lag has stayed under half that for this long. A staff switch is never turned off by it. */
  REDUCED_MODE_CALM_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(120_000),
  /** How often pending payments are checked with their provider. */
  RECONCILE_INTERVAL_MS: z.coerce.number().int().min(500).default(10_000),

  /** When the gala's campaign began (ISO 8601, e.g. 2026-12-05T19:00:00+01:00): /gala counts gifts paid since then; unset, every paid gift. */
  GALA_STARTS_AT: z.iso
    .datetime({ offset: true })
    .transform((v) => new Date(v).toISOString())
    .optional(),
  /** Live-value streams (server-sent events, server/live/) open at once on this instance, all pages together; one more is answered 503 with Retry-After. */
  LIVE_MAX_SUBSCRIBERS: z.coerce.number().int().min(1).max(100_000).default(10_000),

  /** Per-IP limits per minute: starting payments (costs money, sends requests to phones) and polling. */
  RATE_LIMIT_PAYMENT_STARTS_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_POLLS_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /** Swish requests sent to one payer's phone number per 15 minutes, whoever asks (page forms, retries, API). */
  RATE_LIMIT_SWISH_REQUESTS_PER_PHONE: z.coerce.number().int().min(1).default(5),

  /**
   * Error reporting: a Sentry (or Sentry-compatible) DSN. Without it errors are only logged.
   * The browser gets the DSN without any secret; it is public by design.
   */
  SENTRY_DSN: z
    .string()
    .refine((value) => parseDsn(value) !== null, "must be a DSN like https://public-key@sentry.example/42")
    .optional(),
  /**
   * Google Tag Manager container (GTM-XXXXXXX). Without it no tag manager is ever loaded;
   * with it, only after the visitor consents to statistics and marketing.
   */
  GTM_CONTAINER_ID: z.string().regex(/^GTM-[A-Z0-9]{1,12}$/, "must look like GTM-ABC1234").optional(),
  /** Per-IP limit per minute on POST /api/RegisterWebEvent (page views and time on page). */
  RATE_LIMIT_WEB_EVENTS_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /** Web events older than this many days are deleted by a daily job. */
  WEB_EVENT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(395),

  /** `simulator` (default) mounts a local research portal at /_sim/research-portal; `live` talks to RESEARCH_PORTAL_URL. */
  RESEARCH_PORTAL_MODE: z.enum(["simulator", "live"]).default("simulator"),
  RESEARCH_PORTAL_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The population study's product key, the first path segment of GET /{product}/petitions/approved/. */
  RESEARCH_PORTAL_PRODUCT: z.string().regex(/^[A-Za-z0-9_-]+$/, "letters, digits, - and _ only").default("befolkningsstudien"),
  /** How long a fetched project list is served before a background refresh. */
  RESEARCH_CACHE_TTL_MS: z.coerce.number().int().min(1_000).default(15 * 60_000),
  /** Build-time snapshot that seeds the research cache on a cold start; default <BUILD_DIR or build>/research-projects.json. */
  RESEARCH_SNAPSHOT_FILE: z.string().min(1).optional(),
  /** Base name of the search index; the suggestions index gets the suffix _query_suggestions. */
  SEARCH_INDEX_NAME: z.string().regex(/^[A-Za-z0-9_-]+$/, "letters, digits, - and _ only").default("hlf_site"),
  /** Use the development index (suffix _dev), so testing never pollutes production suggestions. */
  SEARCH_DEBUG: booleanFromEnv.default(false),
  /** How many visitors must have searched a query before it is suggested to others. */
  SEARCH_SUGGESTION_MIN_COUNT: z.coerce.number().int().min(1).default(2),
  /** Per-IP limit per minute on the search API (the search page asks once per keystroke). */
  RATE_LIMIT_SEARCHES_PER_MINUTE: z.coerce.number().int().min(1).default(600),

  /** `simulator` (default) mounts a local death-notice source at /_sim/memorial-source; `live` talks to MEMORIAL_SOURCE_URL. */
  MEMORIAL_SOURCE_MODE: z.enum(["simulator", "live"]).default("simulator"),
  /** The death-notice source's base URL (protocol in integrations/memorial-source/README.md). */
  MEMORIAL_SOURCE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Sent as X-Api-Key to the source; in simulator mode a key is made at boot when unset. */
  MEMORIAL_SOURCE_API_KEY: z.string().min(16, "must be at least 16 characters").optional(),
  /** Only people who died within this many days (today included) can be searched for. */
  MEMORIAL_SEARCH_WINDOW_DAYS: z.coerce.number().int().min(1).max(365).default(90),
  /** Per-IP limit per minute on each memorial search (GET /api/DeceasedPeople/Search, /api/FuneralParlors/Search). */
  RATE_LIMIT_MEMORIAL_SEARCHES_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /** Per-IP limit per minute on memorial sheet previews (POST /api/Gift/Preview and the preview image); asked as the donor types. */
  RATE_LIMIT_PREVIEWS_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  /** Per-IP limit per hour on opening memorial collections (each e-mails its manage link). */
  RATE_LIMIT_MEMORIAL_COLLECTIONS_PER_HOUR: z.coerce.number().int().min(1).default(5),
  /** Memorial collections opened for one deceased person in 24 hours, whoever opens them. */
  MEMORIAL_COLLECTIONS_PER_DECEASED_PER_DAY: z.coerce.number().int().min(1).default(2),
  /** Per-IP limit per minute on a memorial collection's manage actions (hide a greeting, settings, close, which e-mails the sheets). */
  RATE_LIMIT_COLLECTION_CHANGES_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** Per-IP limit per hour on starting personal fundraisers (/insamling; each e-mails its manage link). */
  RATE_LIMIT_FUNDRAISER_STARTS_PER_HOUR: z.coerce.number().int().min(1).default(5),
  /** Per-IP limit per hour on reporting a fundraiser's or a team's page to staff (one count for both). */
  RATE_LIMIT_FUNDRAISER_REPORTS_PER_HOUR: z.coerce.number().int().min(1).default(5),
  /** Whether a new personal fundraiser works at its address before staff have approved it (it is listed at /insamlingar only after). */
  FUNDRAISERS_VISIBLE_BEFORE_REVIEW: booleanFromEnv.default(true),
  /** Largest picture a fundraiser's organiser may upload, in kB; at most 16 384 (the pages' upload limit is sized for that). */
  FUNDRAISER_PICTURE_MAX_KB: z.coerce.number().int().min(100).max(16_384).default(10_240),
  /** Per-IP limit per hour on uploading fundraiser pictures (each is decoded and resized). */
  RATE_LIMIT_FUNDRAISER_PICTURES_PER_HOUR: z.coerce.number().int().min(1).default(10),

  /** Per-IP limit per hour on ordering paper forms by post (POST /api/PostalForm); the limit per postal address is core's (3 in 30 days). */
  RATE_LIMIT_POSTAL_FORMS_PER_HOUR: z.coerce.number().int().min(1).default(5),
  /** Article lines (POST /api/RegisterArticle) a visitor may add: per order, pieces per order, and per postal address in 30 days. Staff are not held to them. */
  ARTICLE_LINES_PER_ORDER: z.coerce.number().int().min(1).default(2),
  ARTICLE_QUANTITY_PER_ORDER: z.coerce.number().int().min(1).default(10),
  ARTICLE_LINES_PER_ADDRESS: z.coerce.number().int().min(1).default(3),
  /** Per-IP limit per minute on opening a letter's link (GET /api/donor/{id}). */
  RATE_LIMIT_LETTER_LINKS_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** How many days a link printed on a letter works (npm run letter:link). */
  LETTER_LINK_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(60),

  /** `simulator` (default) mounts a local BankID at /_sim/bankid; `live` talks to BANKID_BASE_URL with the RP certificate (mutual TLS). */
  BANKID_MODE: z.enum(["simulator", "live"]).default("simulator"),
  /** API root including the version, e.g. https://appapi2.bankid.com/rp/v6.0 (test: https://appapi2.test.bankid.com/rp/v6.0). */
  BANKID_BASE_URL: z.url({ protocol: /^https$/ }).optional(),
  /** The relying-party certificate (PKCS#12) and its passphrase; BankID's CA certificate (PEM). */
  BANKID_CERT_FILE: z.string().optional(),
  BANKID_CERT_PASSPHRASE: z.string().optional(),
  BANKID_CA_FILE: z.string().optional(),
  /** `simulator` (default): fictional test persons. `spar`: the SPAR seam, not implemented yet (look-ups fail). */
  POPULATION_REGISTER_MODE: z.enum(["simulator", "spar"]).default("simulator"),
  /** Signs My data links. Required outside the default simulator set-up; at least 32 characters. */
  SECRET_KEY: z.string().min(32, "must be at least 32 characters").optional(),
  /** Donor sessions end after this many idle minutes. */
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(30),
  /** How long a My data link works. */
  MY_DATA_LINK_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 90).default(168),
  /** Per-IP limits per minute: starting BankID orders, identity look-ups, and My data calls. */
  RATE_LIMIT_BANKID_STARTS_PER_MINUTE: z.coerce.number().int().min(1).default(5),
  RATE_LIMIT_LOOKUPS_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_MY_DATA_PER_MINUTE: z.coerce.number().int().min(1).default(30),

  /** Where the production build is (several builds may live side by side); the research snapshot's default folder. */
  BUILD_DIR: z.string().min(1).default("build"),

  /**
   * Adds routes that exist only for the end-to-end suite (server/test-routes.ts: sessions without BankID, the
   * clock, due jobs; a page that fails with 500). Refused unless every outside service is simulated.
   */
  ENABLE_TEST_ROUTES: booleanFromEnv.default(false),
});

/** Every variable the server reads, besides the SITE_* ones (core/site/site-config.ts). */
export const SERVER_ENV_NAMES: readonly string[] = Object.keys(envSchema.shape);

export type ServerConfig = z.infer<typeof envSchema> & {
  /** The charity's name, numbers and colours (SITE_*). */
  site: SiteConfig;
  publicUrl: string;
  /** How this process reaches itself (simulators are mounted in it). */
  internalUrl: string;
};

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/**
 * The process's environment, with a `.env` file in the working directory
 * loaded first when there is one. Variables already set in the real
 * environment win over the file (Node's own rule for process.loadEnvFile).
 */
export function readEnvironment(envFile = ".env"): NodeJS.ProcessEnv {
  if (fs.existsSync(envFile)) process.loadEnvFile(envFile);
  return process.env;
}

/** The variables `schema` reads and the SITE_* ones, or a ConfigError naming every bad one. */
function parseEnvironment<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv): { values: z.infer<S>; site: SiteConfig } {
  const parsed = schema.safeParse(env);
  const siteParsed = parseSiteConfig(env);
  if (!parsed.success || siteParsed.issues) {
    const issues = parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError([...issues, ...(siteParsed.issues ?? [])]);
  }
  return { values: parsed.data, site: siteParsed.site };
}

/** The switches between a real outside service and its local simulator. */
const OUTSIDE_SERVICE_MODES = [
  "BANKID_MODE",
  "POPULATION_REGISTER_MODE",
  "SWISH_MODE",
  "CARD_MODE",
  "BANK_MODE",
  "AUTOGIRO_MODE",
  "RESEARCH_PORTAL_MODE",
  "MEMORIAL_SOURCE_MODE",
] as const;

export function loadServerConfig(env: NodeJS.ProcessEnv): ServerConfig {
  const { values: config, site } = parseEnvironment(envSchema, env);
  const issues: string[] = [];
  if (config.GIFT_MIN_KR > config.GIFT_MAX_KR) issues.push("GIFT_MIN_KR: must not be larger than GIFT_MAX_KR");
  if (config.CARD_MODE === "live") {
    for (const name of ["MONDIDO_MERCHANT_ID", "MONDIDO_SECRET", "MONDIDO_API_PASSWORD"] as const) {
      if (!config[name]) issues.push(`${name}: required when CARD_MODE=live`);
    }
  }
  if (config.BANK_MODE === "live") {
    for (const name of ["BRITE_URL", "BRITE_PUBLIC_KEY", "BRITE_SECRET"] as const) {
      if (!config[name]) issues.push(`${name}: required when BANK_MODE=live`);
    }
  }
  if (config.SWISH_MODE === "live") {
    if (!config.SWISH_BASE_URL) issues.push("SWISH_BASE_URL: required when SWISH_MODE=live");
    if (!config.SWISH_CERT_FILE) issues.push("SWISH_CERT_FILE: required when SWISH_MODE=live");
    if (config.SWISH_SIMULATOR_URL) issues.push("SWISH_SIMULATOR_URL: only for SWISH_MODE=simulator");
  }
  if (config.RESEARCH_PORTAL_MODE === "live" && !config.RESEARCH_PORTAL_URL) {
    issues.push("RESEARCH_PORTAL_URL: required when RESEARCH_PORTAL_MODE=live");
  }
  if (config.MEMORIAL_SOURCE_MODE === "live") {
    if (!config.MEMORIAL_SOURCE_URL) issues.push("MEMORIAL_SOURCE_URL: required when MEMORIAL_SOURCE_MODE=live");
    if (!config.MEMORIAL_SOURCE_API_KEY) issues.push("MEMORIAL_SOURCE_API_KEY: required when MEMORIAL_SOURCE_MODE=live");
  }
  if (config.BANKID_MODE === "live") {
    if (!config.BANKID_BASE_URL) issues.push("BANKID_BASE_URL: required when BANKID_MODE=live");
    if (!config.BANKID_CERT_FILE) issues.push("BANKID_CERT_FILE: required when BANKID_MODE=live");
    if (!config.SECRET_KEY) issues.push("SECRET_KEY: required when BANKID_MODE=live (signs My data links)");
  }
  // The test routes sign anyone in without BankID and move the clock: never next to a real outside service.
  // NODE_ENV cannot tell, since the end-to-end suite runs the production build with NODE_ENV=production.
  const real = OUTSIDE_SERVICE_MODES.filter((name) => config[name] !== "simulator");
  if (config.ENABLE_TEST_ROUTES && real.length > 0) {
    issues.push(`ENABLE_TEST_ROUTES: only with every outside service simulated, not with ${real.map((name) => `${name}=${config[name]}`).join(", ")}`);
  }
  if (issues.length > 0) throw new ConfigError(issues);
  const publicUrl = (config.PUBLIC_URL ?? `http://${config.HOST}:${config.PORT}`).replace(/\/$/, "");
  const internalHost = config.HOST === "0.0.0.0" || config.HOST === "::" ? "127.0.0.1" : config.HOST;
  return { ...config, site, publicUrl, internalUrl: `http://${internalHost}:${config.PORT}` };
}

/** What pages show of the configuration: the site, and the browser's public settings. */
export function siteSettings(config: Pick<ServerConfig, "site" | "SENTRY_DSN" | "GTM_CONTAINER_ID">): SiteSettings {
  return { site: config.site, client: publicClientConfig({ SENTRY_DSN: config.SENTRY_DSN, GTM_CONTAINER_ID: config.GTM_CONTAINER_ID }) };
}

const buildTimeSchema = envSchema.pick({ SENTRY_DSN: true, GTM_CONTAINER_ID: true });

/**
 * The settings pre-rendered pages are built with, validated like the server's
 * own (vite.config.ts bakes them into the build). Only the variables pages
 * show are read, so a build needs no provider secrets.
 */
export function loadBuildTimeSiteSettings(env: NodeJS.ProcessEnv): SiteSettings {
  const { values, site } = parseEnvironment(buildTimeSchema, env);
  return siteSettings({ site, ...values });
}

/** The process's configuration; a bad value ends the process with the message that names the variable (no stack trace). */
export function loadConfigOrExit(): ServerConfig {
  try {
    return loadServerConfig(readEnvironment());
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
