import crypto from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { ManualClock } from "#core/clock";
import type { Mailer, MailMessage } from "#core/mail/mailer";
import { silentLogger } from "#core/logger";
import { giftDocumentFormSchema } from "#core/gift-documents/gift-document-form";
import { catalogueChoices } from "#core/cards/greeting-card-form";
import { giftDocumentOrderView, giveGiftDocument } from "#core/gift-documents/gift-document-order";
import { postQueue, formatPostQueue } from "#core/orders/fulfilment";
import { transitionPayment } from "#core/payments/payment-transitions";
import { inspectPdf } from "#tests/support/pdf-inspect";
import { testEngines } from "#tests/support/test-databases";
import type { GiftDocumentKind } from "#core/gift-documents/gift-documents";
import { postJson, startTestServer, type TestServer } from "#tests/support/test-server";

const NOW = "2026-11-23T09:00:00Z";

class CapturingMailer implements Mailer {
  sent: MailMessage[] = [];
  async send(message: MailMessage) {
    this.sent.push(message);
  }
}

const payer = {
  amount: "annat",
  customAmount: "500",
  name: "Karin Lind",
  email: "karin@exempel.se",
  paymentMethod: "invoice",
  street: "Storgatan 1",
  postalCode: "12345",
  city: "Exempelstad",
};

