import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { testEngines } from "#tests/support/test-databases";
import { ManualClock, systemClock } from "#core/clock";
import { insertTestDonor } from "#tests/support/test-donor";
import { RFA } from "#core/donors/bankid-messages";
import { signToken, tokenSigningKey } from "#core/my-data/token-format";

const SECRET = "test-secret-key-that-is-long-enough-0123456789";
const ERIK = "198112289874"; // in the BankID simulator and the population register
const MARIA = "198108222384"; // protected identity in the register

/** A tiny cookie jar: what a browser would send back. */
class Browser {
  cookies = new Map<string, string>();
  constructor(private readonly base: string) {}
  get header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async request(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: any; res: Response }> {
    const res = await fetch(`${this.base}${url}`, {
      method,
      headers: {
        ...(typeof body === "string" ? { "content-type": "text/plain" } : body !== undefined ? { "content-type": "application/json" } : {}),
        ...(this.cookies.size ? { cookie: this.header } : {}),
        ...headers,
      },
      body: typeof body === "string" ? body : body !== undefined ? JSON.stringify(body) : undefined,
      redirect: "manual",
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = "", ...attrs] = line.split(";");
      const [name = "", value = ""] = pair.split("=");
      if (attrs.some((a) => a.trim() === "Max-Age=0")) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value.trim());
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON
    }
    return { status: res.status, body: parsed, res };
  }
}

