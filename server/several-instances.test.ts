import crypto from "node:crypto";
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type OpenedDatabase } from "#db/dialect";
import { migrateToLatest } from "#db/migrate";
import { systemClock } from "#core/clock";
import { silentLogger } from "#core/logger";
import { createGift } from "#core/gifts/gift-service";
import { transitionPayment } from "#core/payments/payment-transitions";
import { productPaymentOutcomes } from "#core/product-payment-outcomes";

/**
 * Issue #19, more than one server: two instances of the site – two processes,
 * each with its own job runner, simulators and memory – on one PostgreSQL
 * database, behind a load balancer that names the visitor (X-Forwarded-For).
 * What one instance counts, claims or starts, the other must see: a limit
 * holds across both, a job runs once, a session started on one works on the
 * other, and two simultaneous starts of one gift make one Swish request.
 * PostgreSQL only (TEST_DATABASE_URL): SQLite is the one-process setup.
 */
const baseUrl = process.env.TEST_DATABASE_URL;
const ROOT = path.resolve(import.meta.dirname, "..");
const PORTS = [4331, 4332, 4333, 4334, 4335, 4336, 4337, 4338, 4339];
const STARTS_PER_MINUTE = 4;
const context = { session: "s1", identity: "i1", currentUrl: "http://127.0.0.1/ge-en-gava", requestgroup: "g1" };

interface Instance {
  url: string;
  dir: string;
  child: ChildProcess;
  exited: Promise<void>;
}

