import crypto from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { ManualClock } from "../clock";
import { silentLogger } from "../logger";
import { MemoryKeyValueStore } from "../key-value-store";
import { BankIdLogin } from "../donors/bankid-login";
import type { BankIdRelyingParty, CollectResponse, OrderResponse, SignOptions } from "../donors/bankid-relying-party";
import { findDonorByPersonnummer, upsertIdentifiedDonor } from "../donors/donor-repository";
import { loadSiteConfig } from "../site/site-config";
import { openTestDatabase, testEngines, type TestDatabase } from "#tests/support/test-databases";
import { isAutogiroSignup, monthlyGiftFormSchema, type MonthlyAutogiroData } from "./monthly-gift-form";
import { completeMandateSigning, startMandateSigning, type MandateSigningDeps } from "./mandate-signing";

/** BankID's relying-party API as far as signing needs it: orders wait until the test lets the donor sign. */
class SigningRelyingParty implements BankIdRelyingParty {
  readonly signed: SignOptions[] = [];
  private readonly answers = new Map<string, CollectResponse>();

  async auth(): Promise<OrderResponse> {
    throw new Error("only signing here");
  }

  async sign(options: SignOptions): Promise<OrderResponse> {
    const orderRef = crypto.randomUUID();
    this.signed.push(options);
    this.answers.set(orderRef, { orderRef, status: "pending", hintCode: "outstandingTransaction" });
    return { orderRef, autoStartToken: crypto.randomUUID(), qrStartToken: crypto.randomUUID(), qrStartSecret: crypto.randomUUID() };
  }

  async collect(orderRef: string): Promise<CollectResponse> {
    const answer = this.answers.get(orderRef);
    if (!answer) throw new Error(`unknown order ${orderRef}`);
    return answer;
  }

  async cancel(): Promise<void> {}

  qrCode(): string {
    return "bankid.qr";
  }

  /** The person signs the order in their BankID app. */
  completeSigning(orderRef: string, personalNumber: string, givenName: string, surname: string) {
    this.answers.set(orderRef, {
      orderRef,
      status: "complete",
      completionData: {
        user: { personalNumber, name: `${givenName} ${surname}`, givenName, surname },
        device: { ipAddress: "192.0.2.1", uhi: "uhi" },
        bankIdIssueDate: "2024-01-01",
        signature: "PHNpZ25hdHVyZT4=",
        ocspResponse: "b2NzcA==",
      },
    });
  }
}

