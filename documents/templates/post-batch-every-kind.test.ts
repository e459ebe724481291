import { afterEach, describe, expect, it } from "vitest";
import { ManualClock } from "#core/clock";
import { silentLogger } from "#core/logger";
import { openTestDatabase, testEngines, type TestDatabase } from "#tests/support/test-databases";
import { loadSiteConfig } from "#core/site/site-config";
import { createGift } from "#core/gifts/gift-service";
import { transitionPayment } from "#core/payments/payment-transitions";
import { testMemorialGift } from "#tests/support/test-memorial-gift";
import { documentOrderItem } from "#core/gift-documents/gift-document-form";
import { registerArticle } from "#core/gift-documents/register-article";
import { listOrderItems } from "#core/list-orders/list-order";
import type { GiftDocumentKind } from "#core/gift-documents/gift-documents";
import type { NewOrderItem } from "#core/orders/order-repository";
import { orderPostalForm } from "#core/postal-forms/postal-form-service";
import { postalFormRequestSchema } from "#core/postal-forms/postal-form-schema";
import { createDocumentEngine } from "../document-engine.server";
import { inspectPdf } from "#tests/support/pdf-inspect";
import { PAGE_SIZES } from "../primitives";
import { postBatch, postBatchPageCount, postWorkQueue, postWorkReference } from "#core/orders/post-work";
import { productPaymentOutcomes } from "#core/product-payment-outcomes";

// Another charity's identity, so nothing found here can be hard-coded in the templates.
const site = loadSiteConfig({ SITE_NAME: "Föreningen Ärlig Andning", SITE_BANKGIRO: "123-4567" });
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ").replace(/\s+/g, " ");
const postal = (name: string, street: string, postalCode: string, city: string) => ({ name, address: { street, postalCode, city } });

