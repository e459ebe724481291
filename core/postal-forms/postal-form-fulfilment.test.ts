import { afterEach, describe, expect, it } from "vitest";
import { ManualClock } from "../clock";
import { openTestDatabase, testEngines, type TestDatabase } from "#tests/support/test-databases";
import { loadSiteConfig } from "../site/site-config";
import { testMemorialGift } from "#tests/support/test-memorial-gift";
import { findOrderItem } from "../orders/order-repository";
import { FulfilmentRefusal } from "../orders/fulfilment";
import { postalFormRequestSchema } from "./postal-form-schema";
import { orderPostalForm, PostalFormsLimitedError, type VisitorCounter } from "./postal-form-service";
import { cancelPostalForms, formatPostalFormQueue, markPostedWithForms, postalFormQueue } from "./postal-form-fulfilment";
import { postBatch } from "../orders/post-work";
import { findPostalForm } from "./postal-form-repository";
import { POSTAL_FORM_CONFIRMATION_JOB, postalFormConfirmationMail } from "./postal-form-confirmation";

const site = loadSiteConfig({});

/** Counts like the server's per-IP limiter, without a window. */
function counter(limit: number): VisitorCounter & { counts: Map<string, number> } {
  const counts = new Map<string, number>();
  return {
    counts,
    hit: async (key) => {
      counts.set(key, (counts.get(key) ?? 0) + 1);
      return (counts.get(key) ?? 0) <= limit;
    },
    peek: async (key) => (counts.get(key) ?? 0) < limit,
  };
}

const request = (overrides: Record<string, unknown> = {}) =>
  postalFormRequestSchema.parse({ kind: "autogiro_mandate", name: "Astrid Exempel", street: "Storgatan 1", postalCode: "111 22", city: "Västerås", ...overrides });

