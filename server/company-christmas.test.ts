import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "#core/clock";
import { silentLogger } from "#core/logger";
import { transitionPayment } from "#core/payments/payment-transitions";
import { productPaymentOutcomes } from "#core/product-payment-outcomes";
import { latestPaymentForGift } from "#core/payments/payment-repository";
import { testEngines } from "#tests/support/test-databases";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { outcome, routeContext, type RouteHandler } from "#tests/support/route-call";
import { inspectPdf } from "#tests/support/pdf-inspect";
import * as companyGiftForm from "#app/companies/company-gift-form";
import * as certificateFile from "#app/companies/company-certificate-file";
import * as certificatePreview from "#app/companies/company-certificate-preview";
import { readEml, type Eml } from "./mail/read-eml";

/**
 * The Christmas gift instead of presents (decision 0046) as a browser without
 * JavaScript sends it: a multipart form with a logo and a card list; the
 * sanitised logo stored with the gift, one card per row counted against each
 * address's e-mail limit, nothing sent before payment, every card e-mailed by
 * the delivery job after it, and the certificate's PDF only once paid.
 */
const LIST = "namn;e-post;text\r\nAnna Andersson;anna@kund.se;\r\nBo Berg;bo@kund.se;Tack för samarbetet, Bo!\r\nCecilia Ceder;cecilia@kund.se;\r\nDavid Dahl;david@kund.se;\r\nEva Ek;eva@kund.se;\r\n";
const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 40" onload="alert(1)"><script>alert(2)</script><rect width="120" height="40" fill="#0b3d6b"/><use href="https://evil.example/x.svg#a"/></svg>`;

const mails = (server: TestServer): Eml[] => {
  const dir = path.join(server.dir, "mail");
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(".eml")).sort().map((f) => readEml(fs.readFileSync(path.join(dir, f), "utf8"))) : [];
};
const textOf = (mail: Eml) => mail.parts.find((p) => p.type === "text/plain")!.body.toString("utf8").replace(/[\u00a0\u202f]/g, " ");