describe.each(testEngines)("signing an autogiro mandate on %s", (engine) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  const PERSONNUMMER = "198112289874";
  const browserId = crypto.randomBytes(32).toString("base64url");

  async function setUp() {
    database = await openTestDatabase(engine);
    const clock = new ManualClock("2026-01-15T10:00:00.000Z");
    const rp = new SigningRelyingParty();
    const bankId = new BankIdLogin({
      db: database.db,
      clock,
      logger: silentLogger,
      rp,
      register: { lookup: async () => null },
      cookies: { secure: false },
      autostartLink: (token) => `bankid:///?autostarttoken=${token}`,
      returnUrl: "http://localhost/logga-in",
    });
    const deps: MandateSigningDeps = { db: database.db, clock, logger: silentLogger, bankId, drafts: new MemoryKeyValueStore(), site: loadSiteConfig({}) };
    const form = monthlyGiftFormSchema({ minKr: 50, maxKr: 100_000 }, clock.now(), "2026-01-15").parse({
      amount: "200",
      debitDay: "28",
      name: "Erik Lindgren",
      email: "Erik@Exempel.se",
      personnummer: "19811228-9874",
      clearing: "5000",
      account: "1234560",
      idempotencyKey: crypto.randomUUID(),
    });
    if (!isAutogiroSignup(form)) throw new Error("expected an autogiro sign-up");
    return { db: database.db, clock, rp, bankId, deps, form };
  }

  async function startSigning(deps: MandateSigningDeps, form: MonthlyAutogiroData): Promise<string> {
    const started = await startMandateSigning(deps, form, { endUserIp: "192.0.2.1", browserId, sameDevice: false, returnUrl: "http://localhost/ge-en-gava/manadsgava?fran=bankid" });
    if ("error" in started) throw new Error(started.error);
    return started.orderRef;
  }

  /** Everything a completion writes, to see that a second one writes nothing. */
  async function stored(db: TestDatabase["db"]) {
    return {
      donors: await db.selectFrom("donors").selectAll().orderBy("id").execute(),
      agreements: await db.selectFrom("agreements").selectAll().orderBy("id").execute(),
      mandates: await db.selectFrom("mandates").selectAll().orderBy("id").execute(),
      events: await db.selectFrom("agreement_events").selectAll().orderBy("id").execute(),
      requests: await db.selectFrom("autogiro_requests").selectAll().orderBy("id").execute(),
      jobs: await db.selectFrom("jobs").selectAll().orderBy("id").execute(),
      orders: await db.selectFrom("bankid_orders").selectAll().orderBy("order_ref").execute(),
    };
  }

  it("makes one agreement however often the signing is finished, and writes nothing the second time", async () => {
    const { db, clock, rp, deps, form } = await setUp();
    const orderRef = await startSigning(deps, form);
    expect(rp.signed[0]!.userVisibleData).toContain("Medgivande till betalning via Autogiro");
    expect(await completeMandateSigning(deps, orderRef, browserId)).toEqual({ status: "pending" });

    rp.completeSigning(orderRef, PERSONNUMMER, "Erik", "Lindgren");
    clock.advance(5_000);
    const first = await completeMandateSigning(deps, orderRef, browserId);
    expect(first.status).toBe("created");
    const afterFirst = await stored(db);
    expect(afterFirst.agreements).toHaveLength(1);
    expect(afterFirst.agreements[0]).toMatchObject({ id: first.status === "created" ? first.agreementId : "", status: "pending", amount_ore: 20_000, debit_day: 28 });
    expect(afterFirst.mandates).toEqual([expect.objectContaining({ signature_ref: orderRef, account: "1234560", status: "requested" })]);
    expect(afterFirst.donors).toEqual([expect.objectContaining({ personnummer: PERSONNUMMER, given_name: "Erik", surname: "Lindgren", email: "erik@exempel.se" })]);
    // The login page must not take the used signature for the browser's latest BankID order.
    expect(afterFirst.orders[0]!.consumed_at).toBe(clock.now().toISOString());

    // A reload a minute later (or the page's own refresh): the same agreement, and not one row touched.
    clock.advance(60_000);
    expect(await completeMandateSigning(deps, orderRef, browserId)).toEqual(first);
    expect(await stored(db)).toEqual(afterFirst);
  });

  it("makes one agreement when two requests finish the same signing at once", async () => {
    const { db, rp, deps, form } = await setUp();
    const orderRef = await startSigning(deps, form);
    rp.completeSigning(orderRef, PERSONNUMMER, "Erik", "Lindgren");
    const [a, b] = await Promise.all([completeMandateSigning(deps, orderRef, browserId), completeMandateSigning(deps, orderRef, browserId)]);
    expect(a.status).toBe("created");
    expect(b).toEqual(a);
    expect(await db.selectFrom("agreements").select("id").execute()).toHaveLength(1);
    expect(await db.selectFrom("mandates").select("id").execute()).toHaveLength(1);
  });

  it("writes to the address typed in the form from now on, and says when it replaced another one", async () => {
    const { db, clock, rp, deps, form } = await setUp();
    const donor = await upsertIdentifiedDonor(db, clock, { personnummer: PERSONNUMMER, givenName: "Erik", surname: "Lindgren" });
    await db.updateTable("donors").set({ email: "gammal.adress@exempel.se" }).where("id", "=", donor.id).execute();
    const orderRef = await startSigning(deps, form);
    rp.completeSigning(orderRef, PERSONNUMMER, "Erik", "Lindgren");
    expect(await completeMandateSigning(deps, orderRef, browserId)).toMatchObject({ status: "created", emailReplaced: true });
    expect((await findDonorByPersonnummer(db, PERSONNUMMER))!.email).toBe("erik@exempel.se");
    // The same signing again (the page's refresh): nothing more to say or change.
    expect(await completeMandateSigning(deps, orderRef, browserId)).toMatchObject({ status: "created", emailReplaced: false });
  });

  it("stores nothing for another signer, another browser or an unknown order", async () => {
    const { db, rp, deps, form } = await setUp();
    const orderRef = await startSigning(deps, form);
    rp.completeSigning(orderRef, "199001012384", "Anna", "Svensson");
    expect(await completeMandateSigning(deps, orderRef, null)).toMatchObject({ status: "failed", message: expect.stringContaining("hittades inte") });
    expect(await completeMandateSigning(deps, orderRef, crypto.randomBytes(32).toString("base64url"))).toMatchObject({ status: "failed" });
    expect(await completeMandateSigning(deps, "no-such-order", browserId)).toMatchObject({ status: "failed" });
    expect(await completeMandateSigning(deps, orderRef, browserId)).toMatchObject({ status: "failed", message: expect.stringContaining("ett annat BankID") });
    expect(await db.selectFrom("agreements").select("id").execute()).toEqual([]);
    expect(await db.selectFrom("donors").select("id").execute()).toEqual([]);
  });
});
