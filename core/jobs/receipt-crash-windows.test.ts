import crypto from "node:crypto";
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "../clock";
import { silentLogger } from "../logger";
import type { Mailer, MailMessage } from "../mail/mailer";
import type { DocumentRenderer } from "../documents/document-renderer";
import { loadSiteConfig } from "../site/site-config";
import { createGift } from "../gifts/gift-service";
import { sendReceipt } from "../gifts/send-receipt";
import { transitionPayment } from "../payments/payment-transitions";
import { RECEIPT_JOB } from "../gifts/gift-payment-outcomes";
import { openTestDatabase, testEngines, type TestDatabase } from "#tests/support/test-databases";
import { testNewGift } from "#tests/support/test-gift";
import { JobRunner } from "./job-runner";
import { LOCK_MS } from "./job-queue";
import { productPaymentOutcomes } from "../product-payment-outcomes";

/**
 * Issue #19: a receipt is e-mailed and then its job is marked done. A crash,
 * an error or a second runner in between could send it twice. These tests
 * kill the "process" before every statement of a receipt job in turn, and
 * count: exactly one crash point sends twice – the instant between the mail
 * server's acceptance and the statement that records it, which no code can
 * close (decision 0025) – and none loses the receipt. Then the two ways the
 * window used to be wider: a claim that ran out while the receipt was
 * prepared, and a failing write right after the mailer accepted.
 */
class ProcessDied extends Error {}

