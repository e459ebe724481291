import { once } from "node:events";
import type { AddressInfo } from "node:net";
import path from "node:path";
import express from "express";
import type { Clock } from "#core/clock";
import type { Logger } from "#core/logger";
import { createSwishSimulator, type SwishSimulator } from "./create-swish-simulator";
import { createFileSwishStore } from "./file-store";
import { createFileSwishRefundStore } from "./refund-store";

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
  const simulator = createSwishSimulator({
    clock: options.clock,
    logger: options.logger,
    payeeAlias: options.payeeAlias,
    allowHttpCallbacks: true,
    callbackDelayMs: options.callbackDelayMs,
    store: createFileSwishStore(path.join(options.stateDir, "swish.json"), { clock: options.clock }),
    refundStore: createFileSwishRefundStore(path.join(options.stateDir, "swish-refunds.json")),
  });
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