describe.each(testEngines)("the post batch on %s", (engine) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });
  // Monday 23 November 2026, 10:00 in Stockholm.
  const clock = new ManualClock("2026-11-23T09:00:00.000Z");

  /** A gift with these items, paid by an invoice booked through the one payment transition (its items become ready). */
  async function paidOrder(db: TestDatabase["db"], giftType: GiftDocumentKind, kind: "single_order" | "list_order", items: NewOrderItem[]) {
    const key = `post-work-${Math.random().toString(36).slice(2)}`;
    const { gift } = await createGift(db, clock, {
      giftType,
      amountOre: 60_000,
      donorName: "Karin Lind",
      donorEmail: "karin@exempel.se",
      donorPersonnummer: null,
      newsletterConsent: false,
      idempotencyKey: key,
      order: { kind, items },
    });
    const now = clock.now().toISOString();
    await db
      .insertInto("payments")
      .values({ id: key, gift_id: gift.id, method: "invoice", provider: "Invoice", provider_reference: key, status: "pending", amount_ore: 60_000,
        payer_alias: null, client_token: null, client_url: null, error_code: null, last_checked_at: null, created_at: now, updated_at: now, paid_at: null, expires_at: now })
      .execute();
    await transitionPayment({ db, clock, logger: silentLogger, outcomes: productPaymentOutcomes }, { paymentId: key, to: "paid", source: "import" });
    return gift;
  }

  const content = (text: string) => ({ occasion: "pensionering" as const, text, signature: "Kollegorna på Exempelbolaget", showAmount: true, amountOre: 60_000 });

  it("prints every kind posted – memorial sheet, certificate, diploma, a list order's card, articles, a form – each after its address page, in the queue's order", async () => {
    database = await openTestDatabase(engine);
    const db = database.db;
    const sheet = await testMemorialGift(db, clock, { channel: "post", dueDate: "2026-12-04" });
    const certificate = await paidOrder(db, "gift_certificate", "single_order", [
      documentOrderItem("gift_certificate", "lager", { recipient: postal("Sven Holm", "Kungsgatan 2", "903 25", "Umeå"), channel: "post", content: content("Tack för alla år!"), dueDate: "2026-11-30", sendAt: null }),
    ]);
    const diploma = await paidOrder(db, "diploma", "single_order", [
      documentOrderItem("diploma", "sigill", { recipient: postal("Greta Berg", "Ågatan 5", "582 22", "Linköping"), channel: "post", content: content("Grattis!"), dueDate: "2026-12-10", sendAt: null }),
    ]);
    const list = { kind: "gift_card" as const, design: "hjartan", occasion: "jul" as const, text: "God jul önskar vi på Exempelbolaget.", signature: "Exempelbolaget AB", deliveryDate: "2026-12-02", showAmount: true };
    await paidOrder(db, "gift_card", "list_order", listOrderItems(list, 20_000, [
      { row: 2, name: "Per Ek", email: "per@exempel.se", address: null, text: "" },
      { row: 3, name: "Lena Sjö", email: null, address: { street: "Sjövägen 3", postalCode: "371 30", city: "Karlskrona" }, text: "" },
    ], clock.now()));
    const anyNumber = { hit: async () => true, peek: async () => true };
    const articleDeps = { db, clock, articleLimits: { linesPerOrder: 2, quantityPerOrder: 10, perAddress: anyNumber } };
    const pin = await registerArticle(articleDeps, { orderReference: certificate.order_reference, articleCode: "hjartnal", quantity: 2, idempotencyKey: crypto.randomUUID() }, { byStaff: true });
    const copies = await registerArticle(articleDeps, { orderReference: diploma.order_reference, articleCode: "extra-exemplar", quantity: 2, idempotencyKey: crypto.randomUUID() }, { byStaff: true });
    const form = await orderPostalForm(
      { db, clock, perVisitor: anyNumber, recipientMail: anyNumber },
      "10.0.0.1",
      postalFormRequestSchema.parse({ kind: "payin_slips", name: "Bo Exempel", street: "Lillgatan 2", postalCode: "222 33", city: "Lund" }),
    );

    const queue = await postWorkQueue(db, clock.now());
    // The list order's e-mail recipient is the delivery job's, never posted.
    expect(queue).toHaveLength(7);
    const batch = await postBatch(db, site, queue);
    expect(batch.data.entries.map((e) => e.reference)).toEqual(queue.map(postWorkReference));
    const due = batch.data.entries.map((e) => e.dueDate);
    expect(due.filter((d) => d !== null)).toEqual(due.filter((d) => d !== null).sort());
    expect(due.slice(-2)).toEqual([null, null]);
    expect(batch.data.entries.map((e) => [e.enclosure, e.documents.map((d) => d.kind).join(",")])).toEqual([
      ["Inbetalningskort", ""],
      ["Gåvobevis", "gift-certificate"],
      ["Gåvokort", "gift-card"],
      ["Minnesblad", "memorial-sheet"],
      ["Diplom", "diploma"],
      ["Hjärtnål × 2", ""],
      ["Extra tryckt exemplar av dokumentet × 2", "diploma,diploma"],
    ]);
    expect(form.form.expected_by < "2026-11-30").toBe(true);

    const pdf = inspectPdf(await createDocumentEngine(site).render(batch, "pdf"));
    expect(postBatchPageCount(batch)).toBe(13);
    expect(pdf.pages).toHaveLength(13);
    // A4 documents and their address pages for a C4 envelope; everything else A5.
    const a4 = pdf.pages.map((p, i) => (Math.abs(p.width - PAGE_SIZES.A4.width) < 1 ? i : -1)).filter((i) => i >= 0);
    expect(a4).toEqual([1, 2, 7, 8, 10, 11, 12]);
    for (const p of pdf.pages) expect([PAGE_SIZES.A4.width, PAGE_SIZES.A5.width].some((w) => Math.abs(p.width - w) < 1)).toBe(true);

    const text = plain(pdf.text);
    const certificateItem = (await db.selectFrom("order_items").select("reference").where("kind", "=", "gift_certificate").executeTakeFirstOrThrow()).reference;
    // Each in turn, after the one before: the envelopes in the queue's order, each address page before its documents.
    let position = 0;
    for (const needle of [
      `Inbetalningskort ${form.form.reference}`,
      "903 25 UMEÅ",
      `Gåvobevis ${certificateItem} · ska fram senast 30 november 2026 · C4-kuvert, ovikt`,
      "Sven Holm",
      "371 30 KARLSKRONA",
      "Till Lena Sjö",
      `Minnesblad ${sheet.item.reference} · ska fram senast 4 december 2026`,
      "Märta Öberg",
      "582 22 LINKÖPING",
      "Greta Berg",
      `Hjärtnål × 2 ${pin.item.reference}`,
      `Extra tryckt exemplar av dokumentet × 2 ${copies.item.reference} · C4-kuvert, ovikt`,
      "Greta Berg",
      "Greta Berg",
    ]) {
      const found = text.indexOf(needle, position);
      expect(found, `${needle} after position ${position}`).toBeGreaterThanOrEqual(0);
      position = found + needle.length;
    }
    expect(text).toContain("I kuvertet finns 2 hjärtnålar, som hör till en gåva till forskningen om hjärt- och lungsjukdomar genom Föreningen Ärlig Andning.");
    expect(text).toContain("I kuvertet finns 2 extra tryckta exemplar av dokumentet");
    expect(text).toContain("En gåva på 200 kr till forskningen");
    expect(text).not.toContain("Per Ek");
  });
});
