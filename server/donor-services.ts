import fs from "node:fs";
import path from "node:path";
import type { Kysely } from "kysely";
import type express from "express";
import type { Clock } from "#core/clock";
import type { Logger } from "#core/logger";
import type { DB } from "#db/schema";
import { BankIdLogin } from "#core/donors/bankid-login";
import { SessionService } from "#core/donors/session-service";
import { LinkTokens } from "#core/my-data/link-tokens";
import { BankIdClient } from "#integrations/bankid/client";
import { bankIdAutostartLink, simulatorAutostartLink } from "#integrations/bankid/autostart-link";
import { createBankIdSimulator } from "#integrations/bankid/simulator/create-bankid-simulator";
import { createFileOrderStore } from "#integrations/bankid/simulator/file-order-store";
import type { SimulatedBankId } from "#integrations/bankid/simulator/simulated-bankid";
import type { PopulationRegister } from "#core/donors/population-register";
import { createSimulatedPopulationRegister } from "#integrations/population-register/simulator/simulated-population-register";
import { SparPopulationRegister } from "#integrations/population-register/spar-population-register";
import type { ServerConfig } from "./config";
import { MINUTE_MS, type RateLimit, type RateLimiter } from "#core/rate-limits/rate-limiter";

/**
 * The donor side of the site, built once at boot: BankID (client, and the
 * simulator when BANKID_MODE=simulator), the population register, donor
 * sessions, My data link tokens and the per-IP limits they share between the
 * JSON API and the pages.
 */
export interface DonorServices {
  bankId: BankIdLogin;
  /** Mounted at /_sim/bankid by server/app.ts, only in simulator mode; `bankId` lets tests play the tester. */
  bankIdSimulator: { router: express.Router; bankId: SimulatedBankId } | null;
  register: PopulationRegister;
  sessions: SessionService;
  links: LinkTokens;
  limits: { bankIdStarts: RateLimit; lookups: RateLimit; myData: RateLimit };
}

export const BANKID_SIMULATOR_PATH = "/_sim/bankid";

/**
 * `secretKey` signs My data links: SECRET_KEY, or (only in simulator mode, config
 * refuses live BankID without it) one derived from the database's stored master
 * secret, so links survive restarts (server/persistent-secrets.ts).
 */
export function buildDonorServices(
  config: ServerConfig,
  deps: { db: Kysely<DB>; clock: Clock; logger: Logger; rateLimiter: RateLimiter },
  secretKey: string,
): DonorServices {
  const secure = config.publicUrl.startsWith("https://");

  let bankIdSimulator: DonorServices["bankIdSimulator"] = null;
  let client: BankIdClient;
  if (config.BANKID_MODE === "simulator") {
    fs.mkdirSync(config.SIMULATOR_STATE_DIR, { recursive: true });
    bankIdSimulator = createBankIdSimulator({
      clock: deps.clock,
      logger: deps.logger,
      store: createFileOrderStore(path.join(config.SIMULATOR_STATE_DIR, "bankid-orders.json")),
    });
    client = new BankIdClient({ baseUrl: `${config.internalUrl}${BANKID_SIMULATOR_PATH}/rp/v6.0`, logger: deps.logger });
  } else {
    client = new BankIdClient({
      baseUrl: config.BANKID_BASE_URL as string,
      logger: deps.logger,
      tls: {
        pfx: fs.readFileSync(config.BANKID_CERT_FILE as string),
        passphrase: config.BANKID_CERT_PASSPHRASE,
        ca: config.BANKID_CA_FILE ? fs.readFileSync(config.BANKID_CA_FILE) : undefined,
      },
    });
  }

  const register =
    config.POPULATION_REGISTER_MODE === "simulator"
      ? createSimulatedPopulationRegister({ clock: deps.clock, logger: deps.logger })
      : new SparPopulationRegister();
  const sessions = new SessionService(
    { db: deps.db, clock: deps.clock },
    { secure, idleMs: config.SESSION_IDLE_MINUTES * 60_000, absoluteMs: 12 * 60 * 60_000 },
  );
  const bankId = new BankIdLogin({
    db: deps.db,
    clock: deps.clock,
    logger: deps.logger,
    rp: client,
    register,
    cookies: { secure },
    autostartLink: (token) => (bankIdSimulator ? simulatorAutostartLink(BANKID_SIMULATOR_PATH, token) : bankIdAutostartLink(token)),
    returnUrl: `${config.publicUrl}/logga-in`,
  });
  return {
    bankId,
    bankIdSimulator,
    register,
    sessions,
    links: new LinkTokens({ db: deps.db, clock: deps.clock }, secretKey, config.MY_DATA_LINK_TTL_HOURS * 3_600_000),
    limits: {
      bankIdStarts: deps.rateLimiter.limit("bankid-starts", config.RATE_LIMIT_BANKID_STARTS_PER_MINUTE, MINUTE_MS),
      lookups: deps.rateLimiter.limit("register-lookups", config.RATE_LIMIT_LOOKUPS_PER_MINUTE, MINUTE_MS),
      myData: deps.rateLimiter.limit("my-data", config.RATE_LIMIT_MY_DATA_PER_MINUTE, MINUTE_MS),
    },
  };
}
