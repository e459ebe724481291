import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { upsertIdentifiedDonor } from "#core/donors/donor-repository";
import { testGift } from "#tests/support/test-gift";
import { TEST_PERSONNUMMER } from "#core/identity/test-personnummer";
import { clientIpContext, containerContext } from "#app/context";
import * as myPages from "#app/donor/my-pages";
import { startTestServer, type TestServer } from "#tests/support/test-server";

/** Mina sidor lists a long giving history a page at a time (issue #18: the page cost the same however many gifts). */
describe("Mina sidor's gifts, a page at a time", () => {
  let server: TestServer;
  let cookie = "";

  beforeAll(async () => {
    server = await startTestServer();
    const { db, clock } = server.container;
    const donor = await upsertIdentifiedDonor(db, clock, { personnummer: TEST_PERSONNUMMER[0], givenName: "Erik", surname: "Lindgren" });
    // 45 gifts, one a day; the 45th the newest. Two not paid: counted in the list, not among the paid.
    const gifts = Array.from({ length: 45 }, (_, i) => {
      const day = new Date(Date.UTC(2024, 0, 1 + i)).toISOString();
      return testGift({
        id: `g${i + 1}`,
        order_reference: `REF${String(i + 1).padStart(23, "0")}`,
        idempotency_key: `k${i + 1}`,
        donor_id: donor.id,
        amount_ore: (i + 1) * 100_00,
        created_at: day,
        updated_at: day,
        ...(i < 2 ? { status: "awaiting_payment" as const, paid_at: null } : { paid_at: day }),
      });
    });
    await db.insertInto("gifts").values(gifts).execute();
    cookie = (await server.container.donors.sessions.login(donor.id, null)).split(";")[0]!;
  });

  afterAll(async () => {
    await server?.dispose();
  });

  async function load(search: string) {
    const context = new RouterContextProvider();
    context.set(containerContext, server.container);
    context.set(clientIpContext, "10.1.2.3");
    const request = new Request(`${server.url}/mina-sidor${search}`, { headers: { cookie } });
    return myPages.loader({ request, context, params: {} } as never);
  }
  const amounts = (gifts: Array<{ amountOre: number }>) => gifts.map((g) => g.amountOre / 100_00);

  it("shows the newest 20 first, with how many there are in all and how many are paid", async () => {
    const first = await load("");
    expect(amounts(first.gifts)).toEqual(Array.from({ length: 20 }, (_, i) => 45 - i));
    expect(first.giftPages).toEqual({ page: 0, pageCount: 3, first: 1, total: 45 });
    expect(first.paidCount).toBe(43);
  });

  it("pages back to older gifts with ?sida=N, counted from 1", async () => {
    const second = await load("?sida=2");
    expect(amounts(second.gifts)).toEqual(Array.from({ length: 20 }, (_, i) => 25 - i));
    expect(second.giftPages).toMatchObject({ page: 1, first: 21 });
    const last = await load("?sida=3");
    expect(amounts(last.gifts)).toEqual([5, 4, 3, 2, 1]);
    expect(last.giftPages).toMatchObject({ page: 2, first: 41 });
  });

  it("shows the oldest page for a page past the end, and the newest for anything that is not a page number", async () => {
    expect((await load("?sida=99")).giftPages.page).toBe(2);
    for (const search of ["?sida=0", "?sida=-1", "?sida=1.5", "?sida=abc", "?sida=", "?sida=1e400"]) {
      const page = await load(search);
      expect(page.giftPages.page, search).toBe(0);
      expect(amounts(page.gifts)[0], search).toBe(45);
    }
  });

  it("still counts every year's gifts for the tax summary, not just the page's", async () => {
    const last = await load("?sida=3");
    const total = last.taxYears.reduce((sum, year) => sum + year.qualifyingCount, 0);
    expect(total).toBe(43);
  });
});
