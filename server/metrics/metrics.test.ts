import crypto from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { postJson, startTestServer, type TestServer } from "#tests/support/test-server";
import { testEngines } from "#tests/support/test-databases";
import { labelValues, sampleValue } from "#tests/support/metrics-text";
import { ManualClock } from "#core/clock";
import { silentLogger } from "#core/logger";
import { enqueueJob } from "#core/jobs/job-queue";
import { transitionPayment } from "#core/payments/payment-transitions";
import type { Mailer } from "#core/mail/mailer";
import { mayReadMetrics } from "./metrics-route";

const context = { session: "s1", identity: "i1", currentUrl: "http://127.0.0.1/ge-en-gava", requestgroup: "g1" };
const TOKEN = "a-scrapers-token-of-32-characters!";

async function scrape(server: TestServer, headers: Record<string, string> = {}): Promise<string> {
  const response = await fetch(`${server.url}/metrics`, { headers });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/plain");
  return response.text();
}

async function addGift(server: TestServer): Promise<string> {
  const added = await postJson(`${server.url}/api/RegularGift/Add`, {
    context,
    payload: {
      amount: 500,
      name: "Bertil Metrisk",
      email: "bertil.metrisk@exempel.se",
      idempotencyKey: crypto.randomUUID(),
      address: { street: "Exempelgatan 1", postalCode: "123 45", city: "Exempelstad" },
    },
  });
  expect(added.status).toBe(201);
  return added.body.orderReference as string;
}

