import crypto from "node:crypto";
import type { Clock } from "#core/clock";
import type { Logger } from "#core/logger";
import type { MemorialSource } from "#core/memorial/memorial-source";
import type { MemorialLookup } from "#core/memorial/give-memorial-gift";
import { deathDateRange, inRange } from "#core/memorial/death-window";
import { MemorialSourceClient } from "#integrations/memorial-source/client";
import {
  createMemorialSourceSimulator,
  type MemorialSourceSimulator,
} from "#integrations/memorial-source/simulator/memorial-source-simulator";
import type { ServerConfig } from "./config";

/**
 * The death-notice source behind the memorial gift's two searches, built once
 * at boot. In simulator mode (the default) the simulator is served by this
 * very process under /_sim/memorial-source and the real client talks to it
 * over HTTP, with a key made at boot unless MEMORIAL_SOURCE_API_KEY is set.
 */
export interface MemorialServices {
  source: MemorialSource;
  /** One person or parlour by id, for the memorial gift; a person outside the search window is not found. */
  lookup: MemorialLookup;
  /** Only people who died within this many days (today included) are searchable. */
  windowDays: number;
  /** Mounted at MEMORIAL_SIMULATOR_PATH when the source runs simulated. */
  simulator: MemorialSourceSimulator | null;
}

export const MEMORIAL_SIMULATOR_PATH = "/_sim/memorial-source";

type MemorialConfig = Pick<
  ServerConfig,
  "MEMORIAL_SOURCE_MODE" | "MEMORIAL_SOURCE_URL" | "MEMORIAL_SOURCE_API_KEY" | "MEMORIAL_SEARCH_WINDOW_DAYS" | "internalUrl"
>;

export function buildMemorialServices(config: MemorialConfig, deps: { clock: Clock; logger: Logger }): MemorialServices {
  const simulated = config.MEMORIAL_SOURCE_MODE === "simulator";
  const apiKey = config.MEMORIAL_SOURCE_API_KEY ?? crypto.randomBytes(24).toString("base64url");
  const simulator = simulated ? createMemorialSourceSimulator({ clock: deps.clock, apiKey }) : null;
  const source = new MemorialSourceClient({
    baseUrl: simulated ? `${config.internalUrl}${MEMORIAL_SIMULATOR_PATH}` : (config.MEMORIAL_SOURCE_URL as string),
    apiKey,
    logger: deps.logger,
  });
  const windowDays = config.MEMORIAL_SEARCH_WINDOW_DAYS;
  const lookup: MemorialLookup = {
    async deceased(id) {
      const person = await source.deceased(id);
      const window = deathDateRange(deps.clock.now(), windowDays);
      return person && window && inRange(person.dateOfDeath, window) ? person : null;
    },
    funeralParlour: (id) => source.funeralParlour(id),
  };
  return { source, lookup, windowDays, simulator };
}
