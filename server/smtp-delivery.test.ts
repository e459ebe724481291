import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { ManualClock } from "#core/clock";
import { testEngines } from "#tests/support/test-databases";
import { upsertIdentifiedDonor } from "#core/donors/donor-repository";
import { TEST_PERSONNUMMER } from "#core/identity/test-personnummer";
import { RECEIPT_JOB } from "#core/gifts/gift-payment-outcomes";
import { INVOICE_JOB } from "#core/payments/invoice-provider";
import { DELIVER_ORDER_ITEM_JOB } from "#core/orders/order-delivery";
import { MY_DATA_LINK_JOB } from "#core/my-data/my-data-link-mail";
import { clientIpContext, containerContext } from "#app/context";
import * as myPages from "#app/donor/my-pages";
import { eventually, payByInvoiceImport, postJson, startTestServer, type TestServer } from "#tests/support/test-server";
import { TestSmtpServer, type ReceivedMail } from "./mail/test-smtp-server";

/**
 * E-mail through a real SMTP server (issue #19): receipts, invoices and My
 * data links leave through SMTP_URL to an SMTP server started here. When that
 * server refuses, does not answer or is down, the mail job fails and stays
 * queued, nothing is marked sent, and a later run delivers the message once.
 * Donors' requests only queue mail, so they never wait for the mail server.
 */
const context = { session: "s1", identity: "i1", currentUrl: "http://127.0.0.1/ge-en-gava", requestgroup: "g1" };
const SECRET_KEY = "smtp-test-secret-key-that-is-long-enough-0123";

const runAllDue = async (server: TestServer) => {
  while ((await server.container.jobs.runOnce()) > 0);
};

async function addGift(server: TestServer, payload: Record<string, unknown>): Promise<string> {
  const res = await postJson(`${server.url}/api/RegularGift/Add`, {
    context,
    payload: { amount: 500, name: "Bertil Prov", idempotencyKey: crypto.randomUUID(), ...payload },
  });
  expect(res.status).toBe(201);
  return res.body.orderReference as string;
}

function textOf(mail: ReceivedMail): string {
  return mail.eml.parts.find((p) => p.type === "text/plain")?.body.toString("utf8") ?? "";
}

function attachments(mail: ReceivedMail): Array<{ filename: string; type: string; body: Buffer }> {
  return mail.eml.parts.flatMap((p) => (p.filename ? [{ filename: p.filename, type: p.type, body: p.body }] : []));
}

/** Mina sidor's "Skicka länk till mina uppgifter", called as React Router calls the route's action. */
async function askForMyDataLink(server: TestServer, cookie: string): Promise<Response> {
  const provider = new RouterContextProvider();
  provider.set(containerContext, server.container);
  provider.set(clientIpContext, "10.9.8.7");
  const request = new Request(`${server.url}/mina-sidor`, {
    method: "POST",
    headers: { cookie, origin: server.url },
    body: new URLSearchParams({ intent: "send-link" }),
  });
  return (await myPages.action({ request, context: provider, params: {} } as never)) as Response;
}

async function donorWithSession(server: TestServer, personnummer: string, email: string): Promise<{ donorId: string; cookie: string }> {
  const { db, clock } = server.container;
  const donor = await upsertIdentifiedDonor(db, clock, { personnummer, givenName: "Erik", surname: "Lindgren" });
  await db.updateTable("donors").set({ email }).where("id", "=", donor.id).execute();
  const cookie = (await server.container.donors.sessions.login(donor.id, null)).split(";")[0]!;
  return { donorId: donor.id, cookie };
}

