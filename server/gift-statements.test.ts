import crypto from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from "kysely";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { testEngines } from "#tests/support/test-databases";
import { PaymentService } from "#core/payments/payment-service";
import { giveGift } from "#core/gifts/give-gift";
import { giftFormSchema } from "#core/gifts/gift-form";
import { paymentEvents } from "#core/payments/payment-repository";
import { buildRateLimiter } from "./rate-limiter-setup";
import { MINUTE_MS } from "#core/rate-limits/rate-limiter";

/**
 * What one gift and its Swish start ask of the database (issue #33: a gala
 * night's gifts on PostgreSQL come down to round trips). The gift and its
 * first attempt are one transaction, the provider's answer another, and
 * nothing is read back that the code has just written. A change that adds a
 * statement to every gift fails here and must say why.
 */
class StatementLog implements KyselyPlugin {
  readonly statements: string[] = [];

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.statements.push(statementOf(args.node));
    return args.node;
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}

/** A statement's kind and table: enough to see what a gift asks, without the values. */
function statementOf(node: RootOperationNode): string {
  const table = (n: unknown): string => JSON.stringify(n).match(/"kind":"IdentifierNode","name":"([a-z_]+)"/)?.[1] ?? "?";
  switch (node.kind) {
    case "InsertQueryNode":
      return `insert ${table(node.into)}`;
    case "UpdateQueryNode":
      return `update ${table(node.table)}`;
    case "SelectQueryNode":
      return `select ${table(node.from)}`;
    case "DeleteQueryNode":
      return `delete ${table(node.from)}`;
    default:
      return node.kind;
  }
}
describe.each(testEngines)("one gift and its Swish start, on %s", (engine) => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.dispose();
    server = undefined;
  });

  it("writes the gift with its attempt, then Swish's answer, and reads nothing back", async () => {
    server = await startTestServer({ engine });
    const container = server.container;
    const log = new StatementLog();
    const db = container.db.withPlugin(log);
    const limiter = buildRateLimiter({
      db,
      engine: container.engine,
      clock: container.clock,
      logger: container.logger,
    });
    const payments = new PaymentService({
      db,
      engine: container.engine,
      clock: container.clock,
      logger: container.logger,
      outcomes: container.paymentOutcomes,
      providers: { HLFSwish: container.payments.provider("HLFSwish") },
      startLimits: {
        visitor: () => "198.51.100.7",
        perVisitor: limiter.limit("payment-starts-per-visitor", 10, MINUTE_MS),
        perPayer: limiter.limit("swish-requests-per-phone", 10, MINUTE_MS),
      },
    });
    // The shared counters' once-a-minute tidying (a delete) comes with the first count: done before we listen.
    await limiter.limit("payment-starts-per-visitor", 10, MINUTE_MS).hit("203.0.113.1");
    await new Promise((resolve) => setTimeout(resolve, 50));
    log.statements.length = 0;
    const form = giftFormSchema(container.giftLimits).parse({
      amount: "250",
      name: "Märta Exempel",
      email: "marta@exempel.se",
      paymentMethod: "swish",
      swishDevice: "this",
      idempotencyKey: crypto.randomUUID(),
    });

    const { gift, payment } = await giveGift(
      {
        db,
        clock: container.clock,
        payments,
        recipientMail: limiter.limit("email-per-recipient", 10, MINUTE_MS),
      },
      form,
    );

    expect(payment).toMatchObject({
      gift_id: gift.id,
      provider: "HLFSwish",
      status: "pending",
    });
    expect(payment.client_token).toBeTruthy();
    // The start counted in the database only where instances share their counts (decision 0029).
    const counted = engine === "postgres" ? ["insert rate_limit_counters"] : [];
    expect(log.statements).toEqual([
      "insert gifts",
      ...counted,
      "insert payments",
      "insert payment_events",
      "update payments",
      "insert payment_events",
    ]);
    // What those statements wrote is what a read finds.
    const stored = await container.db.selectFrom("payments").selectAll().where("id", "=", payment.id).executeTakeFirstOrThrow();
    expect(stored).toEqual(payment);
    expect((await paymentEvents(container.db, payment.id)).map((e) => e.to_status)).toEqual(["created", "pending"]);

    // The same submit again (a double click) stores nothing new and sends Swish nothing.
    const again = await giveGift(
      {
        db,
        clock: container.clock,
        payments,
        recipientMail: limiter.limit("email-per-recipient", 10, MINUTE_MS),
      },
      form,
    );
    expect(again.gift.id).toBe(gift.id);
    expect(again.payment.id).toBe(payment.id);
    expect(await container.db.selectFrom("payments").select("id").where("gift_id", "=", gift.id).execute()).toHaveLength(1);
  });
});