describe.each(testEngines)("gift cards, certificates and diplomas on %s", (engine) => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.dispose();
    server = undefined;
  });

  const clock = new ManualClock(NOW);
  const mailer = new CapturingMailer();
  async function started() {
    mailer.sent = [];
    server = await startTestServer({ engine, clock, mailer, env: { RESEARCH_SNAPSHOT_FILE: "/nonexistent/research-projects.json" } });
    return server;
  }

  async function order(s: TestServer, kind: GiftDocumentKind, fields: Record<string, string>) {
    const data = giftDocumentFormSchema(kind, s.container.giftLimits, clock.now(), catalogueChoices(s.container.cards)).parse({
      ...payer,
      idempotencyKey: crypto.randomUUID(),
      occasion: "fodelsedag",
      recipientName: "Margareta Lindqvist",
      text: "Grattis på 70-årsdagen!",
      signature: "Anna och Per",
      ...fields,
    });
    const { gift, payment } = await giveGiftDocument(s.container, kind, data);
    return { gift, payment };
  }
  const pay = (s: TestServer, paymentId: string) =>
    transitionPayment({ db: s.container.db, clock, logger: silentLogger, outcomes: s.container.paymentOutcomes }, { paymentId, to: "paid", source: "import" });

  it("downloads a gift card only after payment: 404 unknown, 409 unpaid, then the PDF with amount and reference, and the PNG", async () => {
    const s = await started();
    const { gift, payment } = await order(s, "gift_card", { cardCode: "JUL_24_12" });
    const url = `${s.url}/api/Gift/DownloadPdfByOrderRef/${gift.order_reference}`;
    expect((await fetch(`${s.url}/api/Gift/DownloadPdfByOrderRef/0123456789ABCDEFGHJKMNPQRS`)).status).toBe(404);
    expect((await fetch(`${s.url}/api/Gift/DownloadPdfByOrderRef/not-a-reference`)).status).toBe(404);
    const unpaid = await fetch(url);
    expect(unpaid.status).toBe(409);
    expect((await unpaid.json()).error.code).toBe("awaiting_payment");

    await pay(s, payment.id);
    const pdf = await fetch(url);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toBe('attachment; filename="gavokort-margareta-lindqvist.pdf"');
    const text = inspectPdf(Buffer.from(await pdf.arrayBuffer())).text;
    expect(text).toContain("500 kr");
    const item = await s.container.db.selectFrom("order_items").selectAll().executeTakeFirstOrThrow();
    // The number on the card is the one on the receipt and the order page: the order reference (issue #29).
    expect(text).toContain(gift.order_reference);
    expect(text).not.toContain(item.reference);
    expect(text).toContain("Margareta Lindqvist");
    expect(item.channel).toBe("download");
    // The card's code is the design, and its art is kept with the item as it was bought.
    expect(item.design).toBe("JUL_24_12");
    expect(JSON.parse(item.content).card).toEqual({ code: "JUL_24_12", design: s.container.cards.cardByCode("JUL_24_12")!.design });

    const png = await fetch(`${url}?format=png`);
    expect(png.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await png.arrayBuffer()).subarray(1, 4).toString()).toBe("PNG");
    expect((await fetch(`${url}?format=docx`)).status).toBe(400);
  });

  it("takes a gift card's design from the card catalogue: an unknown or out-of-season code is a field error", async () => {
    const s = await started();
    const errors = (cardCode: string) => {
      const result = giftDocumentFormSchema("gift_card", s.container.giftLimits, clock.now(), catalogueChoices(s.container.cards)).safeParse({
        ...payer,
        idempotencyKey: crypto.randomUUID(),
        occasion: "jul",
        recipientName: "Margareta Lindqvist",
        signature: "Anna och Per",
        cardCode,
      });
      return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
    };
    expect(errors("JUL_24_12")).toEqual({});
    expect(errors("NOPE_01")).toEqual({ cardCode: "Det kortet finns inte. Välj ett kort i listan." });
    // 23 November: Easter cards are not on sale.
    expect(errors("PASK_01")).toEqual({ cardCode: "Det kortet går inte att välja just nu. Välj ett annat kort." });
    expect(errors("")).toEqual({ cardCode: "Välj ett kort." });
    // The bands of list orders and older cards are not a card code.
    expect(errors("hjartan").cardCode).toMatch(/finns inte/);
  });

  it("e-mails a paid diploma as a PDF through the delivery job and shows it sent", async () => {
    const s = await started();
    const { gift, payment } = await order(s, "diploma", { design: "sigill", delivery: "email", recipientEmail: "Margareta@Exempel.se", showAmount: "on" });
    expect((await giftDocumentOrderView(s.container.db, gift.order_reference, "diploma"))!.items[0]).toMatchObject({ status: "created", statusLabel: "Väntar på betalning" });
    expect(await giftDocumentOrderView(s.container.db, gift.order_reference, "gift_certificate")).toBeNull();
    await pay(s, payment.id);
    await s.container.jobs.runAllDue();
    const mail = mailer.sent.find((m) => m.to === "margareta@exempel.se");
    expect(mail?.subject).toBe("Grattis på födelsedagen – en gåva i ditt namn från Anna och Per");
    expect(mail?.attachments?.[0]?.filename).toBe("diplom-margareta-lindqvist.pdf");
    expect(inspectPdf(mail!.attachments![0]!.content as Buffer).text).toContain("500 kr");
    const view = await giftDocumentOrderView(s.container.db, gift.order_reference, "diploma");
    expect(view!.items[0]!.status).toBe("sent");
  });

  it("gives the buyer what they bought at once: the receipt carries the document as a PDF and its page (issue #29)", async () => {
    const s = await started();
    const { gift, payment } = await order(s, "diploma", { design: "sigill", delivery: "email", recipientEmail: "margareta@exempel.se" });
    await pay(s, payment.id);
    await s.container.jobs.runAllDue();
    const receipt = mailer.sent.find((m) => m.to === "karin@exempel.se" && m.subject.startsWith("Tack för din gåva"));
    expect(receipt?.text).toContain("Diplom till Margareta Lindqvist finns bifogat som PDF. Vi skickar det med e-post till Margareta Lindqvist (margareta@exempel.se).");
    expect(receipt?.text).toContain(`/order/diplom/${gift.order_reference}`);
    const pdf = receipt?.attachments?.find((a) => a.filename === "diplom-margareta-lindqvist.pdf");
    expect(inspectPdf(pdf!.content as Buffer).text).toContain("Margareta Lindqvist");
    // The e-mail to the recipient says "Diplomet", as the document is called.
    expect(mailer.sent.find((m) => m.to === "margareta@exempel.se")?.text).toContain("Diplomet finns bifogat som PDF");
  });

  it("puts a certificate by post in the fulfilment queue with the day it must arrive", async () => {
    const s = await started();
    const { payment } = await order(s, "gift_certificate", {
      design: "lager",
      delivery: "post",
      recipientStreet: "Kungsgatan 2",
      recipientPostalCode: "90325",
      recipientCity: "Umeå",
      deliveryDate: "2026-12-01",
    });
    expect(await postQueue(s.container.db, clock.now())).toEqual([]);
    await pay(s, payment.id);
    const queue = await postQueue(s.container.db, clock.now());
    expect(queue.map((e) => [e.item.kind, e.item.due_date, e.item.recipient_postal_code])).toEqual([["gift_certificate", "2026-12-01", "903 25"]]);
    expect(formatPostQueue(queue)).toContain("gift_certificate");
  });

  it("registers an article line on an order once per key, validates the payload and stores nothing on refusal", async () => {
    const s = await started();
    const { gift, payment } = await order(s, "gift_certificate", {
      design: "band",
      delivery: "post",
      recipientStreet: "Kungsgatan 2",
      recipientPostalCode: "90325",
      recipientCity: "Umeå",
    });
    const key = crypto.randomUUID();
    const body = { orderReference: gift.order_reference, articleCode: "hjartnal", quantity: 2, idempotencyKey: key };
    const first = await postJson(`${s.url}/api/RegisterArticle`, body);
    expect(first.status).toBe(201);
    expect(first.body.article).toMatchObject({ articleCode: "hjartnal", quantity: 2, status: "created" });
    const again = await postJson(`${s.url}/api/RegisterArticle`, body);
    expect(again.status).toBe(200);
    expect(again.body.article.reference).toBe(first.body.article.reference);

    const bad = await postJson(`${s.url}/api/RegisterArticle`, { orderReference: "x", articleCode: "bil", quantity: 0 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(["articleCode", "idempotencyKey", "orderReference", "quantity"]);
    const unknown = await postJson(`${s.url}/api/RegisterArticle`, { ...body, orderReference: "0123456789ABCDEFGHJKMNPQRS", idempotencyKey: crypto.randomUUID() });
    expect(unknown.status).toBe(404);
    const articles = () => s.container.db.selectFrom("order_items").selectAll().where("kind", "=", "article").execute();
    expect(await articles()).toHaveLength(1);

    // The payment makes it ready with the certificate: both are in the post queue.
    await pay(s, payment.id);
    expect((await articles())[0]!.status).toBe("ready");
    expect((await postQueue(s.container.db, clock.now())).map((e) => e.item.kind).sort()).toEqual(["article", "gift_certificate"]);

    // A gift card has no postal address: the article needs one.
    const card = await order(s, "gift_card", { cardCode: "GRATULATION_03" });
    const noAddress = await postJson(`${s.url}/api/RegisterArticle`, { orderReference: card.gift.order_reference, articleCode: "presentkuvert", quantity: 1, idempotencyKey: crypto.randomUUID() });
    expect(noAddress.status).toBe(422);
    expect(noAddress.body.error.code).toBe("recipient_required");
  });
});
