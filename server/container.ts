import type { Kysely } from "kysely";
import type { Logger as PinoLogger } from "pino";
import { systemClock, type Clock } from "../core/clock";
import { loadSiteConfig, type SiteConfig } from "../core/site/site-config";
import { openDatabase, type Engine } from "../db/dialect";
import { migrateToLatest } from "../db/migrate";
import type { DB } from "../db/schema";
import { seedDemoData } from "../db/seed";
import type { ServerConfig } from "./config";
import { createLogger } from "./logging";
import { createMailer } from "./mail/nodemailer-mailer";
import { buildPayments, type PaymentSetup } from "./payments";
import type { Mailer } from "../core/mail/mailer";
import { PaymentService } from "../core/payments/payment-service";
import { JobRunner } from "../core/jobs/job-runner";
import { RECEIPT_JOB } from "../core/payments/payment-transitions";
import { sendReceipt } from "../core/gifts/send-receipt";
import type { GiftLimits } from "../core/gifts/gift-form";

/**
 * Everything the server needs, built once at boot and passed down: to the API
 * routers as an argument and to React Router loaders through the typed context.
 * Nothing opens a connection on import.
 */
export interface AppContainer {
  config: ServerConfig;
  site: SiteConfig;
  db: Kysely<DB>;
  engine: Engine;
  clock: Clock;
  logger: PinoLogger;
  mailer: Mailer;
  payments: PaymentService;
  paymentSetup: PaymentSetup;
  jobs: JobRunner;
  giftLimits: GiftLimits;
  close(): Promise<void>;
}

export interface ContainerOverrides {
  clock?: Clock;
  logger?: PinoLogger;
  mailer?: Mailer;
}

export async function buildContainer(config: ServerConfig, overrides: ContainerOverrides = {}): Promise<AppContainer> {
  const logger = overrides.logger ?? createLogger(config.LOG_LEVEL);
  const clock = overrides.clock ?? systemClock;
  const site = loadSiteConfig(process.env);
  const { db, engine, schema } = openDatabase(config.DATABASE_URL);
  const applied = await migrateToLatest(db, engine, schema);
  if (applied.length > 0) logger.info({ migrations: applied }, "database migrated");
  if (config.SEED_DEMO_DATA) await seedDemoData(db, clock);

  const mailer =
    overrides.mailer ??
    createMailer({ smtpUrl: config.SMTP_URL, mailDir: config.MAIL_DIR, from: config.MAIL_FROM ?? `${site.name} <${site.email}>` });
  const paymentSetup = buildPayments(config, site, clock, logger);
  const payments = new PaymentService({ db, engine, clock, logger, providers: paymentSetup.providers });
  const jobs = new JobRunner({
    db,
    engine,
    clock,
    logger,
    handlers: {
      [RECEIPT_JOB]: (payload) => sendReceipt({ db, mailer, site, publicUrl: config.publicUrl }, payload),
    },
    periodic: [
      { name: "reconcile-swish", everyMs: config.RECONCILE_INTERVAL_MS, run: async () => void (await payments.reconcile("HLFSwish")) },
    ],
  });

  return {
    config,
    site,
    db,
    engine,
    clock,
    logger,
    mailer,
    payments,
    paymentSetup,
    jobs,
    giftLimits: { minKr: config.GIFT_MIN_KR, maxKr: config.GIFT_MAX_KR },
    async close() {
      jobs.stop();
      paymentSetup.close();
      await db.destroy();
    },
  };
}