describe.each(testEngines)("donor services through the API on %s", (engine) => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.dispose();
    server = undefined;
  });

  async function start(env: Record<string, string> = {}, clock = new ManualClock()) {
    server = await startTestServer({ engine, clock, env: { SECRET_KEY: SECRET, ...env } });
    return { server, clock, sim: server.container.donors.bankIdSimulator!.bankId };
  }

  async function pollUntil(browser: Browser, clock: ManualClock, orderRef: string, status: string) {
    for (let i = 0; i < 5; i++) {
      clock.advance(2_000);
      const poll = await browser.request("POST", "/api/BankID/Poll", { orderRef });
      if (poll.body.status === status) return poll;
    }
    throw new Error(`order never became ${status}`);
  }

  it("logs a donor in with BankID on another device: QR codes, hint messages, a fresh session, earlier gifts", async () => {
    const { server, clock, sim } = await start();
    // A gift given with the personnummer before the donor ever logged in.
    await server.container.db
      .insertInto("gifts")
      .values({
        id: "g-before",
        order_reference: "DEMO0001",
        gift_type: "one_off",
        amount_ore: 50_000,
        donor_name: "Erik Lindgren",
        donor_email: "erik@exempel.se",
        donor_personnummer: ERIK,
        newsletter_consent: 1,
        status: "paid",
        idempotency_key: "k-before",
        created_at: clock.now().toISOString(),
        updated_at: clock.now().toISOString(),
        paid_at: clock.now().toISOString(),
      } as never)
      .execute();

    const browser = new Browser(server.url);
    // A session id planted before login (fixation) must not survive it.
    browser.cookies.set("hl_session", "planted-by-an-attacker-0000000000000000000000");
    const started = await browser.request("POST", "/api/BankID/Authenticate", { device: "other" });
    expect(started.status).toBe(201);
    expect(started.body.orderRef).toMatch(/^[0-9a-f-]{36}$/);
    expect(browser.cookies.has("hl_bankid")).toBe(true);
    const { orderRef } = started.body;

    const first = await browser.request("POST", "/api/BankID/Poll", { orderRef });
    expect(first.body).toMatchObject({ status: "pending", hintCode: "outstandingTransaction", message: RFA.RFA1 });
    expect(first.body.qr).toMatch(/^bankid\.[0-9a-f-]{36}\.0\.[0-9a-f]{64}$/);
    expect(first.body.qrSvg).toContain("<svg");
    // The simulator's "app" accepts the QR content as a scan, which proves the HMAC.
    expect(await sim.findByQrContent(first.body.qr)).toBeDefined();
    clock.advance(1_000);
    const second = await browser.request("POST", "/api/BankID/Poll", { orderRef });
    expect(second.body.qr).toMatch(/\.1\.[0-9a-f]{64}$/);
    expect(second.body.qr).not.toBe(first.body.qr);

    // Another browser that learns the orderRef cannot see or finish it.
    const stranger = new Browser(server.url);
    expect((await stranger.request("POST", "/api/BankID/Poll", { orderRef })).status).toBe(404);

    await sim.open(orderRef);
    expect((await pollUntil(browser, clock, orderRef, "pending")).body.message).toBe(RFA.RFA15B);
    await sim.selectPerson(orderRef, ERIK);
    expect((await pollUntil(browser, clock, orderRef, "pending")).body.message).toBe(RFA.RFA9);
    await sim.approve(orderRef);
    const done = await pollUntil(browser, clock, orderRef, "complete");
    expect(done.body.redirectTo).toBe("/mina-sidor");
    expect(done.body.qr).toBeNull();
    const sessionCookie = browser.cookies.get("hl_session")!;
    expect(sessionCookie).not.toBe("planted-by-an-attacker-0000000000000000000000");
    const setCookie = done.res.headers.getSetCookie().find((c) => c.startsWith("hl_session="))!;
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");

    const session = await server.container.donors.sessions.current(browser.header);
    expect(session?.donor).toMatchObject({ personnummer: ERIK, given_name: "Erik", surname: "Lindgren", street: "Storgatan 12", email: "erik@exempel.se" });
    // Only the hash of the cookie is stored.
    const rows = await server.container.db.selectFrom("donor_sessions").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id_hash).not.toContain(sessionCookie);

    // Polling again does not log in a second time.
    const again = await browser.request("POST", "/api/BankID/Poll", { orderRef });
    expect(again.body.status).toBe("complete");
    expect(again.res.headers.getSetCookie().some((c) => c.startsWith("hl_session="))).toBe(false);
    expect(await server.container.db.selectFrom("donor_sessions").selectAll().execute()).toHaveLength(1);
  });

  it("gives BankID's message for every failure, and cancels with a text/plain orderRef", async () => {
    const { server, clock, sim } = await start();
    const browser = new Browser(server.url);
    const expectations: Array<[string, string]> = [
      ["userCancel", RFA.RFA6],
      ["expiredTransaction", RFA.RFA8],
      ["certificateErr", RFA.RFA16],
      ["startFailed", RFA.RFA17B],
    ];
    for (const [hint, text] of expectations) {
      const { body } = await browser.request("POST", "/api/BankID/Authenticate", { device: "other" });
      await sim.forceHint(body.orderRef, hint);
      const failed = await pollUntil(browser, clock, body.orderRef, "failed");
      expect(failed.body).toMatchObject({ hintCode: hint, message: text });
      clock.advance(61_000); // keep under the per-minute start limit
    }
    for (const hint of ["noClient", "userMrtd", "userCallConfirm"]) {
      const { body } = await browser.request("POST", "/api/BankID/Authenticate", { device: "this" });
      await sim.forceHint(body.orderRef, hint);
      const poll = await pollUntil(browser, clock, body.orderRef, "pending");
      expect(poll.body.hintCode).toBe(hint);
      expect(poll.body.message).toBe({ noClient: RFA.RFA1, userMrtd: RFA.RFA23, userCallConfirm: RFA.RFA21 }[hint]);
      expect(poll.body.qr).toBeNull();
      const cancel = await browser.request("POST", "/api/BankID/Cancel", body.orderRef);
      expect(cancel.status).toBe(200);
      const after = await browser.request("POST", "/api/BankID/Poll", { orderRef: body.orderRef });
      expect(after.body).toMatchObject({ status: "failed", hintCode: "cancelled", message: RFA.RFA3 });
      clock.advance(61_000);
    }
    expect((await browser.request("POST", "/api/BankID/Cancel", "no-such-order")).status).toBe(404);
    expect((await browser.request("POST", "/api/BankID/Poll", {})).status).toBe(400);
    expect(await server.container.db.selectFrom("donor_sessions").selectAll().execute()).toHaveLength(0);
  });

  it("limits how many BankID orders one address may start, and refuses other sites", async () => {
    const { server } = await start({ RATE_LIMIT_BANKID_STARTS_PER_MINUTE: "3" });
    const browser = new Browser(server.url);
    // Another site's attempt is refused by the API router before anything is started or counted (server/api/cross-site.ts).
    const cross = await browser.request("POST", "/api/BankID/Authenticate", {}, { origin: "https://ond.example" });
    expect(cross.status).toBe(403);
    expect((await browser.request("POST", "/api/BankID/Authenticate", {})).status).toBe(201);
    expect((await browser.request("POST", "/api/BankID/Sign", { text: "Jag godkänner autogiro." })).status).toBe(201);
    expect((await browser.request("POST", "/api/BankID/Authenticate", {})).status).toBe(201);
    const limited = await browser.request("POST", "/api/BankID/Authenticate", {});
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("rate_limited");
    expect(limited.res.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("looks up name and address, never an address for a protected identity, and limits look-ups", async () => {
    const { server } = await start({ RATE_LIMIT_LOOKUPS_PER_MINUTE: "4" });
    const browser = new Browser(server.url);
    const erik = await browser.request("GET", `/api/LookupIdentity?personnummer=19811228-9874`);
    expect(erik.status).toBe(200);
    expect(erik.body).toEqual({
      givenName: "Erik",
      surname: "Lindgren",
      name: "Erik Lindgren",
      protectedIdentity: false,
      address: { street: "Storgatan 12", postalCode: "114 51", city: "Stockholm" },
    });
    expect(erik.res.headers.get("cache-control")).toBe("no-store");
    const maria = await browser.request("GET", `/api/LookupIdentity?personnummer=${MARIA}`);
    expect(maria.body).toMatchObject({ protectedIdentity: true, address: null });
    expect((await browser.request("GET", "/api/LookupIdentity?personnummer=19811228-9875")).status).toBe(400);
    expect((await browser.request("GET", "/api/LookupIdentity?personnummer=202201612393")).status).toBe(404);
    expect((await browser.request("GET", `/api/LookupIdentity?personnummer=${ERIK}`)).status).toBe(429);
    // Nothing from a look-up is stored.
    expect(await server.container.db.selectFrom("donors").selectAll().execute()).toHaveLength(0);
  });

  it("a failing register answers 502 and logs LookupIdentityFailed without the number", async () => {
    const { server } = await start({ POPULATION_REGISTER_MODE: "spar" });
    const lines: string[] = [];
    const logger = server.container.logger;
    const original = logger.warn.bind(logger);
    logger.warn = ((obj: object, msg?: string) => {
      lines.push(JSON.stringify({ obj, msg }));
      return original(obj, msg);
    }) as typeof logger.warn;
    const result = await new Browser(server.url).request("GET", `/api/LookupIdentity?personnummer=${ERIK}`);
    expect(result.status).toBe(502);
    expect(result.body.error.code).toBe("lookup_failed");
    expect(lines.join("\n")).toContain("LookupIdentityFailed");
    expect(lines.join("\n")).not.toContain("9874");
  });

  describe("My data links", () => {
    async function donorWithLink(clock: ManualClock) {
      const s = server!;
      const donorId = "donor-1";
      await insertTestDonor(s.container.db, clock, { id: donorId, personnummer: ERIK, street: "Storgatan 12", postal_code: "114 51", phone: null });
      const { token } = await s.container.donors.links.issue(donorId);
      return { donorId, token };
    }

    it("fetches, updates and takes comments with a valid token", async () => {
      const { server, clock } = await start();
      const { token, donorId } = await donorWithLink(clock);
      const browser = new Browser(server.url);
      const q = `token=${encodeURIComponent(token)}`;
      const fetched = await browser.request("GET", `/api/MyData/Fetch?${q}`);
      expect(fetched.status).toBe(200);
      expect(fetched.body.donor).toMatchObject({ name: "Erik Lindgren", email: "erik@exempel.se" });
      const download = await browser.request("GET", `/api/MyData/Fetch?${q}&download=1`);
      expect(download.res.headers.get("content-disposition")).toContain("mina-uppgifter.json");

      const update = await browser.request("POST", `/api/MyData/Update?${q}`, {
        givenName: "Erik",
        surname: "Lindgren",
        address: { street: "Nygatan 1", postalCode: "11451", city: "Stockholm" },
        email: "Erik.Ny@Exempel.se",
        contactPreferences: { email: true, post: false },
      });
      expect(update.status).toBe(200);
      // A new address waits for the link sent to it (core/donors/email-change.ts); until then we write to the old one.
      expect(update.body).toMatchObject({ email: "erik@exempel.se", pendingEmail: "erik.ny@exempel.se", address: { street: "Nygatan 1", postalCode: "114 51" } });
      const bad = await browser.request("POST", `/api/MyData/Update?${q}`, { givenName: "", surname: "L", email: "nej" });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.error.fields).sort()).toEqual(["email", "givenName"]);

      expect((await browser.request("POST", `/api/MyData/Comment?${q}`, { comment: "Jag har flyttat." })).status).toBe(201);
      expect((await browser.request("POST", `/api/MyData/Comment?${q}`, { comment: "   " })).status).toBe(400);
      const comments = await server.container.db.selectFrom("donor_comments").selectAll().where("donor_id", "=", donorId).execute();
      expect(comments.map((c) => c.body)).toEqual(["Jag har flyttat."]);
    });

    it("refuses forged, altered, expired and revoked tokens and changes nothing", async () => {
      const { server, clock } = await start();
      const { token, donorId } = await donorWithLink(clock);
      const browser = new Browser(server.url);
      const update = (t: string) =>
        browser.request("POST", `/api/MyData/Update?token=${encodeURIComponent(t)}`, { givenName: "Mallory", surname: "Ond", email: "ond@exempel.se" });

      const [version, body, signature] = token.split(".") as [string, string, string];
      // Altered: the payload names another purpose, the signature is the old one.
      const payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
      const altered = `${version}.${Buffer.from(JSON.stringify({ ...payload, exp: payload.exp + 999_999 })).toString("base64url")}.${signature}`;
      // Forged: well-formed, signed with another key.
      const forged = signToken(payload, tokenSigningKey("another-secret-key-another-secret-key"));
      // Signature bits flipped.
      const flipped = `${version}.${body}.${signature.slice(0, -2)}${signature.endsWith("AA") ? "AB" : "AA"}`;
      for (const bad of [altered, forged, flipped, "v1.nonsense", ""]) {
        const result = await update(bad);
        expect(result.status, bad).toBe(401);
        expect(result.body.error.code).toBe("token_invalid");
      }
      // Another purpose, correctly signed: still not a My data token.
      const otherPurpose = signToken({ ...payload, pur: "unsubscribe" }, tokenSigningKey(SECRET));
      expect((await update(otherPurpose)).body.error.code).toBe("token_invalid");

      // Revoked: a newer link replaces it.
      const { token: newer } = await server.container.donors.links.issue(donorId);
      const revoked = await update(token);
      expect(revoked.status).toBe(410);
      expect(revoked.body.error.code).toBe("token_revoked");

      // Expired: a week later the newer one stops working too.
      clock.advance(7 * 24 * 3_600_000 + 1_000);
      const expired = await update(newer);
      expect(expired.status).toBe(410);
      expect(expired.body.error.code).toBe("token_expired");
      expect((await browser.request("GET", `/api/MyData/Fetch?token=${encodeURIComponent(newer)}`)).status).toBe(410);

      const donor = await server.container.db.selectFrom("donors").selectAll().where("id", "=", donorId).executeTakeFirstOrThrow();
      expect(donor).toMatchObject({ given_name: "Erik", email: "erik@exempel.se" });
      expect(await server.container.db.selectFrom("donor_comments").selectAll().execute()).toHaveLength(0);
    });

    it("erasure keeps paid gifts for bookkeeping and tax, removes the rest, and kills the link", async () => {
      const { server, clock } = await start();
      const { token, donorId } = await donorWithLink(clock);
      const now = clock.now().toISOString();
      for (const [id, status] of [
        ["g-paid", "paid"],
        ["g-open", "awaiting_payment"],
      ] as const) {
        await server.container.db
          .insertInto("gifts")
          .values({
            id,
            order_reference: `REF-${id}`,
            gift_type: "one_off",
            amount_ore: 30_000,
            donor_name: "Erik Lindgren",
            donor_email: "erik@exempel.se",
            donor_personnummer: ERIK,
            newsletter_consent: 1,
            status,
            idempotency_key: `k-${id}`,
            created_at: now,
            updated_at: now,
            paid_at: status === "paid" ? now : null,
          } as never)
          .execute();
      }
      await server.container.donors.sessions.login(donorId, null);
      const { eraseDonor } = await import("#core/my-data/my-data-service");
      await eraseDonor(
        { db: server.container.db, clock, logger: server.container.logger, outcomes: server.container.paymentOutcomes, mailer: server.container.mailer, site: server.container.site, tokens: server.container.donors.links },
        donorId,
        "my-data",
      );
      const gifts = await server.container.db.selectFrom("gifts").selectAll().orderBy("id").execute();
      expect(gifts.find((g) => g.id === "g-paid")).toMatchObject({ donor_personnummer: ERIK, donor_name: "Erik Lindgren", donor_email: "", newsletter_consent: 0 });
      expect(gifts.find((g) => g.id === "g-open")).toMatchObject({ donor_personnummer: null, donor_name: "Raderad givare", donor_email: "" });
      expect(await server.container.db.selectFrom("donors").selectAll().execute()).toHaveLength(0);
      expect(await server.container.db.selectFrom("donor_sessions").selectAll().execute()).toHaveLength(0);
      expect(await server.container.db.selectFrom("erasure_requests").select(["donor_id", "kept"]).execute()).toHaveLength(1);
      const after = await new Browser(server.url).request("GET", `/api/MyData/Fetch?token=${encodeURIComponent(token)}`);
      expect(after.body.error.code).toBe("token_revoked");
      const mails = fs.readdirSync(path.join(server.dir, "mail"));
      expect(fs.readFileSync(path.join(server.dir, "mail", mails[0]!), "utf8")).toContain("Subject: =?UTF-8?Q?Dina_uppgifter_=C3=A4r_raderade?=");
    });
  });

  describe("sessions", () => {
    it("end after 30 idle minutes, slide while used, and rotate at login", async () => {
      const { server, clock } = await start();
      await insertTestDonor(server.container.db, clock, { id: "d1", personnummer: ERIK, given_name: "E", surname: "L", street: null, postal_code: null, city: null, email: null, phone: null });
      const { sessions } = server.container.donors;
      const cookie = (await sessions.login("d1", null)).split(";")[0]!;
      clock.advance(29 * 60_000);
      expect(await sessions.current(cookie)).not.toBeNull();
      // Used at 29 minutes: good until 59.
      clock.advance(29 * 60_000);
      expect(await sessions.current(cookie)).not.toBeNull();
      clock.advance(30 * 60_000 + 1);
      expect(await sessions.current(cookie)).toBeNull();
      expect(await server.container.db.selectFrom("donor_sessions").selectAll().execute()).toHaveLength(0);

      const first = (await sessions.login("d1", null)).split(";")[0]!;
      const second = (await sessions.login("d1", first)).split(";")[0]!;
      expect(second).not.toBe(first);
      expect(await sessions.current(first)).toBeNull();
      expect(await sessions.current(second)).not.toBeNull();
      const cleared = await sessions.logout(second);
      expect(cleared).toContain("Max-Age=0");
      expect(await sessions.current(second)).toBeNull();
    });

    it("mark the cookie Secure (with the __Host- prefix) when the site is https", async () => {
      const { server } = await start({ PUBLIC_URL: "https://www.exempel.se" });
      await insertTestDonor(server.container.db, systemClock, { id: "d1", personnummer: ERIK, given_name: "E", surname: "L", street: null, postal_code: null, city: null, email: null, phone: null });
      const cookie = await server.container.donors.sessions.login("d1", null);
      expect(cookie).toMatch(/^__Host-hl_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Secure$/);
    });
  });
});
