import { once } from "node:events";
import type { AddressInfo } from "node:net";
import express from "express";
import type { Clock } from "#core/clock";
import type { Logger } from "#core/logger";
import type { SwishSimulator } from "./create-swish-simulator";
import { stateDirSwishSimulator } from "./state-dir-simulator";

export interface StandaloneSwishOptions {
  clock: Clock;
  logger: Logger;
  payeeAlias: string;
  callbackDelayMs: number;
  /** The simulator's files (swish.json, swish-refunds.json), as SIMULATOR_STATE_DIR for the in-process one. */
  stateDir: string;
  host: string;
  /** 0 picks a free port. */
  port: number;
}

export interface StandaloneSwish {
  /** The mount point to give the site as SWISH_SIMULATOR_URL. */
  url: string;
  simulator: SwishSimulator;
  close(): Promise<void>;
}

/**
 * The Swish simulator as a service of its own, on its own port, mounted at
 * /_sim/swish as the site mounts it in-process, so that the app pages' and
 * API's addresses keep their shape. Like the real Swish, it calls back to
 * whatever callbackUrl each payment request names.
 */
export async function serveSwishSimulator(options: StandaloneSwishOptions): Promise<StandaloneSwish> {
  const simulator = stateDirSwishSimulator(options);
  await simulator.ready;
  const app = express();
  app.disable("x-powered-by");
  app.use("/_sim/swish", simulator.router);
  const server = app.listen(options.port, options.host);
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host}:${port}/_sim/swish`,
    simulator,
    async close() {
      simulator.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
