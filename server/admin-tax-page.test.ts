import crypto from "node:crypto";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postJson, startTestServer, type TestServer } from "#tests/support/test-server";
import { ManualClock } from "#core/clock";
import { TEST_PERSONNUMMER } from "#core/identity/test-personnummer";
import { clientIpContext, containerContext } from "#app/context";
import * as tax from "#app/admin/admin-tax";

/**
 * Making a KU65 file on /admin/skatt (issue #29.14): the page shows the new
 * file in its list at once, with a link to download it, instead of a download
 * the list learns of only after a reload.
 */
describe("the KU65 page", () => {
  let server: TestServer;
  let cookie = "";
  const IP = "203.0.113.40";

  beforeAll(async () => {
    server = await startTestServer({ clock: new ManualClock("2026-03-10T10:00:00.000Z") });
    const { member } = await server.container.staff.members.register(TEST_PERSONNUMMER[1]!, ["ekonomi"], null);
    cookie = (await server.container.staff.sessions.login(member.id, IP, null)).split(";")[0]!;
    const context = { session: "s1", identity: "i1", currentUrl: "http://127.0.0.1/ge-en-gava", requestgroup: "g1" };
    const payload = { amount: 500, name: "Erik Lindgren", email: "erik@exempel.se", personnummer: "198112289874", idempotencyKey: crypto.randomUUID() };
    expect((await postJson(`${server.url}/api/RegularGift/Add`, { context, payload })).status).toBe(201);
    await server.container.db.updateTable("gifts").set({ status: "paid", paid_at: "2025-12-20T10:00:00.000Z", created_at: "2025-12-20T10:00:00.000Z" }).execute();
  });
  afterAll(async () => {
    await server?.dispose();
  });

  const routeContext = () => {
    const provider = new RouterContextProvider();
    provider.set(containerContext, server.container);
    provider.set(clientIpContext, IP);
    return provider;
  };
  const page = (path: string, init: RequestInit = {}) =>
    new Request(`${server.url}${path}`, { ...init, headers: { cookie, origin: server.url, ...(init.headers ?? {}) } });

  it("makes the file and shows it in the list, marked as just made, with its download link", async () => {
    const before = await tax.loader({ request: page("/admin/skatt?ar=2025"), context: routeContext(), params: {} } as never);
    expect(before.files).toEqual([]);
    expect(before.persons).toBe(1);

    const answer = (await tax.action({
      request: page("/admin/skatt?ar=2025", { method: "POST", body: new URLSearchParams({ year: "2025", kind: "changes" }) }),
      context: routeContext(),
      params: {},
    } as never)) as Response;
    expect(answer.status).toBe(303);
    const location = answer.headers.get("location") ?? "";
    expect(location).toMatch(/^\/admin\/skatt\?ar=2025&ny=/);

    const after = await tax.loader({ request: page(location), context: routeContext(), params: {} } as never);
    expect(after.files).toHaveLength(1);
    expect(after.madeId).toBe(after.files[0]!.id);
    expect(after.files[0]!.statements).toBe(1);
  });

  it("says so on the page when there is nothing new to report, and makes no file", async () => {
    const answer = (await tax.action({
      request: page("/admin/skatt?ar=2025", { method: "POST", body: new URLSearchParams({ year: "2025", kind: "changes" }) }),
      context: routeContext(),
      params: {},
    } as never)) as { data: { problem: string }; init: { status: number } };
    expect(answer.init.status).toBe(409);
    expect(answer.data.problem).toMatch(/inget nytt att rapportera/);
    const files = await server.container.db.selectFrom("ku65_files").select("id").execute();
    expect(files).toHaveLength(1);
  });
});
