import { afterEach, describe, expect, it } from "vitest";
import { ManualClock } from "../clock";
import { silentLogger } from "../logger";
import { createGift, type NewGift } from "../gifts/gift-service";
import { PaymentService, RefundNotPossibleError } from "../payments/payment-service";
import { transitionPayment } from "../payments/payment-transitions";
import { upsertIdentifiedDonor } from "../donors/donor-repository";
import { givingOverview } from "../donors/gift-history";
import { openTestDatabase, testEngines, type TestDatabase } from "#tests/support/test-databases";
import { findOrderForGift, fulfilmentQueue, orderItemEvents, orderItems } from "./order-repository";
import { transitionOrderItem } from "./order-transitions";
import { canTransitionOrderItem, ORDER_ITEM_STATUSES } from "./order-status";
import { productPaymentOutcomes } from "../product-payment-outcomes";

const PNR = "198112289874";

function memorialGift(key: string, items: NonNullable<NewGift["order"]>["items"], pnr: string | null = null): NewGift {
  return {
    giftType: "memorial",
    amountOre: 30_000,
    donorName: "Astrid Exempel",
    donorEmail: "astrid@exempel.se",
    donorPersonnummer: pnr,
    newsletterConsent: false,
    idempotencyKey: key,
    order: { kind: "single_order", items },
  };
}

const sheet = (channel: "post" | "email" | "funeral_parlour", dueDate: string | null) => ({
  kind: "memorial_sheet" as const,
  design: "lilja",
  content: { greeting: "Vi minns dig med värme.", signature: "Åsa och Örjan" },
  recipient: { name: "Familjen Öberg", email: channel === "email" ? "familjen@exempel.se" : null, address: { street: "Storgatan 1", postalCode: "111 22", city: "Exempelstad" } },
  channel,
  dueDate,
});

describe("order item statuses", () => {
  it("move only along the fulfilment path", () => {
    expect(canTransitionOrderItem("created", "ready")).toBe(true);
    expect(canTransitionOrderItem("ready", "sent")).toBe(true);
    expect(canTransitionOrderItem("failed", "ready")).toBe(true);
    expect(canTransitionOrderItem("sent", "failed")).toBe(true);
    expect(canTransitionOrderItem("created", "sent")).toBe(false);
    expect(canTransitionOrderItem("sent", "cancelled")).toBe(false);
    for (const to of ORDER_ITEM_STATUSES) expect(canTransitionOrderItem("cancelled", to)).toBe(false);
  });
});

