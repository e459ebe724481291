import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { clientIpContext, containerContext } from "#app/context";
import { ManualClock } from "#core/clock";
import { TEST_PERSONNUMMER } from "#core/identity/test-personnummer";
import { inspectPdf } from "#tests/support/pdf-inspect";
import * as fulfilment from "#app/admin/admin-fulfilment";
import * as fulfilmentPdf from "#app/admin/admin-fulfilment-pdf";
import { postJson, startTestServer, type TestServer } from "#tests/support/test-server";

/**
 * Staff's side of a form ordered by post (decision 0023): the form is in
 * /admin/leverans, prints as an address page with its letter, and is marked
 * sent – with an audit entry for each step, like the other fulfilment actions.
 */
const IP = "10.1.2.3";
let server: TestServer;
let cookie = "";
let staffId = "";
const clock = new ManualClock("2026-11-23T09:00:00.000Z");

function context(): RouterContextProvider {
  const provider = new RouterContextProvider();
  provider.set(containerContext, server.container);
  provider.set(clientIpContext, IP);
  return provider;
}

function post(path: string, form: URLSearchParams): Request {
  return new Request(`${server.url}${path}`, { method: "POST", headers: { cookie, origin: server.url }, body: form });
}

const auditRows = () => server.container.db.selectFrom("audit_log").selectAll().orderBy("id").execute();

beforeAll(async () => {
  server = await startTestServer({ clock });
  const { members, sessions } = server.container.staff;
  const { member } = await members.register(TEST_PERSONNUMMER[1], ["insamling"], null);
  staffId = member.id;
  cookie = (await sessions.login(member.id, IP, null)).split(";")[0]!;
});

afterAll(async () => {
  await server?.dispose();
});

describe("a form ordered by post in the back office", () => {
  it("is listed, printed with its letter, and marked sent, each step in the audit log", async () => {
    const ordered = await postJson(`${server.url}/api/PostalForm`, { kind: "membership", name: "Märta Öberg", street: "Åsgatan 4", postalCode: "90325", city: "Umeå" });
    expect(ordered.status).toBe(201);
    const reference = ordered.body.reference as string;

    const view = (await fulfilment.loader({ request: new Request(`${server.url}/admin/leverans`, { headers: { cookie } }), context: context(), params: {} } as never)) as {
      queue: Array<{ reference: string; what: string; to: string }>;
    };
    expect(view.queue).toContainEqual(expect.objectContaining({ reference, what: "Blankett för medlemskap", to: "Märta Öberg, Åsgatan 4, 903 25 Umeå" }));

    const printed = (await fulfilmentPdf.action({ request: post("/admin/leverans/utskrift.pdf", new URLSearchParams({ ref: reference })), context: context(), params: {} } as never)) as Response;
    expect(printed.status).toBe(200);
    expect(printed.headers.get("content-type")).toBe("application/pdf");
    const pdf = inspectPdf(Buffer.from(await printed.arrayBuffer()));
    expect(pdf.pages).toHaveLength(1);
    expect(pdf.text.replace(/\s+/g, " ")).toContain("Här är blanketten för medlemskap som du beställde.");
    expect((await auditRows()).at(-1)).toMatchObject({ staff_id: staffId, action: "fulfilment.print", outcome: "ok", subject_type: "postal_form_requests", details: JSON.stringify({ references: [reference] }) });

    const marked = (await fulfilment.action({ request: post("/admin/leverans", new URLSearchParams({ intent: "sent", ref: reference })), context: context(), params: {} } as never)) as {
      ok: boolean;
      message: string;
    };
    expect(marked).toEqual({ ok: true, message: "1 försändelse är markerad som skickad." });
    expect(await server.container.db.selectFrom("postal_form_requests").select(["status", "sent_by"]).where("reference", "=", reference).executeTakeFirstOrThrow()).toEqual({
      status: "sent",
      sent_by: `staff:${staffId}`,
    });
    expect((await auditRows()).at(-1)).toMatchObject({ staff_id: staffId, action: "fulfilment.mark_sent", outcome: "ok", subject_type: "postal_form_requests", details: JSON.stringify({ references: [reference] }) });

    // Marking it again is refused, changes nothing and is logged as refused.
    const again = await fulfilment.action({ request: post("/admin/leverans", new URLSearchParams({ intent: "sent", ref: reference })), context: context(), params: {} } as never);
    expect((again as { init?: { status?: number } }).init?.status).toBe(409);
    expect((await auditRows()).at(-1)).toMatchObject({ action: "fulfilment.mark_sent", outcome: "refused" });
  });

  it("is struck by staff (a prank or a mistake): it leaves the queue, is never posted, and the audit log says who struck it", async () => {
    const ordered = await postJson(`${server.url}/api/PostalForm`, { kind: "autogiro_mandate", name: "Kalle Anka", street: "Paradisäppelvägen 111", postalCode: "12345", city: "Ankeborg" });
    expect(ordered.status).toBe(201);
    const reference = ordered.body.reference as string;
    const load = async () =>
      (await fulfilment.loader({ request: new Request(`${server.url}/admin/leverans`, { headers: { cookie } }), context: context(), params: {} } as never)) as {
        queue: Array<{ reference: string; cancellable: boolean }>;
      };
    // Forms can be struck, order items cannot.
    expect((await load()).queue).toContainEqual(expect.objectContaining({ reference, cancellable: true }));

    const struck = (await fulfilment.action({ request: post("/admin/leverans", new URLSearchParams({ intent: "cancel", ref: reference })), context: context(), params: {} } as never)) as {
      ok: boolean;
      message: string;
    };
    expect(struck).toEqual({ ok: true, message: `Beställningen ${reference} (Kalle Anka) är struken och postas inte.` });
    expect(
      await server.container.db.selectFrom("postal_form_requests").select(["status", "cancelled_by", "sent_at"]).where("reference", "=", reference).executeTakeFirstOrThrow(),
    ).toEqual({ status: "cancelled", cancelled_by: `staff:${staffId}`, sent_at: null });
    expect((await auditRows()).at(-1)).toMatchObject({ staff_id: staffId, action: "fulfilment.cancel", outcome: "ok", subject_type: "postal_form_requests", details: JSON.stringify({ references: [reference] }) });
    expect((await load()).queue.map((q) => q.reference)).not.toContain(reference);

    // Neither struck again nor marked sent; both refusals change nothing and are logged.
    for (const intent of ["cancel", "sent"]) {
      const refused = await fulfilment.action({ request: post("/admin/leverans", new URLSearchParams({ intent, ref: reference })), context: context(), params: {} } as never);
      expect((refused as { init?: { status?: number } }).init?.status, intent).toBe(409);
      expect((await auditRows()).at(-1)).toMatchObject({ action: intent === "cancel" ? "fulfilment.cancel" : "fulfilment.mark_sent", outcome: "refused" });
    }
    expect((await server.container.db.selectFrom("postal_form_requests").select("status").where("reference", "=", reference).executeTakeFirstOrThrow()).status).toBe("cancelled");

    // Nothing chosen is refused too.
    const empty = await fulfilment.action({ request: post("/admin/leverans", new URLSearchParams({ intent: "cancel" })), context: context(), params: {} } as never);
    expect((empty as { init?: { status?: number } }).init?.status).toBe(400);
  });
});
