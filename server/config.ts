import { z } from "zod";

/**
 * All runtime configuration comes from environment variables, validated once at
 * boot. A bad value stops the process with a message that names the variable.
 * Every variable is documented in README.md and .env.example.
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

  /** Where simulators keep their state so that it survives a restart. */
  SIMULATOR_STATE_DIR: z.string().min(1).default("var/sim"),

  /** SMTP server for e-mail (smtp://user:pass@host:587). Without it, mail is written as .eml files to MAIL_DIR. */
  SMTP_URL: z.string().regex(/^smtps?:\/\//, "must start with smtp:// or smtps://").optional(),
  MAIL_DIR: z.string().min(1).default("var/mail"),
  MAIL_FROM: z.string().optional(),

  /** Run background jobs (receipts, payment reconciliation) in this process. */
  JOBS_ENABLED: booleanFromEnv.default(true),
  /** How often pending payments are checked with their provider. */
  RECONCILE_INTERVAL_MS: z.coerce.number().int().min(500).default(10_000),

  /** Per-IP limits per minute: starting payments (costs money, sends requests to phones) and polling. */
  RATE_LIMIT_PAYMENT_STARTS_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_POLLS_PER_MINUTE: z.coerce.number().int().min(1).default(120),

  /** Adds routes that exist only for the end-to-end suite (e.g. a page that fails with 500). */
  ENABLE_TEST_ROUTES: booleanFromEnv.default(false),
});

export type ServerConfig = z.infer<typeof envSchema> & {
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

export function loadServerConfig(env: NodeJS.ProcessEnv): ServerConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`));
  }
  const config = parsed.data;
  const issues: string[] = [];
  if (config.GIFT_MIN_KR > config.GIFT_MAX_KR) issues.push("GIFT_MIN_KR: must not be larger than GIFT_MAX_KR");
  if (config.SWISH_MODE === "live") {
    if (!config.SWISH_BASE_URL) issues.push("SWISH_BASE_URL: required when SWISH_MODE=live");
    if (!config.SWISH_CERT_FILE) issues.push("SWISH_CERT_FILE: required when SWISH_MODE=live");
  }
  if (issues.length > 0) throw new ConfigError(issues);
  const publicUrl = (config.PUBLIC_URL ?? `http://${config.HOST}:${config.PORT}`).replace(/\/$/, "");
  const internalHost = config.HOST === "0.0.0.0" || config.HOST === "::" ? "127.0.0.1" : config.HOST;
  return { ...config, publicUrl, internalUrl: `http://${internalHost}:${config.PORT}` };
}
