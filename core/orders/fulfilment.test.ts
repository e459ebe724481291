import { afterEach, describe, expect, it } from "vitest";
import { ManualClock } from "../clock";
import { openTestDatabase, testEngines, type TestDatabase } from "#tests/support/test-databases";
import { testMemorialGift } from "#tests/support/test-memorial-gift";
import { memorialOrderView } from "../memorial/memorial-order-view";
import { findOrderItem, orderItemEvents } from "./order-repository";
import { transitionOrderItem } from "./order-transitions";
import { FulfilmentRefusal, failedDeliveries, formatPostQueue, markPosted, postQueue } from "./fulfilment";
import { postBatch } from "./post-work";
import { loadSiteConfig } from "../site/site-config";

describe.each(testEngines)("post fulfilment on %s", (engine) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });
  // Monday 23 November 2026, 10:00 in Stockholm: posted today, a letter arrives by Wednesday 25th.
  const clock = new ManualClock("2026-11-23T09:00:00.000Z");
  const setUp = async () => (database = await openTestDatabase(engine)).db;

  it("lists the ready post items by the date they must arrive, urgent ones marked, never e-mail ones", async () => {
    const db = await setUp();
    const later = await testMemorialGift(db, clock, { channel: "post", dueDate: "2026-12-04" });
    const urgent = await testMemorialGift(db, clock, { channel: "funeral_parlour", recipientEmail: null, dueDate: "2026-11-26" });
    const late = await testMemorialGift(db, clock, { channel: "post", dueDate: "2026-11-24" });
    await testMemorialGift(db, clock, { channel: "email" });
    await testMemorialGift(db, clock, { channel: "funeral_parlour" });
    await testMemorialGift(db, clock, { channel: "post", paid: false });

    const queue = await postQueue(db, clock.now());
    expect(queue.map((e) => [e.item.reference, e.urgent, e.late])).toEqual([
      [late.item.reference, true, true],
      [urgent.item.reference, true, false],
      [later.item.reference, false, false],
    ]);
    const text = formatPostQueue(queue);
    expect(text).toContain("3 to post, 2 urgent");
    expect(text).toMatch(new RegExp(`LATE +2026-11-24 +${late.item.reference} +minnesblad: Märta Öberg`));
    expect(text).toMatch(new RegExp(`URGENT 2026-11-26 +${urgent.item.reference}`));
    expect(text).toContain("Familjen Öberg, Storgatan 1, 111 22 Exempelstad");
    expect(formatPostQueue([])).toMatch(/^Nothing to post/);

    const batch = await postBatch(db, loadSiteConfig({}), queue.map((entry) => ({ type: "item", entry })));
    expect(
      batch.data.entries.map((e) => {
        const sheet = e.documents[0]!;
        if (sheet.kind !== "memorial-sheet") throw new Error(`expected a memorial sheet, got ${sheet.kind}`);
        return [e.reference, e.address.postalCode, sheet.data.deceasedName, sheet.data.amountOre];
      }),
    ).toEqual([
      [late.item.reference, "111 22", "Märta Öberg", null],
      [urgent.item.reference, "111 22", "Märta Öberg", null],
      [later.item.reference, "111 22", "Märta Öberg", null],
    ]);
  });

  it("marks posted items sent by staff, refusing unknown or not-ready references without changing anything", async () => {
    const db = await setUp();
    const a = await testMemorialGift(db, clock, { channel: "post" });
    const b = await testMemorialGift(db, clock, { channel: "post" });
    const unpaid = await testMemorialGift(db, clock, { channel: "post", paid: false });

    const refusal = await markPosted(db, clock, [a.item.reference, "01ARZ3NDEKTSV4RRFFQ69G5FAV", unpaid.item.reference], "anna").catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(FulfilmentRefusal);
    expect((refusal as FulfilmentRefusal).problems).toEqual([
      "01ARZ3NDEKTSV4RRFFQ69G5FAV: no such order item.",
      `${unpaid.item.reference}: is created, only ready items can be marked sent.`,
    ]);
    expect((await findOrderItem(db, a.item.id))!.status).toBe("ready");

    const sent = await markPosted(db, clock, [a.item.reference, b.item.reference.toLowerCase()], "anna");
    expect(sent.map((i) => i.status)).toEqual(["sent", "sent"]);
    expect((await orderItemEvents(db, a.item.id)).at(-1)).toMatchObject({ to_status: "sent", source: "staff" });
    await expect(markPosted(db, clock, [a.item.reference], "anna")).rejects.toThrow(/is sent, only ready items/);
    expect(await postQueue(db, clock.now())).toEqual([]);
  });

  it("lists failed deliveries newest first, with the error their last failure recorded", async () => {
    const db = await setUp();
    const bounced = await testMemorialGift(db, clock, { channel: "email" });
    const unmade = await testMemorialGift(db, clock, { channel: "post" });
    await testMemorialGift(db, clock, { channel: "post" });
    await transitionOrderItem(db, clock, { itemId: bounced.item.id, to: "failed", source: "delivery", data: { error: "550 mailbox unavailable" } });
    const minuteLater = new ManualClock(new Date(clock.now().getTime() + 60_000));
    await transitionOrderItem(db, minuteLater, { itemId: unmade.item.id, to: "failed", source: "staff" });
    expect((await failedDeliveries(db)).map((f) => [f.item.reference, f.failedAt, f.error])).toEqual([
      [unmade.item.reference, minuteLater.now().toISOString(), null],
      [bounced.item.reference, clock.now().toISOString(), "550 mailbox unavailable"],
    ]);
  });

  it("shows the donor the order in Swedish as it moves", async () => {
    const db = await setUp();
    const { gift, item, paymentId } = await testMemorialGift(db, clock, { channel: "post", paid: false, dueDate: "2026-12-03" });
    expect(await memorialOrderView(db, "not-a-reference", clock.now())).toBeNull();
    expect(await memorialOrderView(db, "01ARZ3NDEKTSV4RRFFQ69G5FAV", clock.now())).toBeNull();
    const waiting = await memorialOrderView(db, gift.order_reference, clock.now());
    expect(waiting).toMatchObject({
      deceasedName: "Märta Öberg",
      destination: "med post till Familjen Öberg",
      address: ["Familjen Öberg", "Storgatan 1", "111 22 Exempelstad"],
      statusLabel: "Väntar på betalning",
      funeralDate: "2026-12-04",
    });
    expect(waiting!.arrival).toContain("kommer fram senast onsdag 25 november");
    expect(paymentId).toBeTruthy();

    await transitionOrderItem(db, clock, { itemId: item.id, to: "ready", source: "payment" });
    expect((await memorialOrderView(db, gift.order_reference, clock.now()))!.statusLabel).toBe("Förbereds");
    await markPosted(db, clock, [item.reference], "anna");
    const sent = await memorialOrderView(db, gift.order_reference, clock.now());
    expect(sent!.statusLabel).toBe("Skickat den 23 november 2026");
    expect(sent!.arrival).toBe("Minnesbladet postades måndag 23 november och kommer fram senast onsdag 25 november.");
    await transitionOrderItem(db, clock, { itemId: item.id, to: "failed", source: "staff" });
    expect((await memorialOrderView(db, gift.order_reference, clock.now()))!).toMatchObject({ statusLabel: "Kunde inte skickas – vi hör av oss", arrival: null });
    await transitionOrderItem(db, clock, { itemId: item.id, to: "cancelled", source: "staff" });
    expect((await memorialOrderView(db, gift.order_reference, clock.now()))!.statusLabel).toBe("Avbruten");
  });
});
