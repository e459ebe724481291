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
  /** Adds routes that exist only for the end-to-end suite (e.g. a page that fails with 500). */
  ENABLE_TEST_ROUTES: booleanFromEnv.default(false),
});

export type ServerConfig = z.infer<typeof envSchema> & { publicUrl: string };

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
  const publicUrl = (config.PUBLIC_URL ?? `http://${config.HOST}:${config.PORT}`).replace(/\/$/, "");
  return { ...config, publicUrl };
}