/** Kills the process before its `at`-th statement: that statement and every later one fail (an open transaction rolls back). */
class CrashBefore implements KyselyPlugin {
  statements = 0;
  dead = false;
  constructor(private readonly at: number) {}
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.statements += 1;
    if (this.dead || this.statements >= this.at) {
      this.dead = true;
      throw new ProcessDied(`died before statement ${this.at}`);
    }
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

/** Fails one statement – the first UPDATE of `jobs` after `armed` is set – and lets everything else through: a database hiccup. */
class FailOneJobsUpdate implements KyselyPlugin {
  armed = false;
  failed = false;
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const node = args.node;
    if (this.armed && !this.failed && node.kind === "UpdateQueryNode" && JSON.stringify(node.table).includes('"jobs"')) {
      this.failed = true;
      throw new Error("database is locked");
    }
    return node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

const site = loadSiteConfig({});
const clock = new ManualClock("2026-02-10T09:00:00Z");

/** A mail server: what it accepted. */
function recordingMailer(onAccept: () => void = () => {}): Mailer & { accepted: MailMessage[] } {
  const accepted: MailMessage[] = [];
  return {
    accepted,
    async send(message) {
      accepted.push(message);
      onAccept();
    },
  };
}

const documents = (beforeRender: () => Promise<void> = async () => {}): DocumentRenderer => ({
  async render() {
    await beforeRender();
    return Buffer.from("png");
  },
});

describe.each(testEngines)("a receipt job's crash windows on %s", (engine) => {
  let db: TestDatabase;
  beforeEach(async () => {
    db = await openTestDatabase(engine);
  });
  afterEach(() => db.dispose());

  /** A paid gift: its receipt job is queued in the payment's transition, as in production. */
  async function paidGift(): Promise<string> {
    const { gift } = await createGift(db.db, clock, testNewGift());
    const now = clock.now().toISOString();
    const id = crypto.randomUUID();
    await db.db
      .insertInto("payments")
      .values({ id, gift_id: gift.id, method: "invoice", provider: "Invoice", provider_reference: id, status: "pending", amount_ore: gift.amount_ore,
        payer_alias: null, client_token: null, client_url: null, error_code: null, last_checked_at: null, created_at: now, updated_at: now, paid_at: null, expires_at: now })
      .execute();
    await transitionPayment({ db: db.db, clock, logger: silentLogger, outcomes: productPaymentOutcomes }, { paymentId: id, to: "paid", source: "import" });
    return gift.id;
  }

  function runner(executor: TestDatabase["db"], mailer: Mailer, renderer: DocumentRenderer = documents()): JobRunner {
    return new JobRunner({
      db: executor,
      engine: db.engine,
      clock,
      logger: silentLogger,
      sleep: async () => {},
      handlers: { [RECEIPT_JOB]: (payload, attempt) => sendReceipt({ db: executor, mailer, site, publicUrl: "https://www.exempel.se", documents: renderer }, payload, attempt) },
    });
  }

  /** The receipt job done as far as it goes: a run that may die, then a restarted process once the dead one's claim has run out. */
  async function crashAndRestart(crashAt: number) {
    const giftId = await paidGift();
    const plugin = new CrashBefore(crashAt);
    let acceptedAfter = -1;
    const mailer = recordingMailer();
    const dying = runner(db.db.withPlugin(plugin), {
      async send(message) {
        if (plugin.dead) throw new ProcessDied("no process to send from");
        await mailer.send(message);
        acceptedAfter = plugin.statements;
      },
    });
    await dying.runOnce().catch((error: unknown) => {
      if (!(error instanceof ProcessDied)) throw error;
    });
    clock.advance(LOCK_MS + 1_000);
    await runner(db.db, mailer).runAllDue();
    const job = await db.db.selectFrom("jobs").select(["done_at"]).where("dedupe_key", "=", `receipt:${giftId}`).executeTakeFirstOrThrow();
    expect(job.done_at).not.toBeNull();
    return { sent: mailer.accepted.length, died: plugin.dead, acceptedAfter, statements: plugin.statements };
  }

  it("sends twice only when the process dies between the mail server's acceptance and the statement recording it", async () => {
    const doubles: number[] = [];
    let acceptedAfter = -1;
    let crashPoints = 0;
    for (let at = 1; ; at += 1) {
      const outcome = await crashAndRestart(at);
      if (!outcome.died) break; // the run finished before statement `at`: every crash point is covered
      crashPoints += 1;
      expect(outcome.sent, `crash before statement ${at}`).toBeGreaterThanOrEqual(1);
      if (outcome.sent > 1) doubles.push(at);
      if (outcome.acceptedAfter >= 0) acceptedAfter = outcome.acceptedAfter;
    }
    expect(crashPoints).toBeGreaterThanOrEqual(4);
    // One crash point in the whole job, and it is the statement right after the acceptance.
    expect(doubles).toEqual([acceptedAfter + 1]);
  });

  it("does not send again when its claim ran out while the receipt was prepared and another runner took it over", async () => {
    const giftId = await paidGift();
    const mailer = recordingMailer();
    const other = runner(db.db, mailer);
    let tookOver = false;
    // The first runner is slow to render (a loaded machine): its claim runs out and another runner sends the receipt meanwhile.
    const slow = runner(
      db.db,
      mailer,
      documents(async () => {
        if (tookOver) return;
        tookOver = true;
        clock.advance(LOCK_MS + 1_000);
        expect(await other.runOnce()).toBe(1);
      }),
    );
    await slow.runOnce();
    expect(tookOver).toBe(true);
    expect(mailer.accepted.map((m) => m.to)).toEqual(["astrid@exempel.se"]);
    const job = await db.db.selectFrom("jobs").select(["done_at", "attempts"]).where("dedupe_key", "=", `receipt:${giftId}`).executeTakeFirstOrThrow();
    expect(job).toMatchObject({ attempts: 2 });
    expect(job.done_at).not.toBeNull();
  });

  it("does not send again when the write right after the mail server's acceptance fails once", async () => {
    await paidGift();
    const plugin = new FailOneJobsUpdate();
    const mailer = recordingMailer(() => (plugin.armed = true));
    const jobs = runner(db.db.withPlugin(plugin), mailer);
    await jobs.runOnce();
    expect(plugin.failed).toBe(true);
    clock.advance(LOCK_MS + 60_000);
    await jobs.runAllDue();
    expect(mailer.accepted).toHaveLength(1);
  });
});
