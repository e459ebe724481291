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
  close(): Promise<void>;
}

export interface ContainerOverrides {
  clock?: Clock;
  logger?: PinoLogger;
}

export async function buildContainer(config: ServerConfig, overrides: ContainerOverrides = {}): Promise<AppContainer> {
  const logger = overrides.logger ?? createLogger(config.LOG_LEVEL);
  const clock = overrides.clock ?? systemClock;
  const site = loadSiteConfig(process.env);
  const { db, engine } = openDatabase(config.DATABASE_URL);
  const applied = await migrateToLatest(db, engine);
  if (applied.length > 0) logger.info({ migrations: applied }, "database migrated");
  if (config.SEED_DEMO_DATA) await seedDemoData(db, clock);

  return {
    config,
    site,
    db,
    engine,
    clock,
    logger,
    async close() {
      await db.destroy();
    },
  };
}
