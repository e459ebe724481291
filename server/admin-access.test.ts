import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { clientIpContext, containerContext } from "#app/context";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { testEngines } from "#tests/support/test-databases";
import { upsertIdentifiedDonor } from "#core/donors/donor-repository";
import { testGift } from "#tests/support/test-gift";
import { encodeBgMax, writeBgMaxFile } from "#integrations/bankgirot-bgmax/write-bgmax";
import { TEST_PERSONNUMMER } from "#core/identity/test-personnummer";
import { orderPostalForm } from "#core/postal-forms/postal-form-service";
import type { StaffRole } from "#core/staff/staff-roles";
import * as overview from "#app/admin/admin-overview";
import * as layout from "#app/admin/admin-layout";
import * as fulfilment from "#app/admin/admin-fulfilment";
import * as fulfilmentPdf from "#app/admin/admin-fulfilment-pdf";
import * as donors from "#app/admin/admin-donors";
import * as donor from "#app/admin/admin-donor";
import * as collectionsPage from "#app/admin/admin-collections";
import * as collectionPage from "#app/admin/admin-collection";
import * as fundraisersPage from "#app/admin/admin-fundraisers";
import * as fundraiserPage from "#app/admin/admin-fundraiser";
import * as listOrdersPage from "#app/admin/admin-list-orders";
import * as listOrderPage from "#app/admin/admin-list-order";
import * as payments from "#app/admin/admin-payments";
import * as payment from "#app/admin/admin-payment";
import * as autogiro from "#app/admin/admin-autogiro";
import * as tax from "#app/admin/admin-tax";
import * as taxFile from "#app/admin/admin-tax-file";
import * as staffPage from "#app/admin/admin-staff";
import * as audit from "#app/admin/admin-audit";
import * as auditCsv from "#app/admin/admin-audit-csv";
import * as operations from "#app/admin/admin-operations";
import * as gala from "#app/admin/admin-gala";

const IP = "10.1.2.3";

// Route modules are called as React Router calls them: a request, the app's context, the route's params.
type Handler = (args: { request: Request; context: RouterContextProvider; params: Record<string, string> }) => Promise<unknown>;

/** Every back-office route that reads or changes something, with the role it needs. */
const ROUTES: Array<{ name: string; role: StaffRole | "any"; path: string; loader?: unknown; action?: unknown; params?: Record<string, string> }> = [
  { name: "layout", role: "any", path: "/admin", loader: layout.loader },
  { name: "overview", role: "any", path: "/admin", loader: overview.loader },
  { name: "fulfilment", role: "insamling", path: "/admin/leverans", loader: fulfilment.loader, action: fulfilment.action },
  { name: "fulfilment pdf", role: "insamling", path: "/admin/leverans/utskrift.pdf", action: fulfilmentPdf.action },
  { name: "donors", role: "insamling", path: "/admin/givare", loader: donors.loader },
  { name: "donor", role: "insamling", path: "/admin/givare/x", loader: donor.loader, action: donor.action, params: { donorId: "x" } },
  { name: "memorial collections", role: "insamling", path: "/admin/insamlingar", loader: collectionsPage.loader },
  { name: "memorial collection", role: "insamling", path: "/admin/insamlingar/x", loader: collectionPage.loader, action: collectionPage.action, params: { collectionId: "x" } },
  { name: "fundraisers to review", role: "insamling", path: "/admin/insamlingar/granska", loader: fundraisersPage.loader },
  { name: "fundraiser", role: "insamling", path: "/admin/insamlingar/granska/x", loader: fundraiserPage.loader, action: fundraiserPage.action, params: { fundraiserId: "x" } },
  { name: "list orders", role: "insamling", path: "/admin/listbestallningar", loader: listOrdersPage.loader },
  { name: "list order", role: "insamling", path: "/admin/listbestallningar/x", loader: listOrderPage.loader, params: { orderId: "x" } },
  { name: "gala names", role: "insamling", path: "/admin/gala", loader: gala.loader, action: gala.action },
  { name: "payments", role: "ekonomi", path: "/admin/betalningar", loader: payments.loader, action: payments.action },
  { name: "payment", role: "ekonomi", path: "/admin/betalningar/x", loader: payment.loader, action: payment.action, params: { paymentId: "x" } },
  { name: "autogiro", role: "ekonomi", path: "/admin/autogiro", loader: autogiro.loader, action: autogiro.action },
  { name: "tax", role: "ekonomi", path: "/admin/skatt", loader: tax.loader, action: tax.action },
  { name: "tax file", role: "ekonomi", path: "/admin/skatt/ku65.xml", loader: taxFile.loader },
  { name: "staff", role: "admin", path: "/admin/personal", loader: staffPage.loader, action: staffPage.action },
  { name: "audit log", role: "admin", path: "/admin/logg", loader: audit.loader },
  { name: "audit csv", role: "admin", path: "/admin/logg.csv", loader: auditCsv.loader },
  { name: "operations", role: "admin", path: "/admin/drift", loader: operations.loader, action: operations.action },
];