describe.each(testEngines)("the company's Christmas gift on %s", (engine) => {
  const clock = new ManualClock("2026-11-27T09:00:00.000Z");
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine, clock, env: { RESEARCH_SNAPSHOT_FILE: "/nonexistent/research-projects.json" } });
  }, 60_000);
  afterAll(() => server.dispose());

  const form = (fields: Record<string, string>, files: { logo?: string; cardList?: string } = {}) => {
    const body = new FormData();
    const all = {
      organisationsnummer: "556677-8899",
      companyName: "Exempel Bygg AB",
      contactName: "Karin Ek",
      email: "karin.ek@exempelbygg.se",
      street: "Industrivägen 4",
      postalCode: "123 45",
      city: "Exempelby",
      amount: "25000",
      paymentMethod: "invoice",
      website: "",
      idempotencyKey: crypto.randomUUID(),
      sendCard: "on",
      cardCode: "JUL_26_01",
      cardGreeting: "God jul från oss alla på Exempel Bygg!",
      ...fields,
    };
    for (const [key, value] of Object.entries(all)) body.set(key, value);
    if (files.logo !== undefined) body.set("logo", new File([files.logo], "logo.svg", { type: "image/svg+xml" }));
    if (files.cardList !== undefined) body.set("cardList", new File([files.cardList], "lista.csv", { type: "text/csv" }));
    const request = new Request(`${server.container.config.publicUrl}/foretag/ge-en-gava`, { method: "POST", headers: { origin: server.container.config.publicUrl }, body });
    return outcome(() => (companyGiftForm.action as unknown as RouteHandler)({ request, context: routeContext(server.container, "198.51.100.77"), params: {} }));
  };
  const file = (orderReference: string, name: string) =>
    outcome(() =>
      (certificateFile.loader as unknown as RouteHandler)({
        request: new Request(`${server.container.config.publicUrl}/foretag/gavobevis/${orderReference}/${name}`),
        context: routeContext(server.container, "198.51.100.78"),
        params: { orderReference, file: name },
      }),
    );

  it("refuses a list row without an address, a repeated address and a refused logo, and stores nothing", async () => {
    const before = await server.container.db.selectFrom("gifts").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    const answer = await form({}, { logo: `<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg viewBox="0 0 1 1"><text>&x;</text></svg>`, cardList: "namn;e-post\nAnna;anna@kund.se\nBo;\nCecilia;ANNA@kund.se\n" });
    expect(answer.status).toBe(400);
    expect(answer.data.result.error.logo[0]).toContain("DOCTYPE");
    expect(answer.data.result.error.cardList[0]).toBe("2 rader i listan behöver rättas. Inget är skickat eller beställt.");
    expect(answer.data.rowErrors).toEqual([
      { row: 3, column: "e-post", message: "E-postadressen saknas. Kortet skickas med e-post." },
      { row: 4, column: "e-post", message: "Samma e-postadress finns redan på rad 2. Varje adress får ett kort." },
    ]);
    const missing = await form({}, {});
    expect(missing.data.result.error.cardList[0]).toBe("Välj listan med mottagarna (CSV).");
    const after = await server.container.db.selectFrom("gifts").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("previews the certificate with an uploaded logo, and says why a logo is refused", { timeout: 60_000 }, async () => {
    const preview = (logo: string) => {
      const body = new FormData();
      body.set("companyName", "Exempel Bygg AB");
      body.set("amount", "25000");
      body.set("logo", new File([logo], "logo.svg"));
      const request = new Request(`${server.container.config.publicUrl}/foretag/ge-en-gava/gavobevis.png`, { method: "POST", body });
      return outcome(() => (certificatePreview.action as unknown as RouteHandler)({ request, context: routeContext(server.container, "198.51.100.79"), params: {} }));
    };
    const good = await preview(LOGO);
    expect(good.response!.headers.get("content-type")).toBe("image/png");
    const refused = await preview(`<svg viewBox="0 0 1 1"><text>&lol;</text></svg>`);
    expect(refused.status).toBe(400);
    expect((await refused.response!.json()).error.fields.logo).toContain("SVG-filen kunde inte läsas");
  });

  it("refuses the whole list when one address has had as many e-mails as it may this hour (docs/limits.md)", async () => {
    for (let i = 0; i < 5; i++) await server.container.recipientMail.hit("full@kund.se");
    const answer = await form({}, { cardList: "namn;e-post\nAnna;anna2@kund.se\nFull;Full@Kund.se\n" });
    expect(answer.status).toBe(429);
    expect(answer.data.result.error.recipientEmail[0]).toContain("Vi kan inte skicka fler e-postmeddelanden till den här adressen just nu");
    expect(await server.container.db.selectFrom("order_items").select("id").where("recipient_email", "=", "anna2@kund.se").execute()).toEqual([]);
  });

  it("stores the sanitised logo and one card per row, sends nothing before payment, and every card after it", { timeout: 60_000 }, async () => {
    const answer = await form({}, { logo: LOGO, cardList: LIST });
    expect(answer.status).toBe(303);
    const reference = answer.response!.headers.get("location")!.split("/").pop()!;
    const db = server.container.db;
    const gift = await db.selectFrom("gifts").selectAll().where("order_reference", "=", reference).executeTakeFirstOrThrow();
    const company = await db.selectFrom("company_gifts").selectAll().where("gift_id", "=", gift.id).executeTakeFirstOrThrow();
    expect(company.logo_type).toBe("image/svg+xml");
    const stored = Buffer.from(company.logo_base64!, "base64").toString("utf8");
    expect(stored).toContain('<rect width="120" height="40" fill="#0b3d6b">');
    expect(stored).not.toMatch(/script|alert|onload|evil/);
    expect([company.logo_width, company.logo_height]).toEqual([120, 40]);

    const items = await db.selectFrom("order_items").innerJoin("orders", "orders.id", "order_items.order_id").selectAll("order_items").where("orders.gift_id", "=", gift.id).orderBy("order_items.recipient_email").execute();
    expect(items.map((i) => [i.kind, i.channel, i.recipient_email, i.status])).toEqual(
      ["anna", "bo", "cecilia", "david", "eva"].map((n) => ["greeting_card", "email", `${n}@kund.se`, "created"]),
    );

    // Before payment: the preview, but no PDF and no card.
    expect((await file(reference, "gavobevis.png")).response!.headers.get("content-type")).toBe("image/png");
    expect((await file(reference, "gavobevis.pdf")).status).toBe(404);
    while ((await server.container.jobs.runOnce()) > 0);
    expect(mails(server).filter((m) => /@kund\.se$/m.test(m.headers))).toHaveLength(0);

    const payment = (await latestPaymentForGift(db, gift.id))!;
    await transitionPayment({ db, clock, logger: silentLogger, outcomes: productPaymentOutcomes }, { paymentId: payment.id, to: "paid", source: "import" });
    while ((await server.container.jobs.runOnce()) > 0);

    const cards = mails(server).filter((m) => /^To: .*@kund\.se$/m.test(m.headers));
    expect(cards).toHaveLength(5);
    expect(cards.every((m) => m.subject === "God jul från Exempel Bygg AB")).toBe(true);
    const bo = cards.find((m) => /^To: bo@kund\.se$/m.test(m.headers))!;
    expect(textOf(bo)).toContain("Exempel Bygg AB har i år gett en julgåva till hjärt- och lungforskningen i stället för julklappar");
    expect(textOf(bo)).toContain("Tack för samarbetet, Bo!");
    expect(bo.parts.some((p) => p.type === "image/png" && p.filename === "julkort.png")).toBe(true);
    const sent = await db.selectFrom("order_items").select("status").where("id", "in", items.map((i) => i.id)).execute();
    expect(sent.every((i) => i.status === "sent")).toBe(true);

    // The receipt to the contact carries the certificate, which now downloads.
    const receipt = mails(server).find((m) => /^To: karin\.ek@exempelbygg\.se$/m.test(m.headers) && m.parts.some((p) => p.type === "application/pdf" && p.filename === "gavobevis-exempel-bygg-ab.pdf"));
    expect(receipt).toBeDefined();
    const pdf = await file(reference, "gavobevis.pdf");
    expect(pdf.response!.headers.get("content-disposition")).toBe('attachment; filename="gavobevis-exempel-bygg-ab.pdf"');
    const facts = inspectPdf(Buffer.from(await pdf.response!.arrayBuffer()));
    expect(facts.text).toContain("Exempel Bygg AB");
    expect(facts.text.replace(/[\u00a0\u202f]/g, " ")).toContain("25 000 kr");
  });
});