describe.each(testEngines)("gifts, orders and refunds on %s", (engine) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  async function setUp() {
    database = await openTestDatabase(engine);
    const clock = new ManualClock("2026-11-23T09:00:00.000Z");
    const deps = { db: database.db, engine: database.engine, clock, logger: silentLogger, outcomes: productPaymentOutcomes };
    return { db: database.db, clock, deps, payments: new PaymentService({ ...deps, providers: {} }) };
  }

  async function payGift(deps: Awaited<ReturnType<typeof setUp>>["deps"], giftId: string, id: string) {
    const now = deps.clock.now().toISOString();
    await deps.db
      .insertInto("payments")
      .values({ id, gift_id: giftId, method: "card", provider: "Mondido", provider_reference: id, status: "pending", amount_ore: 30_000,
        payer_alias: null, client_token: null, client_url: null, error_code: null, last_checked_at: null, created_at: now, updated_at: now, paid_at: null, expires_at: now })
      .execute();
    return transitionPayment(deps, { paymentId: id, to: "paid", source: "callback" });
  }

  it("stores a gift and its order together, once per idempotency key", async () => {
    const { db, clock } = await setUp();
    const first = await createGift(db, clock, memorialGift("k1", [sheet("post", "2026-11-27")]));
    const again = await createGift(db, clock, memorialGift("k1", [sheet("post", "2026-11-27"), sheet("email", null)]));
    expect(again).toEqual({ gift: first.gift, created: false });
    expect(await db.selectFrom("orders").selectAll().execute()).toHaveLength(1);
    const order = await findOrderForGift(db, first.gift.id);
    const items = await orderItems(db, order!.id);
    expect(items.map((i) => [i.kind, i.channel, i.status, i.due_date])).toEqual([["memorial_sheet", "post", "created", "2026-11-27"]]);
    expect(items[0]!.reference).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(items[0]!.reference).not.toBe(first.gift.order_reference);
    expect(JSON.parse(items[0]!.content)).toEqual({ greeting: "Vi minns dig med värme.", signature: "Åsa och Örjan" });
    expect((await orderItemEvents(db, items[0]!.id)).map((e) => e.to_status)).toEqual(["created"]);
  });

  it("makes the order ready when the gift is paid, and the queue lists it by the date it must arrive", async () => {
    const { db, clock, deps } = await setUp();
    const later = await createGift(db, clock, memorialGift("later", [sheet("post", "2026-12-02")]));
    const sooner = await createGift(db, clock, memorialGift("sooner", [sheet("funeral_parlour", "2026-11-26"), sheet("email", null)]));
    const unpaid = await createGift(db, clock, memorialGift("unpaid", [sheet("post", "2026-11-24")]));
    expect(await fulfilmentQueue(db)).toEqual([]);

    await payGift(deps, later.gift.id, "pay-later");
    await payGift(deps, sooner.gift.id, "pay-sooner");
    const queue = await fulfilmentQueue(db);
    expect(queue.map((i) => i.due_date)).toEqual(["2026-11-26", "2026-12-02"]);
    expect(queue.every((i) => i.status === "ready")).toBe(true);
    const unpaidItems = await orderItems(db, (await findOrderForGift(db, unpaid.gift.id))!.id);
    expect(unpaidItems[0]!.status).toBe("created");
    const events = await orderItemEvents(db, queue[0]!.id);
    expect(events.map((e) => [e.from_status, e.to_status, e.source])).toEqual([
      [null, "created", "system"],
      ["created", "ready", "payment"],
    ]);
  });

  it("lets one writer move an item from a state, and records each move", async () => {
    const { db, clock, deps } = await setUp();
    const { gift } = await createGift(db, clock, memorialGift("race", [sheet("post", "2026-11-27")]));
    await payGift(deps, gift.id, "pay-race");
    const [item] = await orderItems(db, (await findOrderForGift(db, gift.id))!.id);
    const results = await Promise.all([
      transitionOrderItem(db, clock, { itemId: item!.id, to: "sent", source: "staff", data: { by: "staff-1" } }),
      transitionOrderItem(db, clock, { itemId: item!.id, to: "sent", source: "delivery" }),
    ]);
    expect(results.filter((r) => r.changed)).toHaveLength(1);
    expect((await transitionOrderItem(db, clock, { itemId: item!.id, to: "ready", source: "staff" })).changed).toBe(false);
    const sent = (await orderItems(db, item!.order_id))[0]!;
    expect(sent.status).toBe("sent");
    expect(sent.sent_at).toBe(clock.now().toISOString());
    expect((await orderItemEvents(db, item!.id)).filter((e) => e.to_status === "sent")).toHaveLength(1);
  });

  it("records a refund as its own event; the gift, its unsent documents and the tax summary follow", async () => {
    const { db, clock, deps, payments } = await setUp();
    const donor = await upsertIdentifiedDonor(db, clock, { personnummer: PNR, givenName: "Astrid", surname: "Exempel" });
    const kept = await createGift(db, clock, { ...memorialGift("kept", [sheet("post", null)], PNR), amountOre: 250_000 });
    const refunded = await createGift(db, clock, { ...memorialGift("refunded", [sheet("post", null), sheet("email", null)], PNR), amountOre: 100_000 });
    await payGift(deps, kept.gift.id, "pay-kept");
    await payGift(deps, refunded.gift.id, "pay-refunded");
    const [sentItem] = await orderItems(db, (await findOrderForGift(db, refunded.gift.id))!.id);
    await transitionOrderItem(db, clock, { itemId: sentItem!.id, to: "sent", source: "staff" });
    expect((await givingOverview(db, donor)).taxYears[0]!.qualifyingOre).toBe(350_000);

    const payment = await payments.recordRefund("pay-refunded", { by: "ekonomi@exempel.se", reason: "Dubbelbetalning" });
    expect(payment.status).toBe("refunded");
    const events = await db.selectFrom("payment_events").selectAll().where("payment_id", "=", "pay-refunded").orderBy("id").execute();
    expect(events.at(-1)).toMatchObject({ from_status: "paid", to_status: "refunded", source: "staff" });
    expect(JSON.parse(events.at(-1)!.data!)).toMatchObject({ by: "ekonomi@exempel.se", reason: "Dubbelbetalning" });
    expect((await db.selectFrom("gifts").select("status").where("id", "=", refunded.gift.id).executeTakeFirstOrThrow()).status).toBe("refunded");
    const items = await orderItems(db, sentItem!.order_id);
    expect(items.map((i) => i.status)).toEqual(["sent", "cancelled"]);

    const overview = await givingOverview(db, donor);
    expect(overview.taxYears[0]!.qualifyingOre).toBe(250_000);
    expect(overview.gifts.find((g) => g.orderReference === refunded.gift.order_reference)?.statusLabel).toBe("Återbetald");

    await expect(payments.recordRefund("pay-refunded", { by: "x", reason: "igen" })).rejects.toBeInstanceOf(RefundNotPossibleError);
    const unpaid = await createGift(db, clock, memorialGift("unpaid-refund", [sheet("post", null)]));
    await db.insertInto("payments").values({ id: "pay-open", gift_id: unpaid.gift.id, method: "swish", provider: "HLFSwish", provider_reference: "open", status: "pending", amount_ore: 30_000,
      payer_alias: null, client_token: null, client_url: null, error_code: null, last_checked_at: null, created_at: "x", updated_at: "x", paid_at: null, expires_at: "x" }).execute();
    await expect(payments.recordRefund("pay-open", { by: "x", reason: "y" })).rejects.toBeInstanceOf(RefundNotPossibleError);
  });

  it("links gifts to their donor: at once when the donor is known, and earlier gifts when they identify", async () => {
    const { db, clock } = await setUp();
    const before = await createGift(db, clock, memorialGift("before", [sheet("post", null)], PNR));
    const stranger = await createGift(db, clock, memorialGift("stranger", [sheet("post", null)], "191212121212"));
    expect(before.gift.donor_id).toBeNull();
    const donor = await upsertIdentifiedDonor(db, clock, { personnummer: PNR, givenName: "Astrid", surname: "Exempel" });
    const after = await createGift(db, clock, memorialGift("after", [sheet("post", null)], PNR));
    // Logged in, giving without a personnummer: the session says whose gift it is.
    const loggedIn = await createGift(db, clock, { ...memorialGift("logged-in", [sheet("post", null)]), donorId: donor.id });
    expect(loggedIn.gift.donor_id).toBe(donor.id);
    const rows = await db.selectFrom("gifts").select(["id", "donor_id"]).execute();
    const byId = Object.fromEntries(rows.map((r) => [r.id, r.donor_id]));
    expect(byId[before.gift.id]).toBe(donor.id);
    expect(byId[after.gift.id]).toBe(donor.id);
    expect(byId[stranger.gift.id]).toBeNull();
    expect((await givingOverview(db, donor)).gifts.map((g) => g.orderReference).sort()).toEqual(
      [before.gift.order_reference, after.gift.order_reference, loggedIn.gift.order_reference].sort(),
    );
  });
});
