import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { RequestListener, Server } from "node:http";
import type { ServerBuild } from "react-router";
import { loadServerConfig } from "#server/config";
import { buildContainer, type AppContainer, type ContainerOverrides } from "#server/container";
import { createApp } from "#server/app";
import { listenSite } from "#server/http-server";
import { createLogger } from "#server/logging";
import type { Clock } from "#core/clock";
import { silentLogger } from "#core/logger";
import { createPostgresTestDatabase, type PostgresTestDatabase } from "./postgres-test-databases";
import { copySqliteTemplate } from "./sqlite-test-databases";
import { transitionPayment } from "#core/payments/payment-transitions";

/**
 * A real server for integration tests: the whole container (database, payment
 * providers, simulators, jobs) on a free port, with the JSON API and simulators
 * mounted. Pages are not served (no React Router build is needed). Jobs do not
 * run by themselves: tests drive them with `container.jobs.runOnce()`.
 */
export interface TestServer {
  container: AppContainer;
  url: string;
  dir: string;
  /** Stops the server and closes the container; the state directory stays for a restart. */
  stop(): Promise<void>;
  /** Stops and removes everything. */
  dispose(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface TestServerOptions extends ContainerOverrides {
  engine?: "sqlite" | "postgres";
  /** Reuse a state directory (and SQLite file) from an earlier server: a restart. */
  dir?: string;
  env?: Record<string, string>;
  /** Reuse the PostgreSQL database of an earlier server (its `postgresUrl`): a restart. */
  postgresUrl?: string;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer & { postgresUrl?: string }> {
  const dir = options.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), "hl-test-"));
  // The server listens first, on a port the system gives it, and gets its handler once the container is
  // built: a port found free and bound later could be taken meanwhile (by a simulator of this very
  // container, or another test file's server), which made tests fail with EADDRINUSE under load.
  let handle: RequestListener = (_req, res) => {
    res.statusCode = 503;
    res.end();
  };
  const server: Server = await new Promise((resolve, reject) => {
    const s = listenSite((req, res) => handle(req, res), 0, "127.0.0.1", () => resolve(s));
    s.once("error", reject);
  });
  const port = (server.address() as net.AddressInfo).port;
  let databaseUrl = `sqlite:${path.join(dir, "site.db")}`;
  // A new SQLite file is a copy of the worker's migrated template (tests/support/sqlite-test-databases.ts).
  if (options.engine !== "postgres" && !fs.existsSync(path.join(dir, "site.db"))) await copySqliteTemplate(path.join(dir, "site.db"));
  // A PostgreSQL server gets a copy of the run's migrated template (tests/support/postgres-test-databases.ts),
  // so the container's migration at boot finds nothing to do.
  let postgresCopy: PostgresTestDatabase | undefined;
  if (options.engine === "postgres") {
    if (!options.postgresUrl) postgresCopy = await createPostgresTestDatabase();
    databaseUrl = options.postgresUrl ?? postgresCopy!.url;
  }
  let container: AppContainer;
  try {
    const config = loadServerConfig({
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      SEED_DEMO_DATA: "false",
      LOG_LEVEL: "silent",
      MAIL_DIR: path.join(dir, "mail"),
      SIMULATOR_STATE_DIR: path.join(dir, "sim"),
      AUTOGIRO_OUTBOX_DIR: path.join(dir, "autogiro", "outbox"),
      AUTOGIRO_INBOX_DIR: path.join(dir, "autogiro", "inbox"),
      AUTOGIRO_ARCHIVE_DIR: path.join(dir, "autogiro", "archive"),
      SWISH_SIMULATOR_CALLBACK_DELAY_MS: "0",
      JOBS_ENABLED: "false",
      // Documents render on the test's own thread (decision 0039): no worker threads to start for every server.
      RENDER_WORKERS: "0",
      // A loaded test machine lags: reduced mode must not switch itself on under another feature's test (decision 0051).
      REDUCED_MODE_LAG_MS: "0",
      ...options.env,
    });
    container = await buildContainer(config, { logger: options.logger ?? createLogger("silent"), ...options });
  } catch (error) {
    server.close();
    await postgresCopy?.drop();
    throw error;
  }
  await container.paymentSetup.swishSimulator?.ready;
  handle = createApp({ container, build: () => Promise.reject<ServerBuild>(new Error("pages are not served in API tests")) });
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    // Close every connection at once: a keep-alive connection a test's fetch left open would otherwise hold close() for seconds.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
    await container.close();
  };
  return {
    container,
    url: `http://127.0.0.1:${port}`,
    dir,
    ...(options.engine === "postgres" ? { postgresUrl: databaseUrl } : {}),
    stop,
    async dispose() {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
      await postgresCopy?.drop();
    },
  };
}

// Test code reads arbitrary JSON answers; asserting on them is the type check.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function postJson(url: string, body: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** Waits until `check` returns a truthy value, polling every 20 ms. */
export async function eventually<T>(check: () => Promise<T | undefined | null | false>, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Pays a gift as an imported invoice payment would: through the one payment transition, so what payment sets off (cards, memberships, receipts) happens as in production. */
export async function payByInvoiceImport(server: TestServer, clock: Clock, orderReference: string): Promise<void> {
  const { db, paymentOutcomes } = server.container;
  const gift = await db.selectFrom("gifts").selectAll().where("order_reference", "=", orderReference).executeTakeFirstOrThrow();
  const now = clock.now().toISOString();
  const id = `pay-${orderReference}`;
  await db
    .insertInto("payments")
    .values({ id, gift_id: gift.id, method: "invoice", provider: "Invoice", provider_reference: id, status: "pending", amount_ore: gift.amount_ore,
      payer_alias: null, client_token: null, client_url: null, error_code: null, last_checked_at: null, created_at: now, updated_at: now, paid_at: null, expires_at: now })
    .execute();
  await transitionPayment({ db, clock, logger: silentLogger, outcomes: paymentOutcomes }, { paymentId: id, to: "paid", source: "import" });
}