describe.skipIf(!baseUrl)("two instances on one PostgreSQL database", () => {
  const schema = `test_${crypto.randomBytes(6).toString("hex")}`;
  let databaseUrl: string;
  let database: OpenedDatabase;
  const instances: Instance[] = [];
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    await adminQuery(`create schema ${schema}`);
    const url = new URL(baseUrl!);
    url.searchParams.set("schema", schema);
    databaseUrl = url.toString();
    database = openDatabase(databaseUrl);
    // Migrated before the instances start, as a deploy's migration step would; then both start at once.
    await migrateToLatest(database.db, database.engine, database.schema);
    const ports = await freePorts(2);
    const started = await Promise.allSettled(ports.map((port) => startInstance(port, databaseUrl)));
    for (const result of started) if (result.status === "fulfilled") instances.push(result.value);
    for (const result of started) if (result.status === "rejected") throw result.reason;
    [a, b] = instances as [Instance, Instance];
    // Generous for a loaded machine: two processes load the whole site through tsx at once.
  }, 180_000);

  afterAll(async () => {
    for (const instance of instances) {
      instance.child.kill("SIGTERM");
      await Promise.race([instance.exited, sleep(6_000)]);
      instance.child.kill("SIGKILL");
      fs.rmSync(instance.dir, { recursive: true, force: true });
    }
    await database?.db.destroy();
    await adminQuery(`drop schema if exists ${schema} cascade`);
  }, 30_000);

  it("holds a payment-start limit across both: N starts in all, not N per instance", async () => {
    const visitor = "203.0.113.10";
    const statuses: number[] = [];
    const answers = [];
    for (let i = 0; i < 2 * STARTS_PER_MINUTE; i++) {
      const answer = await swishInit(i % 2 === 0 ? a : b, visitor, crypto.randomUUID(), `070${String(1_000_000 + i).slice(-7)}`);
      statuses.push(answer.status);
      answers.push(answer);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(STARTS_PER_MINUTE);
    expect(statuses.slice(STARTS_PER_MINUTE)).toEqual(Array(STARTS_PER_MINUTE).fill(429));
    const refused = answers[STARTS_PER_MINUTE]!;
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(refused.body.error.message).toMatch(/för många försök/);
    // Another visitor is not affected, on either instance.
    expect((await swishInit(b, "203.0.113.11", crypto.randomUUID(), "0702000000")).status).toBe(201);
  });

  it("makes one Swish request for two simultaneous starts of one gift on the two instances", async () => {
    const key = crypto.randomUUID();
    const [one, two] = await Promise.all([swishInit(a, "203.0.113.20", key, "0703000000"), swishInit(b, "203.0.113.21", key, "0703000000")]);
    expect([one.status, two.status]).toEqual([201, 201]);
    expect(one.body.paymentId).toBe(two.body.paymentId);
    const gift = await database.db.selectFrom("gifts").select("id").where("idempotency_key", "=", key).executeTakeFirstOrThrow();
    const payments = await database.db.selectFrom("payments").selectAll().where("gift_id", "=", gift.id).execute();
    expect(payments).toHaveLength(1);
    // Each instance talks to its own Swish simulator: exactly one of them was asked.
    const asked = await Promise.all(
      [a, b].map((instance) => fetch(`${instance.url}/_sim/swish/swish-cpcapi/api/v1/paymentrequests/${payments[0]!.provider_reference}`).then((r) => r.status)),
    );
    expect(asked.sort()).toEqual([200, 404]);
  });

  it("runs a job once although both instances' runners claim", async () => {
    const emails = Array.from({ length: 6 }, (_, i) => `mottagare${i}.${crypto.randomBytes(3).toString("hex")}@exempel.se`);
    for (const email of emails) await paidGift(database, email);
    const receipts = () => emails.map((email) => mailsTo([a, b], email));
    const counted = await eventually(async () => {
      const counts = receipts();
      return counts.every((n) => n > 0) ? counts : null;
    }, 60_000);
    // Give a second runner time to send any of them again, then count once more.
    await sleep(1_500);
    expect(receipts()).toEqual(counted.map(() => 1));
    const bothSent = [a, b].map((instance) => emails.some((email) => mailsTo([instance], email) > 0));
    expect(bothSent).toEqual([true, true]);
    const jobs = await database.db.selectFrom("jobs").select(["attempts", "done_at"]).where("type", "=", "send-receipt").execute();
    expect(jobs.filter((j) => j.done_at !== null && j.done_at !== "failed")).toHaveLength(emails.length);
  }, 90_000);

  it("keeps a session started on one instance on the other", async () => {
    const visitor = "203.0.113.30";
    const cookies = new Map<string, string>();
    const request = async (instance: Instance, method: string, url: string, body?: unknown, form?: Record<string, string>) => {
      const response = await fetch(new URL(url, instance.url), {
        method,
        redirect: "manual",
        headers: {
          "x-forwarded-for": visitor,
          cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; "),
          ...(body !== undefined ? { "content-type": "application/json" } : {}),
          ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
        },
        body: body !== undefined ? JSON.stringify(body) : form ? new URLSearchParams(form) : undefined,
      });
      for (const setCookie of response.headers.getSetCookie()) {
        const [pair] = setCookie.split(";");
        const at = pair!.indexOf("=");
        cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
      const text = await response.text();
      return { status: response.status, body: text.startsWith("{") ? JSON.parse(text) : text };
    };

    // Before logging in, the other instance does not know the visitor.
    expect((await request(b, "POST", "/api/DirectDebit/CheckAutogiroStatus", {})).status).toBe(401);
    const started = await request(a, "POST", "/api/BankID/Authenticate", { device: "other" });
    expect(started.status).toBe(201);
    const orderRef = started.body.orderRef as string;
    expect((await request(a, "GET", `/_sim/bankid/orders/${orderRef}`)).status).toBe(200);
    expect((await request(a, "POST", `/_sim/bankid/orders/${orderRef}/select`, undefined, { personalNumber: "198112289874" })).status).toBe(303);
    expect((await request(a, "POST", `/_sim/bankid/orders/${orderRef}/approve`, undefined, {})).status).toBe(303);
    await eventually(async () => {
      const poll = await request(a, "POST", "/api/BankID/Poll", { orderRef });
      return poll.body.status === "complete" ? poll : null;
    }, 15_000);
    expect(cookies.has("hl_session")).toBe(true);

    const onB = await request(b, "POST", "/api/DirectDebit/CheckAutogiroStatus", {});
    expect(onB.status).toBe(200);
    expect(onB.body).toEqual({ agreements: [] });
    // Only the hash of the session id is stored, once, in the shared database.
    const sessions = await database.db.selectFrom("donor_sessions").select("id_hash").execute();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.id_hash).not.toContain(cookies.get("hl_session"));
  }, 30_000);
});

