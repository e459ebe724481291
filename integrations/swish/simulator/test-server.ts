import { once } from "node:events";
import type { AddressInfo } from "node:net";
import express from "express";
import { ManualClock } from "#core/clock";
import { silentLogger } from "#core/logger";
import { SwishClient } from "../client";
import type { SwishPaymentRequest } from "../types";
import { createSwishSimulator, type SwishSimulatorOptions } from "./create-swish-simulator";

/**
 * Test support (not a test itself): the simulator mounted where the lead mounts
 * it, on an ephemeral port, with a callback endpoint that records what the
 * simulator POSTs, and a real SwishClient pointed at it.
 */

export const TEST_PAYEE_ALIAS = "1231181189";

export async function startSimulatorServer(overrides: Partial<SwishSimulatorOptions> = {}) {
  const clock = overrides.clock ?? new ManualClock("2026-01-15T10:00:00.000Z");
  const received: SwishPaymentRequest[] = [];
  const listeners = new Set<() => void>();

  const app = express();
  app.post("/callbacks", express.json(), (req, res) => {
    received.push(req.body as SwishPaymentRequest);
    for (const listener of listeners) listener();
    res.status(200).end();
  });
  const simulator = createSwishSimulator({
    clock,
    logger: silentLogger,
    payeeAlias: TEST_PAYEE_ALIAS,
    allowHttpCallbacks: true,
    callbackDelayMs: 20,
    sweepIntervalMs: 0,
    ...overrides,
  });
  app.use("/_sim/swish", simulator.router);

  const server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const apiBase = `${origin}/_sim/swish/swish-cpcapi/api`;
  const client = new SwishClient({ baseUrl: apiBase, payeeAlias: TEST_PAYEE_ALIAS, timeoutMs: 2000 });
  await simulator.ready;

  /** Resolves with the first callback for `id` (already received or still to come). */
  function waitForCallback(id: string, timeoutMs = 3000): Promise<SwishPaymentRequest> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = received.find((c) => c.id === id);
        if (!found) return false;
        listeners.delete(onCallback);
        clearTimeout(timer);
        resolve(found);
        return true;
      };
      const onCallback = () => void check();
      const timer = setTimeout(() => {
        listeners.delete(onCallback);
        reject(new Error(`No callback for ${id} within ${timeoutMs} ms`));
      }, timeoutMs);
      listeners.add(onCallback);
      check();
    });
  }

  async function close(): Promise<void> {
    simulator.close();
    server.closeAllConnections();
    server.close();
    await once(server, "close");
  }

  return {
    origin,
    apiBase,
    client,
    simulator,
    clock,
    callbackUrl: `${origin}/callbacks`,
    received,
    waitForCallback,
    close,
  };
}

export type SimulatorServer = Awaited<ReturnType<typeof startSimulatorServer>>;