let server: TestServer;
let ORIGIN = "";
const cookies: Record<string, string> = {};
const staffIds: Record<string, string> = {};

function context(ip = IP): RouterContextProvider {
  const provider = new RouterContextProvider();
  provider.set(containerContext, server.container);
  provider.set(clientIpContext, ip);
  return provider;
}

function request(path: string, init: { method?: string; cookie?: string; body?: BodyInit; headers?: Record<string, string> } = {}): Request {
  const headers: Record<string, string> = { ...(init.cookie ? { cookie: init.cookie } : {}), ...init.headers };
  if (init.method && init.method !== "GET") headers.origin ??= ORIGIN;
  return new Request(`${ORIGIN}${path}`, { method: init.method ?? "GET", headers, body: init.body });
}

/** What a loader or action answered or threw: a status and, for a redirect, where to. */
async function outcome(run: () => Promise<unknown>): Promise<{ status: number; location: string | null; value: unknown }> {
  try {
    const value = await run();
    if (value instanceof Response) return { status: value.status, location: value.headers.get("location"), value };
    const init = (value as { init?: { status?: number } } | null)?.init;
    return { status: init?.status ?? 200, location: null, value };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("location"), value: thrown };
    const init = (thrown as { init?: { status?: number } }).init;
    if (init?.status) return { status: init.status, location: null, value: thrown };
    throw thrown;
  }
}

function call(route: (typeof ROUTES)[number], kind: "loader" | "action", cookie: string | undefined, body?: URLSearchParams, ip = IP) {
  const handler = route[kind] as Handler;
  return outcome(() =>
    handler({ request: request(route.path, { method: kind === "action" ? "POST" : "GET", cookie, body: kind === "action" ? body : undefined }), context: context(ip), params: route.params ?? {} }),
  );
}

async function auditRows() {
  return server.container.db.selectFrom("audit_log").selectAll().orderBy("id").execute();
}

