import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ManualClock } from "#core/clock";
import type { Mailer, MailMessage } from "#core/mail/mailer";
import { MAX_JOB_ATTEMPTS } from "#core/jobs/job-queue";
import { orderItemEvents, findOrderItem } from "#core/orders/order-repository";
import { resendFailed } from "#core/orders/fulfilment";
import { testMemorialGift } from "#tests/support/test-memorial-gift";
import { testEngines } from "#tests/support/test-databases";
import { inspectPdf } from "#tests/support/pdf-inspect";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { readEml, type Eml } from "./mail/read-eml";

const mails = (server: TestServer) => {
  const dir = path.join(server.dir, "mail");
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(".eml")).sort().map((f) => readEml(fs.readFileSync(path.join(dir, f), "utf8"))) : [];
};
const textOf = (mail: Eml) => mail.parts.find((p) => p.type === "text/plain")!.body.toString("utf8").replace(/[\u00a0\u202f]/g, " ");

describe.each(testEngines)("memorial sheet delivery on %s", (engine) => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.dispose();
    server = undefined;
  });
  const clock = new ManualClock("2026-11-23T09:00:00.000Z");
  const start = async (mailer?: Mailer) =>
    (server = await startTestServer({ engine, clock, ...(mailer ? { mailer } : {}), env: { RESEARCH_SNAPSHOT_FILE: "/nonexistent/research-projects.json" } }));
  const runAllDue = async (s: TestServer) => {
    while ((await s.container.jobs.runOnce()) > 0);
  };

  it("e-mails the sheet as a PDF to the family when the gift is paid, marks it sent, and sends it once", async () => {
    const s = await start();
    const { gift, item } = await testMemorialGift(s.container.db, clock, { channel: "email" });
    await runAllDue(s);
    await runAllDue(s);

    const sent = mails(s);
    const toFamily = sent.filter((m) => /^To: familjen@exempel\.se$/m.test(m.headers));
    expect(toFamily).toHaveLength(1);
    const mail = toFamily[0]!;
    expect(mail.subject).toBe("Minnesblad till minne av Märta Öberg");
    const text = textOf(mail);
    expect(text).toContain("Astrid Exempel har lämnat en minnesgåva till forskningen om hjärt- och lungsjukdomar till minne av Märta Öberg.");
    expect(text).toContain("med hälsningen från Åsa och Örjan");
    expect(text).not.toContain("500");
    const pdf = mail.parts.find((p) => p.type === "application/pdf")!;
    expect(pdf.filename).toBe("minnesblad-marta-oberg.pdf");
    const facts = inspectPdf(pdf.body);
    expect(facts.text).toContain("Märta Öberg");
    expect(facts.text).not.toContain("500 kr");

    const after = (await findOrderItem(s.container.db, item.id))!;
    expect(after.status).toBe("sent");
    const events = await orderItemEvents(s.container.db, item.id);
    expect(events.map((e) => [e.to_status, e.source])).toEqual([
      ["created", "system"],
      ["ready", "payment"],
      ["sent", "delivery"],
    ]);

    // The receipt to the donor says in whose memory, where the sheet goes and when, with a copy of the sheet.
    const receipt = sent.find((m) => /^To: astrid@exempel\.se$/m.test(m.headers))!;
    const receiptText = textOf(receipt);
    // Sent once the gift is paid: it no longer waits for the payment (issue #29), and says so once.
    expect(receiptText).toContain("Din gåva är en minnesgåva till minne av Märta Öberg. Minnesbladet skickas med e-post till Familjen Öberg inom några minuter.");
    expect(receiptText).not.toContain("så snart gåvan är betald");
    expect(receiptText).toContain(`/order/minnesblad/${gift.order_reference}`);
    expect(receipt.parts.map((p) => p.filename).filter(Boolean)).toEqual([`tack-${gift.order_reference}.png`, "minnesblad-marta-oberg.png"]);
  });

  it("mentions the amount only when the donor chose to show it, and e-mails a parlour that has an address", async () => {
    const s = await start();
    await testMemorialGift(s.container.db, clock, { channel: "funeral_parlour", showAmount: true });
    await runAllDue(s);
    const mail = mails(s).find((m) => /^To: familjen@exempel\.se$/m.test(m.headers))!;
    const text = textOf(mail);
    expect(text).toContain("Till Fonus Exempelstad");
    expect(text).toContain("Gåvan är på 500 kr.");
    expect(text).toContain("lägger fram det vid begravningen");
    expect(inspectPdf(mail.parts.find((p) => p.type === "application/pdf")!.body).text.replace(/\s/g, " ")).toContain("500 kr");
  });

  it("leaves post items ready for staff, with no delivery job", async () => {
    const s = await start();
    const { item } = await testMemorialGift(s.container.db, clock, { channel: "post" });
    await runAllDue(s);
    expect((await findOrderItem(s.container.db, item.id))!.status).toBe("ready");
    expect(mails(s).filter((m) => !/^To: astrid@exempel\.se$/m.test(m.headers))).toHaveLength(0);
    const jobs = await s.container.db.selectFrom("jobs").select("type").execute();
    expect(jobs.map((j) => j.type)).not.toContain("deliver-order-item");
  });

  it("marks the item failed with the error after the last attempt, and sends it when staff send it again", async () => {
    let failing = true;
    const delivered: MailMessage[] = [];
    const s = await start({
      async send(message) {
        if (failing && message.attachments?.some((a) => a.contentType === "application/pdf")) throw new Error("SMTP 451: try again later");
        delivered.push(message);
      },
    });
    const { item } = await testMemorialGift(s.container.db, clock, { channel: "email" });
    for (let attempt = 1; attempt <= MAX_JOB_ATTEMPTS; attempt++) {
      await runAllDue(s);
      clock.advance(3_600_000);
    }
    const failed = (await findOrderItem(s.container.db, item.id))!;
    expect(failed.status).toBe("failed");
    const last = (await orderItemEvents(s.container.db, item.id)).at(-1)!;
    expect(last).toMatchObject({ from_status: "ready", to_status: "failed", source: "delivery" });
    expect(JSON.parse(last.data!)).toMatchObject({ error: "SMTP 451: try again later", attempts: MAX_JOB_ATTEMPTS });

    failing = false;
    await resendFailed(s.container.db, clock, [item.reference]);
    await runAllDue(s);
    expect((await findOrderItem(s.container.db, item.id))!.status).toBe("sent");
    expect(delivered.filter((m) => m.to === "familjen@exempel.se")).toHaveLength(1);
  });
});