async function startInstance(port: number, databaseUrl: string): Promise<Instance> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-instance-"));
  const logFile = path.join(dir, "instance.log");
  const log = fs.openSync(logFile, "a");
  const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "server", "api-instance-main.ts")], {
    cwd: ROOT,
    stdio: ["ignore", log, log],
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      SEED_DEMO_DATA: "false",
      LOG_LEVEL: "warn",
      // Behind a load balancer: the visitor is the address it forwards.
      TRUST_PROXY_HOPS: "1",
      MAIL_DIR: path.join(dir, "mail"),
      SIMULATOR_STATE_DIR: path.join(dir, "sim"),
      AUTOGIRO_OUTBOX_DIR: path.join(dir, "autogiro", "outbox"),
      AUTOGIRO_INBOX_DIR: path.join(dir, "autogiro", "inbox"),
      AUTOGIRO_ARCHIVE_DIR: path.join(dir, "autogiro", "archive"),
      SWISH_SIMULATOR_CALLBACK_DELAY_MS: "0",
      JOBS_ENABLED: "true",
      RATE_LIMIT_PAYMENT_STARTS_PER_MINUTE: String(STARTS_PER_MINUTE),
    },
  });
  fs.closeSync(log);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 150_000;
  let alive = true;
  void exited.then(() => (alive = false));
  while (alive && Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1_000) });
      await response.arrayBuffer();
      if (response.ok) return { url, dir, child, exited };
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  child.kill("SIGKILL");
  throw new Error(`instance on port ${port} did not start:\n${fs.readFileSync(logFile, "utf8").slice(-3000)}`);
}

async function swishInit(instance: Instance, visitor: string, idempotencyKey: string, payerPhone: string) {
  const response = await fetch(`${instance.url}/api/SwishInit`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": visitor },
    body: JSON.stringify({ context, payload: { amount: 250, name: "Astrid Exempel", email: "astrid@exempel.se", payerPhone, idempotencyKey } }),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON answer; asserting on it is the type check
  const body: any = await response.json();
  return { status: response.status, body, retryAfter: response.headers.get("retry-after") };
}

/** A gift paid as a bank file's payment would be: its receipt job is queued in the same transaction. */
async function paidGift(database: OpenedDatabase, email: string): Promise<void> {
  const { db } = database;
  const { gift } = await createGift(db, systemClock, {
    giftType: "one_off",
    amountOre: 30_000,
    donorName: "Karin Exempel",
    donorEmail: email,
    donorPersonnummer: null,
    newsletterConsent: false,
    address: null,
    idempotencyKey: crypto.randomUUID(),
  });
  const now = new Date().toISOString();
  const id = crypto.randomUUID();
  await db
    .insertInto("payments")
    .values({ id, gift_id: gift.id, method: "invoice", provider: "Invoice", provider_reference: id, status: "pending", amount_ore: gift.amount_ore,
      payer_alias: null, client_token: null, client_url: null, error_code: null, last_checked_at: null, created_at: now, updated_at: now, paid_at: null, expires_at: now })
    .execute();
  await transitionPayment({ db, clock: systemClock, logger: silentLogger, outcomes: productPaymentOutcomes }, { paymentId: id, to: "paid", source: "import" });
}

function mailsTo(instances: Instance[], email: string): number {
  let count = 0;
  for (const instance of instances) {
    const dir = path.join(instance.dir, "mail");
    if (!fs.existsSync(dir)) continue;
    for (const file of fs.readdirSync(dir, { recursive: true }) as string[]) {
      if (!file.endsWith(".eml")) continue;
      if (fs.readFileSync(path.join(dir, file), "utf8").includes(`To: ${email}`)) count += 1;
    }
  }
  return count;
}

async function eventually<T>(check: () => Promise<T | null>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await sleep(100);
  }
}

async function freePorts(count: number): Promise<number[]> {
  const free: number[] = [];
  for (const port of PORTS) {
    if (free.length === count) break;
    const ok = await new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once("error", () => resolve(false));
      server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
    });
    if (ok) free.push(port);
  }
  if (free.length < count) throw new Error(`no ${count} free ports among ${PORTS.join(", ")}`);
  return free;
}

async function adminQuery(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