// The same checks on both engines: the audit log's append-only rule is a trigger on each.
describe.each(testEngines)("the back office on %s", (engine) => {
  beforeAll(async () => {
    server = await startTestServer({ engine });
    ORIGIN = server.url;
    const { members, sessions } = server.container.staff;
    const people: Array<[string, StaffRole[]]> = [
      ["insamling", ["insamling"]],
      ["ekonomi", ["ekonomi"]],
      ["admin", ["admin"]],
    ];
    for (const [i, [name, roles]] of people.entries()) {
      const { member } = await members.register(TEST_PERSONNUMMER[i + 1]!, roles, null);
      staffIds[name] = member.id;
      cookies[name] = (await sessions.login(member.id, IP, null)).split(";")[0]!;
    }
    // A donor with a session of their own: their cookie must not open anything.
    const donorRow = await upsertIdentifiedDonor(server.container.db, server.container.clock, { personnummer: TEST_PERSONNUMMER[0], givenName: "Erik", surname: "Lindgren" });
    cookies.donor = (await server.container.donors.sessions.login(donorRow.id, null)).split(";")[0]!;
  });

  afterAll(async () => {
    await server?.dispose();
  });

  describe("the back office's role check", () => {
    for (const route of ROUTES) {
      for (const kind of ["loader", "action"] as const) {
        if (!route[kind]) continue;
        it(`${route.name} ${kind}: nobody and a donor are sent to sign in, other roles get 403 and are logged, the right role passes`, async () => {
          for (const who of [undefined, cookies.donor]) {
            const answer = await call(route, kind, who);
            expect(answer.status).toBe(302);
            expect(answer.location).toMatch(/^\/admin\/logga-in\?/);
          }
          for (const role of ["insamling", "ekonomi", "admin"] as const) {
            const before = (await auditRows()).length;
            const answer = await call(route, kind, cookies[role], new URLSearchParams({ intent: "nothing" }));
            if (route.role === "any" || route.role === role) {
              expect(answer.status, `${role} may use ${route.name}`).not.toBe(403);
              expect(answer.location ?? "").not.toMatch(/logga-in/);
            } else {
              expect(answer.status, `${role} may not use ${route.name}`).toBe(403);
              const logged = (await auditRows()).slice(before);
              expect(logged).toEqual([expect.objectContaining({ staff_id: staffIds[role], action: "access.denied", outcome: "refused", ip: IP })]);
            }
          }
        });
      }
    }
  });

  describe("refusals change nothing and are logged", () => {
    it("a fundraiser cannot refund and finance cannot add staff", async () => {
      const db = server.container.db;
      const gift = testGift({ id: crypto.randomUUID(), order_reference: "REFUNDTEST0000000000000001", idempotency_key: crypto.randomUUID() });
      await db.insertInto("gifts").values(gift).execute();
      const paymentId = crypto.randomUUID();
      const now = new Date().toISOString();
      await db
        .insertInto("payments")
        .values({ id: paymentId, gift_id: gift.id, method: "bank", provider: "Brite", provider_reference: "x1", status: "paid", amount_ore: gift.amount_ore, payer_alias: null, client_token: null, client_url: null, error_code: null, created_at: now, updated_at: now, paid_at: now, expires_at: now, last_checked_at: now })
        .execute();
      const refund = new URLSearchParams({ intent: "refund", reason: "Givaren ångrade sig", confirm: "on" });
      const denied = await outcome(() =>
        payment.action({ request: request(`/admin/betalningar/${paymentId}`, { method: "POST", cookie: cookies.insamling, body: refund }), context: context(), params: { paymentId } } as never),
      );
      expect(denied.status).toBe(403);
      expect((await db.selectFrom("payments").select("status").where("id", "=", paymentId).executeTakeFirstOrThrow()).status).toBe("paid");

      const staffBefore = await db.selectFrom("staff").select("id").execute();
      const add = new URLSearchParams({ intent: "add", personnummer: TEST_PERSONNUMMER[6], roles: "admin" });
      const refused = await outcome(() =>
        staffPage.action({ request: request("/admin/personal", { method: "POST", cookie: cookies.ekonomi, body: add }), context: context(), params: {} } as never),
      );
      expect(refused.status).toBe(403);
      expect(await db.selectFrom("staff").select("id").execute()).toHaveLength(staffBefore.length);

      // Finance may refund (Brite: by hand): the payment is refunded, the gift follows, the refund is logged with who did it.
      const done = await outcome(() =>
        payment.action({ request: request(`/admin/betalningar/${paymentId}`, { method: "POST", cookie: cookies.ekonomi, body: refund }), context: context(), params: { paymentId } } as never),
      );
      expect(done.status).toBe(200);
      expect((await db.selectFrom("payments").select("status").where("id", "=", paymentId).executeTakeFirstOrThrow()).status).toBe("refunded");
      expect((await auditRows()).at(-1)).toMatchObject({ staff_id: staffIds.ekonomi, action: "payment.refund", outcome: "ok", subject_id: paymentId });

      // Issue #30: a second refund of the refunded payment answered 200 and was logged as done.
      const twice = await outcome(() =>
        payment.action({ request: request(`/admin/betalningar/${paymentId}`, { method: "POST", cookie: cookies.ekonomi, body: refund }), context: context(), params: { paymentId } } as never),
      );
      expect(twice.status).toBe(409);
      expect(JSON.stringify(twice.value)).toContain("Gåvan är redan återbetald.");
      expect((await auditRows()).at(-1)).toMatchObject({ action: "payment.refund", outcome: "refused", subject_id: paymentId });
      expect((await auditRows()).filter((r) => r.subject_id === paymentId && r.outcome === "ok")).toHaveLength(1);
    });

    it("finance refunds a Swish gift through Swish once, however often the form is sent; by hand it is refused meanwhile", async () => {
      const { db, payments: paymentService, paymentSetup, refunds } = server.container;
      const gift = testGift({ id: crypto.randomUUID(), order_reference: "SWISHREFUND000000000000001", idempotency_key: crypto.randomUUID(), status: "awaiting_payment", paid_at: null });
      await db.insertInto("gifts").values(gift).execute();
      const started = await paymentService.startPayment(gift.id, "HLFSwish", { payerAlias: "46701112233" });
      await paymentSetup.swishSimulator!.approve(started.provider_reference!);
      expect((await paymentService.refreshPayment(started.id, "poll", { force: true })).status).toBe("paid");
      const paymentId = started.id;
      const post = (body: URLSearchParams, cookie = cookies.ekonomi) =>
        outcome(() => payment.action({ request: request(`/admin/betalningar/${paymentId}`, { method: "POST", cookie, body }), context: context(), params: { paymentId } } as never));

      const page = (await outcome(() => payment.loader({ request: request(`/admin/betalningar/${paymentId}`, { cookie: cookies.ekonomi }), context: context(), params: { paymentId } } as never)))
        .value as Awaited<ReturnType<typeof payment.loader>>;
      expect(page.refundVia).toBe("Swish");
      const form = new URLSearchParams({ intent: "refund", key: page.refundKey, reason: "Givaren swishade två gånger", confirm: "on" });
      // A fundraiser cannot, even with a valid form.
      expect((await post(form, cookies.insamling)).status).toBe(403);
      const first = await post(form);
      expect(first.status).toBe(200);
      const second = await post(form);
      expect(second.status).toBe(200);
      // Another form (a second tab) is told a refund is under way – or done, when Swish's simulator has already paid it out – and asks for none.
      const otherTab = await post(new URLSearchParams({ intent: "refund", key: crypto.randomUUID(), reason: "Igen", confirm: "on" }));
      expect(otherTab.status).toBe(409);
      expect(JSON.stringify(otherTab.value)).toMatch(/En återbetalning av gåvan pågår redan\.|Gåvan är redan återbetald\./);
      const rows = await db.selectFrom("payment_refunds").selectAll().where("payment_id", "=", paymentId).execute();
      expect(rows).toHaveLength(1);
      // Recording it by hand beside it is refused: it would be paid back twice (409 whether Swish has paid it out yet or not).
      const byHand = await post(new URLSearchParams({ intent: "refund-manual", reason: "För hand", confirm: "on" }));
      expect(byHand.status).toBe(409);
      expect(JSON.stringify(byHand.value)).toMatch(/En återbetalning av gåvan pågår redan|Gåvan är redan återbetald/);
      // Swish pays out and calls back; the payment is refunded once.
      const deadline = Date.now() + 10_000;
      while ((await refunds.find(rows[0]!.id))!.status !== "confirmed" && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect((await db.selectFrom("payments").select("status").where("id", "=", paymentId).executeTakeFirstOrThrow()).status).toBe("refunded");
      // Once paid back, a new form is refused as such (issue #30): 409 in Swedish, logged as refused, never as done.
      const again = await post(new URLSearchParams({ intent: "refund", key: crypto.randomUUID(), reason: "En gång till", confirm: "on" }));
      expect(again.status).toBe(409);
      expect(JSON.stringify(again.value)).toContain("Gåvan är redan återbetald.");
      const byHandAfter = await post(new URLSearchParams({ intent: "refund-manual", reason: "För hand", confirm: "on" }));
      expect(byHandAfter.status).toBe(409);
      expect(JSON.stringify(byHandAfter.value)).toContain("Gåvan är redan återbetald.");
      const logged = (await auditRows()).filter((r) => r.subject_id === paymentId && r.action === "payment.refund");
      // The form sent twice is one refund and one entry.
      expect(logged.map((r) => r.outcome)).toEqual(["ok", "refused", "refused", "refused", "refused"]);
      expect(JSON.parse(logged[0]!.details!)).toMatchObject({ via: "swish", refundId: rows[0]!.id });
    });

    it("finance cannot strike a form ordered by post: 403, logged, and the form is still to be posted", async () => {
      const db = server.container.db;
      const { form } = await orderPostalForm({ db, clock: server.container.clock, perVisitor: server.container.postalFormLimiter, recipientMail: server.container.recipientMail }, null, {
        kind: "membership",
        name: "Märta Öberg",
        street: "Åsgatan 4",
        postalCode: "903 25",
        city: "Umeå",
      });
      const strike = new URLSearchParams({ intent: "cancel", ref: form.reference });
      const denied = await outcome(() =>
        fulfilment.action({ request: request("/admin/leverans", { method: "POST", cookie: cookies.ekonomi, body: strike }), context: context(), params: {} } as never),
      );
      expect(denied.status).toBe(403);
      expect((await auditRows()).at(-1)).toMatchObject({ staff_id: staffIds.ekonomi, action: "access.denied", outcome: "refused" });
      expect((await db.selectFrom("postal_form_requests").select("status").where("id", "=", form.id).executeTakeFirstOrThrow()).status).toBe("ready");
    });

    it("a forged role is refused, logged, and nothing is stored", async () => {
      const db = server.container.db;
      const before = await db.selectFrom("staff_roles").selectAll().execute();
      const forged = new URLSearchParams({ intent: "add", personnummer: TEST_PERSONNUMMER[7], roles: "superuser" });
      const answer = await outcome(() =>
        staffPage.action({ request: request("/admin/personal", { method: "POST", cookie: cookies.admin, body: forged }), context: context(), params: {} } as never),
      );
      expect(answer.status).toBe(400);
      expect(await db.selectFrom("staff_roles").selectAll().execute()).toEqual(before);
      expect((await auditRows()).at(-1)).toMatchObject({ action: "staff.add", outcome: "refused", staff_id: staffIds.admin });
      // The admin's own roles come from the database: a role field on any other request is ignored.
      const withRole = await call(ROUTES.find((r) => r.name === "payments")!, "loader", `${cookies.admin}; role=ekonomi`);
      expect(withRole.status).toBe(403);
    });

    it("a staff session used from another address is ended and logged; a cross-site post is refused", async () => {
      const { members, sessions } = server.container.staff;
      const { member } = await members.register(TEST_PERSONNUMMER[8], ["insamling"], null);
      const cookie = (await sessions.login(member.id, IP, null)).split(";")[0]!;
      const route = ROUTES.find((r) => r.name === "fulfilment")!;
      const elsewhere = await call(route, "loader", cookie, undefined, "203.0.113.9");
      expect(elsewhere.status).toBe(302);
      expect((await auditRows()).at(-1)).toMatchObject({ staff_id: member.id, action: "session.other_address", outcome: "refused", ip: "203.0.113.9" });
      // The session is gone, also for the address it came from.
      expect((await call(route, "loader", cookie)).location).toMatch(/logga-in/);

      const crossSite = await outcome(() =>
        fulfilment.action({
          request: request("/admin/leverans", { method: "POST", cookie: cookies.insamling, body: new URLSearchParams({ intent: "sent" }), headers: { origin: "https://evil.example" } }),
          context: context(),
          params: {},
        } as never),
      );
      expect(crossSite.status).toBe(403);
      expect((await auditRows()).at(-1)).toMatchObject({ action: "request.cross_origin", outcome: "refused" });
    });

    it("a 50 MB upload and a malformed BgMax file are refused clearly and book nothing", async () => {
      const db = server.container.db;
      const big = new FormData();
      big.set("intent", "import");
      big.set("file", new File([new Uint8Array(50 * 1024 * 1024)], "stor.txt", { type: "text/plain" }));
      const tooLarge = await outcome(() =>
        payments.action({ request: request("/admin/betalningar", { method: "POST", cookie: cookies.ekonomi, body: big }), context: context(), params: {} } as never),
      );
      expect(tooLarge.status).toBe(413);
      expect(JSON.stringify((tooLarge.value as { data: unknown }).data)).toMatch(/för stor/);
      expect((await auditRows()).at(-1)).toMatchObject({ action: "bank_file.import", outcome: "refused" });

      const bad = new FormData();
      bad.set("intent", "import");
      bad.set("file", new File(["det här är ingen BgMax-fil\n"], "fel.txt", { type: "text/plain" }));
      const malformed = await outcome(() =>
        payments.action({ request: request("/admin/betalningar", { method: "POST", cookie: cookies.ekonomi, body: bad }), context: context(), params: {} } as never),
      );
      expect(malformed.status).toBe(422);
      expect(await db.selectFrom("bank_file_imports").selectAll().execute()).toHaveLength(0);
    });

    it("an unmatched BgMax payment is resolved onto an invoice once, and logged", async () => {
      const db = server.container.db;
      const gift = testGift({ id: crypto.randomUUID(), order_reference: "INVOICETEST000000000000001", idempotency_key: crypto.randomUUID(), status: "awaiting_payment", paid_at: null, amount_ore: 30_000 });
      await db.insertInto("gifts").values(gift).execute();
      const paymentId = crypto.randomUUID();
      const now = new Date().toISOString();
      await db
        .insertInto("payments")
        .values({ id: paymentId, gift_id: gift.id, method: "invoice", provider: "Invoice", provider_reference: "9999999999", status: "pending", amount_ore: 30_000, payer_alias: null, client_token: null, client_url: null, error_code: null, created_at: now, updated_at: now, paid_at: null, expires_at: "2099-01-01T00:00:00.000Z", last_checked_at: now })
        .execute();
      const text = writeBgMaxFile({
        timestamp: new Date("2026-02-01T08:00:00Z"),
        test: true,
        deposits: [{ payeeBankgiro: "55550105", account: "1234567890", date: "2026-02-01", serialNumber: "00001", payments: [{ reference: "", amountOre: 30_000, name: "Ingen Referens", bgcSerialNumber: "000000000009" }] }],
      });
      const upload = new FormData();
      upload.set("intent", "import");
      upload.set("file", new File([new Uint8Array(encodeBgMax(text))], "bgmax.txt", { type: "text/plain" }));
      const imported = await outcome(() =>
        payments.action({ request: request("/admin/betalningar", { method: "POST", cookie: cookies.ekonomi, body: upload }), context: context(), params: {} } as never),
      );
      expect(imported.status).toBe(200);
      const loaded = (await outcome(() => payments.loader({ request: request("/admin/betalningar", { cookie: cookies.ekonomi }), context: context(), params: {} } as never))).value as Awaited<ReturnType<typeof payments.loader>>;
      expect(loaded.unmatched).toHaveLength(1);
      const line = loaded.unmatched[0]!;
      const resolve = new URLSearchParams({ intent: "invoice", importId: line.importId, line: String(line.line), orderReference: gift.order_reference });
      const first = await outcome(() =>
        payments.action({ request: request("/admin/betalningar", { method: "POST", cookie: cookies.ekonomi, body: resolve }), context: context(), params: {} } as never),
      );
      expect(first.status).toBe(200);
      expect((await db.selectFrom("payments").select("status").where("id", "=", paymentId).executeTakeFirstOrThrow()).status).toBe("paid");
      expect((await auditRows()).at(-1)).toMatchObject({ action: "bank_payment.resolve_invoice", outcome: "ok", subject_id: paymentId });
      const again = await outcome(() =>
        payments.action({ request: request("/admin/betalningar", { method: "POST", cookie: cookies.ekonomi, body: resolve }), context: context(), params: {} } as never),
      );
      expect(again.status).toBe(400);
      expect(await db.selectFrom("bank_payment_resolutions").selectAll().execute()).toHaveLength(1);
    });

    it("the audit log cannot be changed or deleted, and exports as CSV", async () => {
      const db = server.container.db;
      await expect(db.updateTable("audit_log").set({ action: "x" }).execute()).rejects.toThrow(/append-only/);
      await expect(db.deleteFrom("audit_log").execute()).rejects.toThrow(/append-only/);
      const csv = await outcome(() => auditCsv.loader({ request: request("/admin/logg.csv?utfall=refused", { cookie: cookies.admin }), context: context(), params: {} } as never));
      const bytes = Buffer.from(await (csv.value as Response).arrayBuffer());
      // A byte-order mark first, so Excel reads the Swedish letters right.
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = bytes.subarray(3).toString("utf8");
      expect(text.split("\r\n")[0]).toBe("id,tid,personal_id,personal,ip,handling,utfall,objekttyp,objekt,detaljer");
      expect(text).toContain("access.denied");
      expect(text).not.toMatch(/,ok,/);
    });

    it("the audit log page comes in pages of AUDIT_PAGE_SIZE, newest first, each keeping the search (issue #29.14)", async () => {
      const { staff } = server.container;
      for (let i = 0; i < audit.AUDIT_PAGE_SIZE + 5; i++) await staff.audit.record({ staffId: null, staffName: "Sidtest", ip: IP }, { action: "donor.view", details: { n: i } });
      const load = async (query: string) =>
        (await outcome(() => audit.loader({ request: request(`/admin/logg${query}`, { cookie: cookies.admin }), context: context(), params: {} } as never))).value as Awaited<ReturnType<typeof audit.loader>>;
      const first = await load("?q=Sidtest");
      expect(first).toMatchObject({ page: 0, pageCount: 2, total: audit.AUDIT_PAGE_SIZE + 5 });
      expect(first.rows).toHaveLength(audit.AUDIT_PAGE_SIZE);
      expect(JSON.parse(first.rows[0]!.details!)).toEqual({ n: audit.AUDIT_PAGE_SIZE + 4 });
      const second = await load("?q=Sidtest&sida=2");
      expect(second.rows.map((r) => JSON.parse(r.details!).n)).toEqual([4, 3, 2, 1, 0]);
      // Past the end is the last page; nonsense is the first.
      expect((await load("?q=Sidtest&sida=99")).page).toBe(1);
      expect((await load("?q=Sidtest&sida=x")).page).toBe(0);
      expect(await staff.audit.count({ text: "Sidtest" })).toBe(audit.AUDIT_PAGE_SIZE + 5);
    });
  });
});