describe.each(testEngines)("forms ordered by post on %s", (engine) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });
  // Monday 23 November 2026, 10:00 in Stockholm: posted today, a letter arrives by Wednesday 25th.
  const clock = new ManualClock("2026-11-23T09:00:00.000Z");
  const setUp = async () => {
    clock.set("2026-11-23T09:00:00.000Z");
    return (database = await openTestDatabase(engine)).db;
  };
  const rows = async () => database!.db.selectFrom("postal_form_requests").selectAll().execute();

  it("stores a request as ready, due four working days on, and queues its confirmation only when there is an e-mail address", async () => {
    const db = await setUp();
    const deps = { db, clock, perVisitor: counter(10), recipientMail: counter(100) };
    const { form, created } = await orderPostalForm(deps, "10.0.0.1", request({ email: "astrid@exempel.se" }));
    expect(created).toBe(true);
    expect(form).toMatchObject({ kind: "autogiro_mandate", status: "ready", expected_by: "2026-11-27", postal_code: "111 22", email: "astrid@exempel.se" });
    expect(await findPostalForm(db, form.id)).toEqual(form);
    await orderPostalForm(deps, "10.0.0.1", request({ kind: "payin_slips" }));
    const jobs = await db.selectFrom("jobs").select(["type", "payload"]).execute();
    expect(jobs).toEqual([{ type: POSTAL_FORM_CONFIRMATION_JOB, payload: JSON.stringify({ id: form.id }) }]);

    const mail = postalFormConfirmationMail(form, site);
    expect(mail.to).toBe("astrid@exempel.se");
    expect(mail.subject).toBe("Vi skickar blanketten för autogiromedgivande till dig");
    expect(mail.text).toContain("111 22  VÄSTERÅS");
    expect(mail.text).toContain(`Den bör vara framme senast fredag 27 november. Din referens är ${form.reference}.`);
  });

  it("answers the same form to the same name and address, still waiting, with the first request; another form or name is a new one", async () => {
    const db = await setUp();
    const deps = { db, clock, perVisitor: counter(10), recipientMail: counter(100) };
    const first = await orderPostalForm(deps, "10.0.0.1", request());
    const again = await orderPostalForm(deps, "10.0.0.2", request({ name: "ASTRID  EXEMPEL", street: "storgatan 1", postalCode: "11122" }));
    expect(again).toEqual({ form: first.form, created: false });
    expect((await orderPostalForm(deps, "10.0.0.1", request({ kind: "membership" }))).created).toBe(true);
    expect((await orderPostalForm(deps, "10.0.0.1", request({ name: "Bo Exempel" }))).created).toBe(true);
    expect(await rows()).toHaveLength(3);
    // The repeat did not count against the visitor either.
    expect(deps.perVisitor.counts.get("10.0.0.2")).toBeUndefined();
  });

  it("refuses a fourth request to one address within 30 days, whoever asks and however it is typed, and stores nothing", async () => {
    const db = await setUp();
    const deps = { db, clock, perVisitor: counter(100), recipientMail: counter(100) };
    await orderPostalForm(deps, "10.0.0.1", request({ kind: "autogiro_mandate" }));
    await orderPostalForm(deps, "10.0.0.2", request({ kind: "membership" }));
    clock.advance(86_400_000);
    await orderPostalForm(deps, "10.0.0.3", request({ kind: "payin_slips" }));
    const refused = await orderPostalForm(deps, "10.0.0.4", request({ kind: "payin_slips", name: "Bo Exempel", street: "STORGATAN 1," })).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PostalFormsLimitedError);
    expect((refused as PostalFormsLimitedError).by).toBe("address");
    // The oldest of the three counts for 29 more days.
    expect((refused as PostalFormsLimitedError).retryAfterSeconds).toBe(29 * 86_400);
    expect(await rows()).toHaveLength(3);
    expect(deps.perVisitor.counts.get("10.0.0.4")).toBeUndefined();
    // Another address is not affected; 30 days after the first, one more is allowed.
    expect((await orderPostalForm(deps, "10.0.0.4", request({ street: "Storgatan 3" }))).created).toBe(true);
    clock.advance(29 * 86_400_000);
    expect((await orderPostalForm(deps, "10.0.0.4", request({ name: "Bo Exempel" }))).created).toBe(true);
  });

  it("refuses a visitor over their limit before counting anything, and stores nothing", async () => {
    const db = await setUp();
    const deps = { db, clock, perVisitor: counter(2), recipientMail: counter(100) };
    await orderPostalForm(deps, "10.0.0.9", request({ street: "Gata 1" }));
    await orderPostalForm(deps, "10.0.0.9", request({ street: "Gata 2" }));
    await expect(orderPostalForm(deps, "10.0.0.9", request({ street: "Gata 3" }))).rejects.toMatchObject({ by: "visitor" });
    expect(await rows()).toHaveLength(2);
    // Scripts and jobs have no visitor.
    expect((await orderPostalForm(deps, null, request({ street: "Gata 4" }))).created).toBe(true);
  });

  it("lists ready requests for staff, prints each as an address page with a letter, and marks them sent with order items in one step", async () => {
    const db = await setUp();
    const deps = { db, clock, perVisitor: counter(10), recipientMail: counter(100) };
    const sheet = await testMemorialGift(db, clock, { channel: "post", dueDate: "2026-12-04" });
    const mandate = (await orderPostalForm(deps, "10.0.0.1", request())).form;
    clock.advance(3 * 86_400_000);
    const slips = (await orderPostalForm(deps, "10.0.0.1", request({ kind: "payin_slips", name: "Bo Exempel", street: "Lillgatan 2", postalCode: "222 33", city: "Lund" }))).form;

    // Thursday 26th: the mandate form, due Friday 27th, arrives Monday 30th if posted today.
    const queue = await postalFormQueue(db, clock.now());
    expect(queue.map((e) => [e.form.reference, e.form.expected_by, e.urgent, e.late])).toEqual([
      [mandate.reference, "2026-11-27", true, true],
      [slips.reference, "2026-12-02", false, false],
    ]);
    const text = formatPostalFormQueue(queue);
    expect(text).toContain("2 forms to post");
    expect(text).toMatch(new RegExp(`LATE +2026-11-27 +${mandate.reference} +Blankett för autogiromedgivande +→ +Astrid Exempel, Storgatan 1, 111 22 Västerås`));
    expect(formatPostalFormQueue([])).toBe("No forms to post.");

    const batch = await postBatch(db, site, queue.map((entry) => ({ type: "form", entry })));
    expect(batch.data.entries).toEqual([
      expect.objectContaining({
        reference: mandate.reference,
        enclosure: "Blankett för autogiromedgivande",
        address: { name: "Astrid Exempel", street: "Storgatan 1", postalCode: "111 22", city: "Västerås" },
        documents: [],
      }),
      expect.objectContaining({ reference: slips.reference, enclosure: "Inbetalningskort" }),
    ]);
    expect(batch.data.entries[1]!.letter!.paragraphs.join(" ")).toContain(`bankgiro ${site.bankgiro}`);

    // An unknown form, or one already sent, refuses the whole step: the memorial sheet stays ready too.
    const refusal = await markPostedWithForms(db, clock, [sheet.item.reference, mandate.reference, "BL-000000000000"], "anna").catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(FulfilmentRefusal);
    expect((refusal as FulfilmentRefusal).problems).toEqual(["BL-000000000000: no such form request."]);
    expect((await findOrderItem(db, sheet.item.id))?.status).toBe("ready");
    expect((await findPostalForm(db, mandate.id))?.status).toBe("ready");

    const posted = await markPostedWithForms(db, clock, [sheet.item.reference, mandate.reference.toLowerCase(), slips.reference], "staff:s1");
    expect(posted.items.map((i) => [i.reference, i.status])).toEqual([[sheet.item.reference, "sent"]]);
    expect(posted.forms.map((f) => [f.reference, f.status, f.sent_by])).toEqual([
      [mandate.reference, "sent", "staff:s1"],
      [slips.reference, "sent", "staff:s1"],
    ]);
    expect(await findPostalForm(db, mandate.id)).toMatchObject({ status: "sent", sent_at: clock.now().toISOString(), sent_by: "staff:s1" });
    expect(await postalFormQueue(db, clock.now())).toEqual([]);
    await expect(markPostedWithForms(db, clock, [slips.reference], "anna")).rejects.toThrow(/is sent, only ready requests/);
  });

  it("strikes ready requests (never order items), all or none; a struck one leaves the queue, cannot be sent and frees the address's limit", async () => {
    const db = await setUp();
    const deps = { db, clock, perVisitor: counter(100), recipientMail: counter(100) };
    const sheet = await testMemorialGift(db, clock, { channel: "post", dueDate: "2026-12-04" });
    const prank = (await orderPostalForm(deps, "10.0.0.1", request({ kind: "autogiro_mandate" }))).form;
    const second = (await orderPostalForm(deps, "10.0.0.1", request({ kind: "membership" }))).form;
    const third = (await orderPostalForm(deps, "10.0.0.1", request({ kind: "payin_slips" }))).form;
    await expect(orderPostalForm(deps, "10.0.0.2", request({ name: "Astrid Riktig" }))).rejects.toMatchObject({ by: "address" });

    // An order item, an unknown form or one already sent refuses the whole step.
    await markPostedWithForms(db, clock, [third.reference], "anna");
    const refusal = await cancelPostalForms(db, clock, [prank.reference, sheet.item.reference, "BL-000000000000", third.reference], "staff:s1").catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(FulfilmentRefusal);
    expect((refusal as FulfilmentRefusal).problems).toEqual([
      `${sheet.item.reference}: not a form ordered by post; only those (BL-…) can be struck.`,
      "BL-000000000000: no such form request.",
      `${third.reference}: is sent, only ready requests can be struck.`,
    ]);
    expect((await findPostalForm(db, prank.id))?.status).toBe("ready");
    expect((await findOrderItem(db, sheet.item.id))?.status).toBe("ready");
    await expect(cancelPostalForms(db, clock, [], "anna")).rejects.toThrow(FulfilmentRefusal);

    const struck = await cancelPostalForms(db, clock, [prank.reference.toLowerCase(), second.reference], "staff:s1");
    expect(struck.map((f) => [f.reference, f.status, f.cancelled_by])).toEqual([
      [prank.reference, "cancelled", "staff:s1"],
      [second.reference, "cancelled", "staff:s1"],
    ]);
    expect(await findPostalForm(db, prank.id)).toMatchObject({ status: "cancelled", cancelled_at: clock.now().toISOString(), cancelled_by: "staff:s1", sent_at: null });
    expect((await postalFormQueue(db, clock.now())).map((e) => e.form.reference)).toEqual([]);
    await expect(markPostedWithForms(db, clock, [prank.reference], "anna")).rejects.toThrow(/is cancelled, only ready requests/);
    await expect(cancelPostalForms(db, clock, [prank.reference], "anna")).rejects.toThrow(/is cancelled, only ready requests can be struck/);

    // The struck ones no longer count: the person who lives there can order now, and the same form again is a new request.
    const real = await orderPostalForm(deps, "10.0.0.2", request({ kind: "autogiro_mandate" }));
    expect(real.created).toBe(true);
    expect(real.form.id).not.toBe(prank.id);
  });
});
