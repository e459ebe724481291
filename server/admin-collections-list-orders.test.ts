import crypto from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { clientIpContext, containerContext } from "#app/context";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { testEngines } from "#tests/support/test-databases";
import { ManualClock } from "#core/clock";
import { silentLogger } from "#core/logger";
import { TEST_PERSONNUMMER } from "#core/identity/test-personnummer";
import { transitionPayment } from "#core/payments/payment-transitions";
import { collectionGiftSchema, openCollectionSchema } from "#core/memorial/collection-forms";
import { giveCollectionGift, openCollection, findCollectionWithMemorial } from "#core/memorial/collection-service";
import { giveListOrder, listOrderFormSchema, readRecipientList } from "#core/list-orders/list-order";
import * as collectionsPage from "#app/admin/admin-collections";
import * as collectionPage from "#app/admin/admin-collection";
import * as listOrdersPage from "#app/admin/admin-list-orders";
import * as listOrderPage from "#app/admin/admin-list-order";

const IP = "10.1.2.3";
const TODAY = "2026-11-23";

/** The back office's memorial collection and list order sections, called as React Router calls them, on both engines. */
describe.each(testEngines)("memorial collections and list orders in the back office on %s", (engine) => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.dispose();
    server = undefined;
  });
  const clock = new ManualClock(`${TODAY}T12:00:00Z`);

  async function setUp() {
    server = await startTestServer({ engine, clock, env: { RESEARCH_SNAPSHOT_FILE: "/nonexistent/research-projects.json" } });
    const cookies: Record<string, string> = {};
    for (const [i, role] of (["insamling", "ekonomi"] as const).entries()) {
      const { member } = await server.container.staff.members.register(TEST_PERSONNUMMER[i + 1]!, [role], null);
      cookies[role] = (await server.container.staff.sessions.login(member.id, IP, null)).split(";")[0]!;
    }
    const s = server;
    const context = () => {
      const provider = new RouterContextProvider();
      provider.set(containerContext, s.container);
      provider.set(clientIpContext, IP);
      return provider;
    };
    const request = (path: string, cookie: string, body?: URLSearchParams) =>
      new Request(`${s.url}${path}`, { method: body ? "POST" : "GET", headers: { cookie, ...(body ? { origin: s.url } : {}) }, body });
    async function run<T>(fn: () => Promise<T>): Promise<{ status: number; value: T | unknown }> {
      try {
        const value = await fn();
        const init = (value as { init?: { status?: number } } | null)?.init;
        return { status: value instanceof Response ? value.status : (init?.status ?? 200), value };
      } catch (thrown) {
        if (thrown instanceof Response) return { status: thrown.status, value: thrown };
        const init = (thrown as { init?: { status?: number } }).init;
        if (init?.status) return { status: init.status, value: thrown };
        throw thrown;
      }
    }
    const audit = () => s.container.db.selectFrom("audit_log").selectAll().orderBy("id").execute();
    return { s, cookies, context, request, run, audit };
  }

  async function pay(s: TestServer, giftId: string) {
    const payment = await s.container.db.selectFrom("payments").select("id").where("gift_id", "=", giftId).executeTakeFirstOrThrow();
    await transitionPayment({ db: s.container.db, clock, logger: silentLogger, outcomes: s.container.paymentOutcomes }, { paymentId: payment.id, to: "paid", source: "import" });
  }

  it("lists collections with paid gifts and totals, shows one with its gifts and settings, and closes it for the organiser once – audited", async () => {
    const t = await setUp();
    const { container } = t.s;
    const person = container.memorial.simulator!.deceased().find((p) => p.funeralDate !== null && p.funeralDate > TODAY)!;
    const { collection } = await openCollection(
      { db: container.db, clock, memorialLookup: container.memorialLookup, linkKey: container.collections.linkKey, perDeceased: container.collections.perDeceased, recipientMail: container.recipientMail },
      openCollectionSchema().parse({
        deceasedId: person.id,
        organiserKind: "family",
        organiserName: "Familjen Öberg",
        organiserEmail: "familjen.oberg@exempel.se",
        message: "Tänk gärna på forskningen.",
        design: "ljus",
        slug: "",
        showGreetings: "on",
        showTotal: "on",
        familyConsent: "on",
      }),
    );
    const target = (await findCollectionWithMemorial(container.db, collection.slug))!;
    const give = (name: string, amount: string) =>
      giveCollectionGift(
        container,
        target,
        collectionGiftSchema(container.giftLimits).parse({
          amount,
          name,
          email: "givare@exempel.se",
          paymentMethod: "invoice",
          street: "Storgatan 1",
          postalCode: "111 22",
          city: "Umeå",
          idempotencyKey: crypto.randomUUID(),
          greeting: "Vi minns dig.",
          signature: name,
        }),
      );
    const paid = await give("Karin Lind", "300");
    await pay(t.s, paid.gift.id);
    clock.advance(60_000);
    await give("Olle Berg", "150");

    const list = await t.run(() => collectionsPage.loader({ request: t.request("/admin/insamlingar?status=oppna", t.cookies.insamling!), context: t.context(), params: {} } as never));
    const rows = (list.value as Awaited<ReturnType<typeof collectionsPage.loader>>).collections;
    expect(rows).toEqual([expect.objectContaining({ id: collection.id, status: "open", organiserName: "Familjen Öberg", paidGifts: 1, totalOre: 30_000, deceasedName: target.memorial.name })]);
    expect((await t.audit()).at(-1)).toMatchObject({ action: "collections.list", outcome: "ok" });
    const closedOnly = await t.run(() => collectionsPage.loader({ request: t.request("/admin/insamlingar?status=stangda", t.cookies.insamling!), context: t.context(), params: {} } as never));
    expect((closedOnly.value as Awaited<ReturnType<typeof collectionsPage.loader>>).collections).toHaveLength(0);

    const params = { collectionId: collection.id };
    const page = (await t.run(() => collectionPage.loader({ request: t.request(`/admin/insamlingar/${collection.id}`, t.cookies.insamling!), context: t.context(), params } as never)))
      .value as Awaited<ReturnType<typeof collectionPage.loader>>;
    expect(page.gifts.map((g) => [g.donorName, g.giftStatus, g.signature])).toEqual([
      ["Olle Berg", "awaiting_payment", "Olle Berg"],
      ["Karin Lind", "paid", "Karin Lind"],
    ]);
    expect(page.collection).toMatchObject({ organiserEmail: "familjen.oberg@exempel.se", showGreetings: true, showTotal: true, status: "open" });
    expect((await t.audit()).at(-1)).toMatchObject({ action: "collection.view", subject_id: collection.id });

    const close = (cookie: string, fields: Record<string, string>) =>
      t.run(() => collectionPage.action({ request: t.request(`/admin/insamlingar/${collection.id}`, cookie, new URLSearchParams({ intent: "close", ...fields })), context: t.context(), params } as never));
    expect((await close(t.cookies.ekonomi!, { how: "Telefon", confirm: "on" })).status).toBe(403);
    const unconfirmed = await close(t.cookies.insamling!, { how: "Telefon idag" });
    expect(unconfirmed.status).toBe(400);
    expect((await t.audit()).at(-1)).toMatchObject({ action: "collection.close", outcome: "refused" });
    expect((await container.db.selectFrom("fundraisers").select("status").executeTakeFirstOrThrow()).status).toBe("open");
    expect((await close(t.cookies.insamling!, { how: "Telefon 23/11 med Anna Öberg", confirm: "on" })).status).toBe(200);
    expect((await container.db.selectFrom("fundraisers").select("status").executeTakeFirstOrThrow()).status).toBe("closed");
    const logged = (await t.audit()).at(-1)!;
    expect(logged).toMatchObject({ action: "collection.close", outcome: "ok", subject_id: collection.id });
    expect(JSON.parse(logged.details!)).toMatchObject({ onBehalfOfOrganiser: true, how: "Telefon 23/11 med Anna Öberg" });
    expect(await container.db.selectFrom("jobs").select("type").where("type", "=", "memorial-collection-sheets").execute()).toHaveLength(1);
    expect((await close(t.cookies.insamling!, { how: "Igen", confirm: "on" })).status).toBe(409);
    expect(await container.db.selectFrom("jobs").select("type").where("type", "=", "memorial-collection-sheets").execute()).toHaveLength(1);
  });

  it("lists list orders with rows, payment and delivery, and shows each recipient in the file's order – audited", async () => {
    const t = await setUp();
    const { container } = t.s;
    const csv = "namn;e-post;gatuadress;postnummer;ort;text\nAnna Andersson;anna@exempel.se;;;;\nBo Berg;;Storgatan 2;111 22;Umeå;Tack Bo\nCecilia Ek;cecilia@exempel.se;;;;\n";
    const read = readRecipientList(new TextEncoder().encode(csv));
    if (!read.ok) throw new Error(`list should be good: ${JSON.stringify(read)}`);
    const form = listOrderFormSchema(container.giftLimits, clock.now()).parse({
      amount: "100",
      name: "Exempelföretaget AB",
      email: "ekonomi@exempel.se",
      paymentMethod: "invoice",
      street: "Box 1",
      postalCode: "123 45",
      city: "Exempelstad",
      idempotencyKey: crypto.randomUUID(),
      kind: "diploma",
      design: "sigill",
      occasion: "foretagets_tack",
      signature: "Exempelföretaget AB",
      text: "Tack för i år!",
      deliveryDate: "",
    });
    const { gift } = await giveListOrder(container, form, read.recipients);

    const list = await t.run(() => listOrdersPage.loader({ request: t.request("/admin/listbestallningar?q=exempelf", t.cookies.insamling!), context: t.context(), params: {} } as never));
    const orders = (list.value as Awaited<ReturnType<typeof listOrdersPage.loader>>).orders;
    expect(orders).toEqual([
      expect.objectContaining({ company: "Exempelföretaget AB", kind: "diploma", rows: 3, sent: 0, toSend: 3, amountOre: 30_000, method: "invoice", paymentStatus: "pending", orderReference: gift.order_reference }),
    ]);
    expect((await t.audit()).at(-1)).toMatchObject({ action: "list_orders.list" });

    await pay(t.s, gift.id);
    const orderId = orders[0]!.orderId;
    const page = (await t.run(() => listOrderPage.loader({ request: t.request(`/admin/listbestallningar/${orderId}`, t.cookies.insamling!), context: t.context(), params: { orderId } } as never)))
      .value as Awaited<ReturnType<typeof listOrderPage.loader>>;
    expect(page.items.map((i) => [i.row, i.name, i.channel, i.to, i.status])).toEqual([
      [2, "Anna Andersson", "email", "anna@exempel.se", "ready"],
      [3, "Bo Berg", "post", "Storgatan 2, 111 22 Umeå", "ready"],
      [4, "Cecilia Ek", "email", "cecilia@exempel.se", "ready"],
    ]);
    expect(page.payment).toMatchObject({ method: "invoice", status: "paid" });
    expect((await t.audit()).at(-1)).toMatchObject({ action: "list_order.view", subject_id: orderId });
    // A single order's id is not a list order.
    const notList = await t.run(() => listOrderPage.loader({ request: t.request("/admin/listbestallningar/x", t.cookies.insamling!), context: t.context(), params: { orderId: "x" } } as never));
    expect(notList.status).toBe(404);
    expect((await t.run(() => listOrdersPage.loader({ request: t.request("/admin/listbestallningar", t.cookies.ekonomi!), context: t.context(), params: {} } as never))).status).toBe(403);
  });
});