describe.each(testEngines)("GET /metrics on %s", (engine) => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.dispose();
    server = undefined;
  });

  it("counts a payment started and finished by its provider and status, the invoice's mail and its render", async () => {
    server = await startTestServer({ engine });
    const ref = await addGift(server);
    const created = await postJson(`${server.url}/api/Payments/Create`, { context, payload: { orderReference: ref, provider: "Invoice" } });
    expect(created.status).toBe(201);
    // Asking again for the same gift's open payment is not a new start.
    await postJson(`${server.url}/api/Payments/Create`, { context, payload: { orderReference: ref, provider: "Invoice" } });
    expect(await server.container.jobs.runOnce()).toBe(1);
    const { db, clock, paymentOutcomes } = server.container;
    await transitionPayment({ db, clock, logger: silentLogger, outcomes: paymentOutcomes }, { paymentId: created.body.paymentId, to: "paid", source: "import" });

    const text = await scrape(server);
    expect(sampleValue(text, "site_payments_started_total", { provider: "Invoice" })).toBe(1);
    expect(sampleValue(text, "site_payments_finished_total", { provider: "Invoice", status: "paid" })).toBe(1);
    expect(sampleValue(text, "site_payments_finished_total", { provider: "Invoice", status: "declined" })).toBeUndefined();
    expect(sampleValue(text, "site_mail_sent_total")).toBe(1);
    expect(sampleValue(text, "site_mail_failed_total")).toBe(0);
    expect(sampleValue(text, "site_document_renders_total", { format: "pdf", outcome: "rendered" })).toBe(1);
    expect(sampleValue(text, "site_document_render_queue")).toBe(0);
    // Process and event-loop metrics come with the rest.
    expect(text).toContain("process_resident_memory_bytes");
    expect(text).toContain("nodejs_eventloop_lag_seconds");
    // The disk under the mail written as files, and under the SQLite file; a PostgreSQL server's disk is its own host's to watch.
    for (const dir of engine === "sqlite" ? ["database", "mail"] : ["mail"]) {
      expect(sampleValue(text, "site_disk_free_ratio", { dir })).toBeGreaterThan(0);
      expect(sampleValue(text, "site_disk_free_ratio", { dir })).toBeLessThanOrEqual(1);
    }
    if (engine !== "sqlite") expect(sampleValue(text, "site_disk_free_ratio", { dir: "database" })).toBeUndefined();
  });

  it("reports due jobs by type with the oldest one's age, and payments past their provider's window", async () => {
    const clock = new ManualClock("2026-03-02T10:00:00.000Z");
    server = await startTestServer({ engine, clock });
    const { db } = server.container;
    await enqueueJob(db, clock, { type: "gift-receipt", payload: { giftId: "x" } });
    clock.advance(30_000);
    await enqueueJob(db, clock, { type: "gift-receipt", payload: { giftId: "y" } });
    // Not due yet: neither waiting nor aged.
    await enqueueJob(db, clock, { type: "invoice-mail", payload: {}, runAt: new Date(clock.now().getTime() + 3_600_000) });
    clock.advance(95_000);

    const ref = await addGift(server);
    const gift = await db.selectFrom("gifts").select("id").where("order_reference", "=", ref).executeTakeFirstOrThrow();
    const row = (id: string, status: "pending" | "paid", expiresAt: string) => ({
      id, gift_id: gift.id, method: "swish" as const, provider: "HLFSwish" as const, provider_reference: id, status, amount_ore: 50_000, payer_alias: null,
      client_token: null, client_url: null, error_code: null, created_at: "2026-03-02T09:00:00.000Z", updated_at: "2026-03-02T09:00:00.000Z",
      paid_at: null, expires_at: expiresAt, last_checked_at: null,
    });
    await db
      .insertInto("payments")
      .values([row("overdue", "pending", "2026-03-02T10:01:00.000Z"), row("in-window", "pending", "2026-03-02T11:00:00.000Z"), row("done", "paid", "2026-03-02T09:30:00.000Z")])
      .execute();

    const text = await scrape(server);
    expect(sampleValue(text, "site_jobs_waiting", { type: "gift-receipt" })).toBe(2);
    expect(sampleValue(text, "site_jobs_oldest_waiting_seconds", { type: "gift-receipt" })).toBe(125);
    expect(sampleValue(text, "site_jobs_waiting", { type: "invoice-mail" })).toBeUndefined();
    expect(sampleValue(text, "site_payments_overdue", { provider: "HLFSwish" })).toBe(1);
  });

  it("reports autogiro files sent, answered and refused, the newest answer's age and how long a sent file has waited", async () => {
    const clock = new ManualClock("2026-03-10T12:00:00.000Z");
    server = await startTestServer({ engine, clock });
    const file = (id: string, direction: "in" | "out", status: "sent" | "processed" | "rejected", createdAt: string) => ({
      id, provider: "Drip" as const, direction, layout: direction === "out" ? "request" : "answer", file_name: id, sha256: id, status, summary: null, created_at: createdAt, processed_at: createdAt,
    });
    await server.container.db
      .insertInto("provider_files")
      .values([
        file("req-1", "out", "sent", "2026-03-07T12:00:00.000Z"),
        file("ans-1", "in", "processed", "2026-03-08T12:00:00.000Z"),
        file("bad-1", "in", "rejected", "2026-03-09T06:00:00.000Z"),
        file("req-2", "out", "sent", "2026-03-09T12:00:00.000Z"),
        file("req-3", "out", "sent", "2026-03-10T00:00:00.000Z"),
      ])
      .execute();

    const text = await scrape(server);
    expect(sampleValue(text, "site_autogiro_files", { state: "sent" })).toBe(3);
    expect(sampleValue(text, "site_autogiro_files", { state: "answered" })).toBe(1);
    expect(sampleValue(text, "site_autogiro_files", { state: "refused" })).toBe(1);
    expect(sampleValue(text, "site_autogiro_newest_answer_age_seconds")).toBe(2 * 86_400);
    expect(sampleValue(text, "site_autogiro_unanswered_seconds")).toBe(86_400);
  });
});

