import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "#core/clock";
import { decodePng } from "#tests/support/png-inspect";
import { testEngines } from "#tests/support/test-databases";
import { payByInvoiceImport as pay, postJson, startTestServer, type TestServer } from "#tests/support/test-server";


function request(card: Record<string, unknown> = {}, overrides: Record<string, unknown> = {}) {
  return {
    payload: {
      amount: 250,
      name: "Anna Svensson",
      email: "anna@exempel.se",
      idempotencyKey: crypto.randomUUID(),
      card: { code: "JUL_24_12", greeting: "God jul, mormor!\nVi ses på julafton.", giverName: "Anna och barnen", recipient: { name: "Margareta Lindqvist", email: "margareta@exempel.se" }, ...card },
      ...overrides,
    },
  };
}

const mailFiles = (server: TestServer) => {
  const dir = path.join(server.dir, "mail");
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(".eml")).map((f) => fs.readFileSync(path.join(dir, f), "utf8")) : [];
};
const runAllDue = async (server: TestServer) => {
  while ((await server.container.jobs.runOnce()) > 0);
};

describe.each(testEngines)("digital greeting card API on %s", (engine) => {
  const clock = new ManualClock("2026-11-23T09:00:00.000Z");
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine, clock, env: { RESEARCH_SNAPSHOT_FILE: "/nonexistent/research-projects.json" } });
  });
  afterAll(() => server.dispose());

  it("stores a card for tomorrow, sends it only when tomorrow comes, with the card as an image and a link to its page", async () => {
    const body = request({ sendDate: "2026-11-24" });
    const added = await postJson(`${server.url}/api/DigitalGreetingCard/Add`, body);
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ amount: 250, currency: "SEK", cardCode: "JUL_24_12", sendAt: "2026-11-24T07:00:00.000Z" });
    const again = await postJson(`${server.url}/api/DigitalGreetingCard/Add`, body);
    expect(again.status).toBe(200);
    expect(again.body.orderReference).toBe(added.body.orderReference);
    const ref = added.body.orderReference as string;

    await pay(server, clock, ref);
    await runAllDue(server);
    // Only the receipt so far: it carries a copy of the card and says when the card goes.
    let mails = mailFiles(server);
    expect(mails.filter((m) => /^To: margareta@exempel\.se$/m.test(m))).toHaveLength(0);
    const receipt = mails.find((m) => /^To: anna@exempel\.se$/m.test(m))!;
    expect(receipt).toContain("gratulationskort.png");

    const before = await fetch(`${server.url}/api/DigitalGreetingCard/GetDigitalGreetingCardByOrderReference?orderReference=${ref}`);
    expect(before.status).toBe(200);
    expect(await before.json()).toMatchObject({ cardCode: "JUL_24_12", status: "ready", paid: true, recipientName: "Margareta Lindqvist", greeting: "God jul, mormor!\nVi ses på julafton." });

    clock.advance(86_400_000);
    await runAllDue(server);
    mails = mailFiles(server);
    const toRecipient = mails.filter((m) => /^To: margareta@exempel\.se$/m.test(m));
    expect(toRecipient).toHaveLength(1);
    const mail = toRecipient[0]!.replace(/=\n/g, "");
    expect(mail).toMatch(/Content-Type: image\/png; name=gratulationskort\.png/);
    expect(mail).toContain(`/d/JUL_24_12/${ref}`);

    const after = await (await fetch(`${server.url}/api/DigitalGreetingCard/GetDigitalGreetingCardByOrderReference?orderReference=${ref}`)).json();
    expect(after.status).toBe("sent");
    const png = await fetch(`${server.url}/api/DigitalGreetingCard/GetDigitalGreetingCardAsPngByOrderReference?orderReference=${ref}`);
    expect(png.status).toBe(200);
    expect(png.headers.get("content-type")).toBe("image/png");
    // A private document like every other (issue #30: it was "private, max-age=300" and could be indexed).
    expect(png.headers.get("cache-control")).toBe("private, no-store");
    expect(png.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(decodePng(Buffer.from(await png.arrayBuffer())).width).toBe(1200);
  });

  it("refuses bad input field by field and stores nothing", async () => {
    const count = async () => Number((await server.container.db.selectFrom("gifts").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
    const before = await count();
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ greeting: "x".repeat(301) }, "payload.card.greeting", /högst 300/],
      [{ greeting: "Hej\u0000där" }, "payload.card.greeting", /tecken som inte går att skriva ut/],
      [{ sendDate: "2026-11-01" }, "payload.card.sendDate", /redan varit/],
      [{ sendDate: "2028-01-01" }, "payload.card.sendDate", /högst ett år/],
      [{ code: "NOPE_01" }, "payload.card.code", /Välj ett kort/],
      [{ code: "PASK_01" }, "payload.card.code", /går inte att välja just nu/],
      [{ recipient: { name: "M", email: "inte-en-adress" } }, "payload.card.recipient.email", /e-postadress/],
    ];
    for (const [card, field, message] of cases) {
      const answer = await postJson(`${server.url}/api/DigitalGreetingCard/Add`, request(card));
      expect(answer.status, field).toBe(400);
      expect(answer.body.error.fields[field], field).toMatch(message);
    }
    expect(await count()).toBe(before);
  });

  it("answers 404, never 500, for unknown or malformed references and for other gifts", async () => {
    for (const ref of ["", "nope", "0".repeat(26), "../../etc/passwd"]) {
      const json = await fetch(`${server.url}/api/DigitalGreetingCard/GetDigitalGreetingCardByOrderReference?orderReference=${encodeURIComponent(ref)}`);
      expect(json.status, ref).toBe(404);
      const png = await fetch(`${server.url}/api/DigitalGreetingCard/GetDigitalGreetingCardAsPngByOrderReference?orderReference=${encodeURIComponent(ref)}`);
      expect(png.status, ref).toBe(404);
    }
    expect((await fetch(`${server.url}/api/DigitalGreetingCard/GetDigitalGreetingCardByOrderReference`)).status).toBe(404);
  });

  it("previews a card through POST /api/Gift/Preview, and refuses an unknown card or a too long greeting", async () => {
    const ok = await fetch(`${server.url}/api/Gift/Preview`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ kind: "greeting_card", cardCode: "GRATULATION_03", greeting: "Grattis!", recipientName: "Margareta", giverName: "Anna" }),
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toBe("image/png");
    expect(ok.headers.get("cache-control")).toBe("no-store");
    const unknown = await postJson(`${server.url}/api/Gift/Preview`, { kind: "greeting_card", cardCode: "NOPE" });
    expect(unknown.status).toBe(404);
    const long = await postJson(`${server.url}/api/Gift/Preview`, { kind: "greeting_card", cardCode: "TEST", greeting: "x".repeat(301) });
    expect(long.status).toBe(400);
    expect(long.body.error.fields.greeting).toMatch(/högst 300/);
  });
});
