import path from "node:path";
import type { Clock } from "#core/clock";
import type { Logger } from "#core/logger";
import { createSwishSimulator, type SwishSimulator } from "./create-swish-simulator";
import { createFileSwishStore } from "./file-store";
import { createFileSwishRefundStore } from "./refund-store";

/**
 * The simulator as the site runs it, in its process or in one of its own
 * (decision 0057): state kept in `stateDir` (SIMULATOR_STATE_DIR) under the
 * same file names either way, so switching between the two keeps the
 * payments a tester left open, and http callbacks allowed for the local site.
 */
export function stateDirSwishSimulator(options: { clock: Clock; logger: Logger; payeeAlias: string; callbackDelayMs: number; stateDir: string }): SwishSimulator {
  return createSwishSimulator({
    clock: options.clock,
    logger: options.logger,
    payeeAlias: options.payeeAlias,
    allowHttpCallbacks: true,
    callbackDelayMs: options.callbackDelayMs,
    store: createFileSwishStore(path.join(options.stateDir, "swish.json"), { clock: options.clock }),
    refundStore: createFileSwishRefundStore(path.join(options.stateDir, "swish-refunds.json")),
  });
}