describe.each(testEngines)("e-mail through a real SMTP server on %s", (engine) => {
  const clock = new ManualClock("2026-11-23T09:00:00.000Z");
  let smtp: TestSmtpServer;
  let server: TestServer;

  const jobsOf = (types: string[]) =>
    server.container.db.selectFrom("jobs").selectAll().where("type", "in", types).orderBy("id").execute();

  beforeAll(async () => {
    smtp = await TestSmtpServer.start();
    server = await startTestServer({
      engine,
      clock,
      env: {
        SMTP_URL: smtp.url,
        // Small, so that the tests of a server that does not answer are quick.
        SMTP_TIMEOUT_MS: "400",
        SECRET_KEY,
        RESEARCH_SNAPSHOT_FILE: "/nonexistent/research-projects.json",
        RATE_LIMIT_PAYMENT_STARTS_PER_MINUTE: "1000",
      },
    });
  });
  afterAll(async () => {
    await server.dispose();
    await smtp.down();
  });
  beforeEach(async () => {
    smtp.behaviour = { kind: "accept" };
    await smtp.up();
    // Every test starts with an empty queue: nothing due is left from the one before.
    clock.advance(24 * 3600_000);
    await runAllDue(server);
  });

  it("a paid gift's receipt arrives over SMTP: sender, recipient, subject, text and the thank-you card", async () => {
    const ref = await addGift(server, { email: "kvitto@exempel.se" });
    await payByInvoiceImport(server, clock, ref);
    await runAllDue(server);

    const mails = smtp.messagesTo("kvitto@exempel.se");
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.from).toBe(server.container.site.email);
    expect(mail.eml.headers).toMatch(/^To: kvitto@exempel\.se$/m);
    expect(mail.eml.subject).toBe("Tack för din gåva på 500\u00a0kr");
    expect(textOf(mail)).toContain("Hej Bertil Prov,");
    expect(textOf(mail)).toContain(`Ordernummer: ${ref}`);
    const [card, ...more] = attachments(mail);
    expect(more).toHaveLength(0);
    expect(card).toMatchObject({ filename: `tack-${ref}.png`, type: "image/png" });
    expect(card!.body.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    // Through SMTP only: the file transport wrote nothing.
    expect(fs.existsSync(path.join(server.dir, "mail"))).toBe(false);
  });

  it("an invoice arrives over SMTP with the OCR number and the invoice as a PDF", async () => {
    const ref = await addGift(server, { email: "faktura@exempel.se", address: { street: "Exempelgatan 1", postalCode: "123 45", city: "Exempelstad" } });
    const created = await postJson(`${server.url}/api/Payments/Create`, { context, payload: { orderReference: ref, provider: "Invoice" } });
    expect(created.status).toBe(201);
    const ocr = created.body.next.ocr as string;
    await runAllDue(server);

    const mails = smtp.messagesTo("faktura@exempel.se");
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.eml.subject).toBe("Faktura för din gåva på 500\u00a0kr");
    expect(textOf(mail)).toContain(`OCR-nummer: ${ocr}`);
    const files = attachments(mail);
    expect(files.map((f) => [f.filename, f.type])).toEqual([[`faktura-${ref}.pdf`, "application/pdf"]]);
    expect(files[0]!.body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });

  it("a My data link asked for on Mina sidor arrives over SMTP and opens the donor's data; of two asked for, only the newer goes out", async () => {
    const { cookie } = await donorWithSession(server, TEST_PERSONNUMMER[0], "erik@exempel.se");
    const first = await askForMyDataLink(server, cookie);
    expect(first.status).toBe(303);
    expect(first.headers.get("location")).toBe("/mina-sidor?lank=skickad");
    // The page only queued it.
    expect(smtp.messagesTo("erik@exempel.se")).toHaveLength(0);
    expect(await jobsOf([MY_DATA_LINK_JOB])).toHaveLength(1);
    // The queue holds the token's id, never the link itself.
    expect(JSON.stringify(await jobsOf([MY_DATA_LINK_JOB]))).not.toMatch(/v1\./);

    await runAllDue(server);
    const mails = smtp.messagesTo("erik@exempel.se");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.eml.subject).toBe("Din länk till dina uppgifter");
    const link = /https?:\/\/\S+\/dina-uppgifter\?token=(\S+)/.exec(textOf(mails[0]!));
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link![1]!);
    const fetched = await fetch(`${server.url}/api/MyData/Fetch?token=${encodeURIComponent(token)}`);
    expect(fetched.status).toBe(200);
    expect((await fetched.json()).donor).toMatchObject({ email: "erik@exempel.se" });

    // Two links asked for before the queue runs: the first is revoked by the second, so one e-mail, and its link works.
    await askForMyDataLink(server, cookie);
    await askForMyDataLink(server, cookie);
    await runAllDue(server);
    const after = smtp.messagesTo("erik@exempel.se");
    expect(after).toHaveLength(2);
    const newest = decodeURIComponent(/\/dina-uppgifter\?token=(\S+)/.exec(textOf(after[1]!))![1]!);
    expect((await fetch(`${server.url}/api/MyData/Fetch?token=${encodeURIComponent(newest)}`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/MyData/Fetch?token=${encodeURIComponent(token)}`)).status).toBe(410);
  });

  it("a server that refuses, does not answer or is down leaves the receipt and the card queued and unsent; when it works again each goes once", async () => {
    const added = await postJson(`${server.url}/api/DigitalGreetingCard/Add`, {
      payload: {
        amount: 250,
        name: "Anna Svensson",
        email: "anna@exempel.se",
        idempotencyKey: crypto.randomUUID(),
        card: { code: "JUL_24_12", greeting: "God jul, mormor!", giverName: "Anna", recipient: { name: "Margareta Lindqvist", email: "margareta@exempel.se" } },
      },
    });
    expect(added.status).toBe(201);
    const ref = added.body.orderReference as string;
    const earlier = (await jobsOf([RECEIPT_JOB, DELIVER_ORDER_ITEM_JOB])).map((j) => j.id);
    await payByInvoiceImport(server, clock, ref);
    // The receipt and the card's delivery, queued by the payment.
    const ours = async () => (await jobsOf([RECEIPT_JOB, DELIVER_ORDER_ITEM_JOB])).filter((j) => !earlier.includes(j.id));
    const item = () =>
      server.container.db
        .selectFrom("order_items as i")
        .innerJoin("orders as o", "o.id", "i.order_id")
        .innerJoin("gifts as g", "g.id", "o.gift_id")
        .select(["i.status", "i.sent_at"])
        .where("g.order_reference", "=", ref)
        .executeTakeFirstOrThrow();

    const failures: Array<[string, TestSmtpServer["behaviour"] | "down", RegExp]> = [
      ["refuses the recipient", { kind: "refuse", at: "recipient", code: 550 }, /550/],
      ["refuses the message for now", { kind: "refuse", at: "data", code: 451 }, /451/],
      ["never greets", { kind: "hang", at: "greeting" }, /greeting|timeout/i],
      ["never answers the message", { kind: "hang", at: "data" }, /timeout/i],
      ["is down", "down", /ECONNREFUSED|connect/i],
    ];
    for (const [attempt, [what, behaviour, error]] of failures.entries()) {
      if (behaviour === "down") await smtp.down();
      else smtp.behaviour = behaviour;
      const before = clock.now().getTime();
      expect(await server.container.jobs.runOnce(), what).toBe(2);

      const jobs = await ours();
      expect(jobs.map((j) => j.type).sort(), what).toEqual([DELIVER_ORDER_ITEM_JOB, RECEIPT_JOB]);
      for (const job of jobs) {
        expect(job, what).toMatchObject({ done_at: null, attempts: attempt + 1, locked_until: null });
        expect(job.last_error, what).toMatch(error);
        // Retried later, with a back-off.
        expect(Date.parse(job.run_at), what).toBeGreaterThan(before);
      }
      expect(await server.container.jobs.runOnce(), `${what}: nothing is due before the back-off`).toBe(0);
      expect(await item(), what).toMatchObject({ status: "ready", sent_at: null });
      expect(smtp.messagesTo("anna@exempel.se"), what).toHaveLength(0);
      expect(smtp.messagesTo("margareta@exempel.se"), what).toHaveLength(0);
      clock.advance(3600_000);
    }

    await smtp.up();
    smtp.behaviour = { kind: "accept" };
    expect(await server.container.jobs.runOnce()).toBe(2);
    for (const job of await ours()) expect(job.done_at).not.toBeNull();
    expect(await item()).toMatchObject({ status: "sent" });
    clock.advance(24 * 3600_000);
    await runAllDue(server);
    const receipts = smtp.messagesTo("anna@exempel.se");
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.eml.subject).toBe("Tack för din gåva på 250\u00a0kr");
    const cards = smtp.messagesTo("margareta@exempel.se");
    expect(cards).toHaveLength(1);
    expect(attachments(cards[0]!).map((a) => a.filename)).toContain("gratulationskort.png");
  }, 60_000);
});

describe("donor requests while the SMTP server does not answer", () => {
  const clock = new ManualClock("2026-11-23T09:00:00.000Z");
  let smtp: TestSmtpServer;
  let server: TestServer;
  beforeAll(async () => {
    smtp = await TestSmtpServer.start();
    server = await startTestServer({
      clock,
      env: { SMTP_URL: smtp.url, SMTP_TIMEOUT_MS: "5000", SECRET_KEY, RESEARCH_SNAPSHOT_FILE: "/nonexistent/research-projects.json" },
    });
  });
  afterAll(async () => {
    server.container.jobs.stop();
    await server.dispose();
    await smtp.down();
  });

  it("giving by invoice and asking for a My data link answer at once while a mail job waits on the server", async () => {
    smtp.behaviour = { kind: "hang", at: "greeting" };
    // The job loop runs as in production; its first invoice e-mail is stuck on a server that never greets.
    server.container.jobs.start(20);
    const stuckRef = await addGift(server, { email: "forst@exempel.se", address: { street: "Exempelgatan 1", postalCode: "123 45", city: "Exempelstad" } });
    const stuck = await postJson(`${server.url}/api/Payments/Create`, { context, payload: { orderReference: stuckRef, provider: "Invoice" } });
    expect(stuck.status).toBe(201);
    await eventually(async () => smtp.hanging > 0, 15_000);

    const started = Date.now();
    const ref = await addGift(server, { email: "sedan@exempel.se", address: { street: "Exempelgatan 2", postalCode: "123 45", city: "Exempelstad" } });
    const created = await postJson(`${server.url}/api/Payments/Create`, { context, payload: { orderReference: ref, provider: "Invoice" } });
    expect(created.status).toBe(201);
    const { cookie } = await donorWithSession(server, TEST_PERSONNUMMER[1], "lank@exempel.se");
    const asked = await askForMyDataLink(server, cookie);
    expect(asked.status).toBe(303);
    const elapsed = Date.now() - started;

    // Answered before the SMTP timeout (5 s) could have ended the wait, and the stuck job is indeed still waiting.
    expect(elapsed).toBeLessThan(5_000);
    const [first] = await server.container.db.selectFrom("jobs").selectAll().where("type", "=", INVOICE_JOB).orderBy("id").execute();
    expect(first).toMatchObject({ done_at: null, last_error: null, attempts: 1 });
    expect(smtp.messages).toHaveLength(0);

    // The server comes back: the stuck attempt fails, everything queued goes out, each once.
    await smtp.down();
    smtp.behaviour = { kind: "accept" };
    await smtp.up();
    server.container.jobs.stop();
    await server.container.jobs.runAllDue();
    clock.advance(3600_000);
    await server.container.jobs.runAllDue();
    expect(smtp.messagesTo("forst@exempel.se").map((m) => m.eml.subject)).toEqual(["Faktura för din gåva på 500\u00a0kr"]);
    expect(smtp.messagesTo("sedan@exempel.se")).toHaveLength(1);
    expect(smtp.messagesTo("lank@exempel.se").map((m) => m.eml.subject)).toEqual(["Din länk till dina uppgifter"]);
  });
});
