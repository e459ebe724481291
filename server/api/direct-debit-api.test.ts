import { afterEach, describe, expect, it } from "vitest";
import { ManualClock } from "#core/clock";
import { swedishInstant } from "#core/autogiro";
import { upsertIdentifiedDonor } from "#core/donors/donor-repository";
import { createAgreement } from "#core/agreements/agreement-service";
import { postJson, startTestServer, type TestServer } from "#tests/support/test-server";

describe("POST /api/DirectDebit/CheckAutogiroStatus", () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.dispose();
    server = undefined;
  });

  it("answers pending, then Bankgirot's refusal with its Swedish reason; refuses bad input and unknown ids", async () => {
    const clock = new ManualClock(swedishInstant("2026-11-24", 10));
    server = await startTestServer({ clock });
    const { container } = server;
    const donor = await upsertIdentifiedDonor(container.db, clock, { personnummer: "198112289874", givenName: "Erik", surname: "Lindgren" });
    // The Bankgirot simulator refuses mandates for accounts starting 9902 (05: wrong account or personal data).
    const { agreement } = await createAgreement(container, {
      donorId: donor.id,
      kind: "monthly_gift",
      amountOre: 20_000,
      debitDay: 28,
      collect: { method: "autogiro", mandate: { account: { clearing: "5000", number: "9902007", bankName: "SEB" }, personnummer: "198112289874", signatureRef: "order" } },
      idempotencyKey: "api-test",
    });
    const check = (body: unknown) => postJson(`${server!.url}/api/DirectDebit/CheckAutogiroStatus`, body);

    const pending = await check({ agreementId: agreement.id });
    expect(pending.status).toBe(200);
    expect(pending.body.agreements[0]).toMatchObject({
      status: "pending",
      mandate: { status: "requested", reason: null, bankName: "SEB", accountEnding: "2007" },
      amountOre: 20_000,
      debitDay: 28,
    });
    expect(JSON.stringify(pending.body)).not.toContain("198112289874");
    expect(JSON.stringify(pending.body)).not.toContain("9902007");

    await container.agreements.runRound();
    clock.set(swedishInstant("2026-11-24", 20));
    await container.agreements.runRound();
    const refused = await check({ agreementId: agreement.id });
    expect(refused.body.agreements[0]).toMatchObject({ status: "refused", mandate: { status: "refused", reason: { code: "05" } } });
    expect(refused.body.agreements[0].mandate.reason.text).toMatch(/[a-zåäö]/i);

    expect((await check({ agreementId: "not-a-uuid" })).body.error.fields.agreementId).toBeDefined();
    expect((await check({ agreementId: "00000000-0000-4000-8000-000000000000" })).status).toBe(404);
    expect((await check({})).status).toBe(401);
  });
});