describe("GET /metrics", () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.dispose();
    server = undefined;
  });

  it("labels requests by route pattern and status class, never by the URL or anything a visitor sent", async () => {
    server = await startTestServer();
    const ref = await addGift(server);
    await fetch(`${server.url}/api/Gift/DownloadPdfByOrderRef/${ref}`);
    await fetch(`${server.url}/api/no-such-service/${ref}?email=bertil.metrisk@exempel.se`);
    await fetch(`${server.url}/ge-en-gava/betalning/${ref}`);
    await fetch(`${server.url}/healthz`);

    const text = await scrape(server);
    expect(sampleValue(text, "site_http_request_duration_seconds_count", { method: "GET", route: "/api/Gift/DownloadPdfByOrderRef/:orderRef", status: "4xx" })).toBe(1);
    expect(sampleValue(text, "site_http_request_duration_seconds_count", { method: "POST", route: "/api/RegularGift/Add", status: "2xx" })).toBe(1);
    expect(sampleValue(text, "site_http_request_duration_seconds_count", { method: "GET", route: "api-unmatched", status: "4xx" })).toBe(1);
    expect(sampleValue(text, "site_http_request_duration_seconds_count", { method: "GET", route: "page", status: "5xx" })).toBe(1);
    expect(sampleValue(text, "site_http_request_duration_seconds_count", { method: "GET", route: "/healthz", status: "2xx" })).toBe(1);
    for (const value of labelValues(text)) {
      expect(value).not.toContain(ref);
      expect(value).not.toMatch(/@|metrisk|Exempelgatan|\?/i);
    }
  });

  it("counts refusals by the limit's name, not by who was refused, and e-mails the mail server refused", async () => {
    const refusing: Mailer = {
      send: () => Promise.reject(new Error("450 mailbox busy")),
    };
    server = await startTestServer({ mailer: refusing, env: { RATE_LIMIT_PREVIEWS_PER_MINUTE: "1" } });
    expect(await server.container.previewLimiter.hit("203.0.113.7")).toBe(true);
    expect(await server.container.previewLimiter.hit("203.0.113.7")).toBe(false);
    expect(await server.container.previewLimiter.hit("203.0.113.7")).toBe(false);
    await expect(server.container.mailer.send({ to: "a@exempel.se", subject: "s", text: "t" })).rejects.toThrow("mailbox busy");

    const text = await scrape(server);
    expect(sampleValue(text, "site_rate_limit_refusals_total", { limit: "previews" })).toBe(2);
    expect(text).not.toContain("203.0.113.7");
    expect(sampleValue(text, "site_mail_failed_total")).toBe(1);
    expect(sampleValue(text, "site_mail_sent_total")).toBe(0);
  });

  it("is refused through a proxy and to a wrong token, and answered to the configured token from anywhere", async () => {
    server = await startTestServer({ env: { METRICS_TOKEN: TOKEN } });
    const proxied = await fetch(`${server.url}/metrics`, { headers: { "x-forwarded-for": "198.51.100.4" } });
    expect(proxied.status).toBe(404);
    expect(await proxied.text()).not.toContain("site_");
    expect((await fetch(`${server.url}/metrics`, { headers: { forwarded: "for=198.51.100.4" } })).status).toBe(404);
    expect((await fetch(`${server.url}/metrics`, { headers: { authorization: "Bearer not-the-token" } })).status).toBe(404);
    await scrape(server, { "x-forwarded-for": "198.51.100.4", authorization: `Bearer ${TOKEN}` });
    await scrape(server);
  });

  it("is refused to a connection from another host without the token", () => {
    const from = (remoteAddress: string, headers: Record<string, string> = {}) => ({ socket: { remoteAddress }, headers }) as unknown as Parameters<typeof mayReadMetrics>[0];
    expect(mayReadMetrics(from("127.0.0.1"), undefined)).toBe(true);
    expect(mayReadMetrics(from("::1"), undefined)).toBe(true);
    expect(mayReadMetrics(from("10.0.0.5"), undefined)).toBe(false);
    expect(mayReadMetrics(from("10.0.0.5", { authorization: "Bearer x" }), undefined)).toBe(false);
    expect(mayReadMetrics(from("10.0.0.5", { authorization: `Bearer ${TOKEN}` }), TOKEN)).toBe(true);
  });
});
