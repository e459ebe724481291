import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { ManualClock } from "#core/clock";
import type { Logger } from "#core/logger";
import { BankIdClient } from "../client";
import { createBankIdSimulator } from "./create-bankid-simulator";
import type { BankIdOrderStore } from "./order-store";

/** Logs kept in memory, so tests can check that no personnummer reaches a log line. */
export function recordingLogger(): Logger & { lines: unknown[] } {
  const lines: unknown[] = [];
  const log = (obj: object, msg?: string) => void lines.push({ ...obj, msg });
  return { lines, debug: log, info: log, warn: log, error: log };
}

/**
 * Test helper: the simulator mounted at /_sim/bankid on an ephemeral port, a
 * manual clock, and a BankIdClient pointed at it. The tester's clicks are
 * real HTTP requests to the simulator's pages.
 */
export async function startTestSimulator(options: { store?: BankIdOrderStore; clock?: ManualClock } = {}) {
  const clock = options.clock ?? new ManualClock();
  const logger = recordingLogger();
  const { router } = createBankIdSimulator({ clock, logger, ...(options.store ? { store: options.store } : {}) });
  const app = express();
  app.use("/_sim/bankid", router);
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = new BankIdClient({ baseUrl: `${origin}/_sim/bankid/rp/v6.0`, logger });

  const tester = {
    open: (orderRef: string) => fetch(`${origin}/_sim/bankid/orders/${orderRef}`, { redirect: "manual" }),
    post: (orderRef: string, action: string, form: Record<string, string> = {}) =>
      fetch(`${origin}/_sim/bankid/orders/${orderRef}/${action}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(form).toString(),
        redirect: "manual",
      }),
    get: (path: string) => fetch(`${origin}/_sim/bankid${path}`, { redirect: "manual" }),
  };

  const rawPost = (path: string, body: string, contentType = "application/json") =>
    fetch(`${origin}/_sim/bankid/rp/v6.0/${path}`, { method: "POST", headers: { "content-type": contentType }, body });

  return {
    clock,
    logger,
    client,
    origin,
    tester,
    rawPost,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
