import { Gauge, type Registry } from "prom-client";
import type { Kysely } from "kysely";
import type { Clock } from "#core/clock";
import type { DB } from "#db/schema";
import { OPEN_STATUSES } from "#core/payments/payment-status";

/**
 * Gauges read from the database when Prometheus scrapes (decision 0043):
 * what is true of the whole site, whichever instance did it, so every
 * instance answers the same and a restart loses nothing. Each is one small
 * query over an index: payments by (status, expires_at), jobs by (done_at,
 * run_at); provider_files holds a few rows a day.
 */
export function registerDatabaseGauges(registry: Registry, deps: { db: Kysely<DB>; clock: Clock }): void {
  const { db, clock } = deps;
  const registers = [registry];
  const nowMs = () => clock.now().getTime();
  const ageSeconds = (iso: string) => Math.max(0, (nowMs() - Date.parse(iso)) / 1000);

  new Gauge({
    name: "site_payments_overdue",
    help: "Payments still open (created or pending) after their provider's window ended; reconciliation should have ended them.",
    labelNames: ["provider"],
    registers,
    async collect() {
      const rows = await db
        .selectFrom("payments")
        .select(["provider", (eb) => eb.fn.countAll<number>().as("count")])
        .where("status", "in", OPEN_STATUSES)
        .where("expires_at", "<", clock.now().toISOString())
        .groupBy("provider")
        .execute();
      this.reset();
      for (const row of rows) this.set({ provider: row.provider }, Number(row.count));
    },
  });

  const dueJobs = () =>
    db
      .selectFrom("jobs")
      .select(["type", (eb) => eb.fn.countAll<number>().as("count"), (eb) => eb.fn.min("run_at").as("oldest")])
      .where("done_at", "is", null)
      .where("run_at", "<=", clock.now().toISOString())
      .groupBy("type")
      .execute();
  // Each gauge asks for itself: prom-client collects them side by side, so one cannot fill in another's values.
  new Gauge({
    name: "site_jobs_waiting",
    help: "Jobs due and not yet done, by type.",
    labelNames: ["type"],
    registers,
    async collect() {
      const rows = await dueJobs();
      this.reset();
      for (const row of rows) this.set({ type: row.type }, Number(row.count));
    },
  });
  new Gauge({
    name: "site_jobs_oldest_waiting_seconds",
    help: "How long the longest-waiting due job of each type has been due.",
    labelNames: ["type"],
    registers,
    async collect() {
      const rows = await dueJobs();
      this.reset();
      for (const row of rows) this.set({ type: row.type }, ageSeconds(row.oldest));
    },
  });

  new Gauge({
    name: "site_jobs_failed",
    help: "Jobs given up after their last attempt and left for a person to look at, by type.",
    labelNames: ["type"],
    registers,
    async collect() {
      const rows = await db
        .selectFrom("jobs")
        .select(["type", (eb) => eb.fn.countAll<number>().as("count")])
        .where("done_at", "=", "failed")
        .groupBy("type")
        .execute();
      this.reset();
      for (const row of rows) this.set({ type: row.type }, Number(row.count));
    },
  });

  registerAutogiroGauges(registry, deps, ageSeconds);
}

/** Autogiro files: request files sent, answer files booked or refused, and how long answers have been missing. */
function registerAutogiroGauges(registry: Registry, deps: { db: Kysely<DB> }, ageSeconds: (iso: string) => number): void {
  const { db } = deps;
  const registers = [registry];
  const newestAnswer = async () =>
    (await db.selectFrom("provider_files").select((eb) => eb.fn.max("created_at").as("at")).where("direction", "=", "in").where("status", "=", "processed").executeTakeFirst())
      ?.at ?? null;

  new Gauge({
    name: "site_autogiro_files",
    help: "Autogiro files: request files sent to Bankgirot, answer files booked (answered) and refused.",
    labelNames: ["state"],
    registers,
    async collect() {
      const rows = await db
        .selectFrom("provider_files")
        .select(["direction", "status", (eb) => eb.fn.countAll<number>().as("count")])
        .groupBy(["direction", "status"])
        .execute();
      const count = (direction: string, status: string) => Number(rows.find((r) => r.direction === direction && r.status === status)?.count ?? 0);
      this.set({ state: "sent" }, count("out", "sent"));
      this.set({ state: "answered" }, count("in", "processed"));
      this.set({ state: "refused" }, count("in", "rejected"));
    },
  });

  new Gauge({
    name: "site_autogiro_newest_answer_age_seconds",
    help: "Age of the newest answer file booked from Bankgirot; absent until the first.",
    registers,
    async collect() {
      const at = await newestAnswer();
      this.reset();
      if (at) this.set(ageSeconds(at));
    },
  });

  new Gauge({
    name: "site_autogiro_unanswered_seconds",
    help: "How long the oldest request file sent since the newest answer has waited for an answer; 0 when none waits.",
    registers,
    async collect() {
      const since = await newestAnswer();
      let query = db.selectFrom("provider_files").select((eb) => eb.fn.min("created_at").as("at")).where("direction", "=", "out").where("status", "=", "sent");
      if (since) query = query.where("created_at", ">", since);
      const oldest = (await query.executeTakeFirst())?.at ?? null;
      this.set(oldest ? ageSeconds(oldest) : 0);
    },
  });
}
