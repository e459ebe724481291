import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "#core/clock";
import { silentLogger } from "#core/logger";
import { createGift } from "#core/gifts/gift-service";
import { testEngines } from "#tests/support/test-databases";
import { testNewGift } from "#tests/support/test-gift";
import { eventually, payByInvoiceImport, startTestServer, type TestServer } from "#tests/support/test-server";
import { openSse, type SseConnection } from "#tests/support/sse-client";
import { LiveFanOut, type LiveFanOutOptions, type LiveFeed } from "./live-fan-out";
import { PostgresChangeNotifications } from "./change-notifications";
import { GIFTS_CHANNEL } from "./gift-changes";

/**
 * The fan-out over a real site container (database, payments, change
 * notifications) and real HTTP connections: however many watch, one read per
 * interval; a paid gift reaches every stream; closed streams leave nothing.
 */
describe.each(testEngines)("live fan-out (%s)", (engine) => {
  let server: TestServer & { postgresUrl?: string };
  const fanOuts: LiveFanOut[] = [];
  const streams: SseConnection[] = [];
  const listeners: http.Server[] = [];

  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterEach(async () => {
    await settleNotifications();
    for (const stream of streams.splice(0)) stream.close();
    for (const fanOut of fanOuts.splice(0)) await fanOut.close();
    for (const listener of listeners.splice(0)) await new Promise((resolve) => listener.close(resolve));
  });
  afterAll(async () => {
    await server.dispose();
  });

  /**
   * Waits until every change told so far has reached this instance's
   * listeners (PostgreSQL tells them in commit order, a moment later), so that
   * one test's gifts do not make reads in the next.
   */
  async function settleNotifications(): Promise<void> {
    const { notifications } = server.container.live;
    let heard = false;
    const stop = notifications.listen("settled", () => (heard = true));
    try {
      await eventually(async () => {
        await notifications.notify(server.container.db, "settled");
        return heard;
      });
    } finally {
      stop();
    }
  }

  /** A feed of the paid total that counts its reads. */
  function paidTotalFeed(key = "paid-total"): LiveFeed<{ ore: number; count: number }> & { reads: number } {
    const feed = {
      key,
      channel: GIFTS_CHANNEL,
      reads: 0,
      async read() {
        feed.reads += 1;
        const row = await server.container.db
          .selectFrom("gifts")
          .select((eb) => [eb.fn.coalesce(eb.fn.sum<number>("amount_ore"), eb.lit(0)).as("ore"), eb.fn.countAll<number>().as("count")])
          .where("status", "=", "paid")
          .executeTakeFirstOrThrow();
        return { ore: Number(row.ore), count: Number(row.count) };
      },
    };
    return feed;
  }

  /** The fan-out behind a real HTTP server on a free port: every request is a stream of `feed`. */
  async function serve(feed: LiveFeed<unknown>, options: Partial<LiveFanOutOptions> = {}): Promise<{ fanOut: LiveFanOut; url: string }> {
    const fanOut = new LiveFanOut({ notifications: server.container.live.notifications, logger: silentLogger, maxSubscribers: 1_000, ...options });
    fanOuts.push(fanOut);
    const listener = http.createServer((req, res) => fanOut.stream(feed, req, res));
    listeners.push(listener);
    await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
    return { fanOut, url: `http://127.0.0.1:${(listener.address() as AddressInfo).port}/` };
  }

  async function connect(url: string, count: number): Promise<SseConnection[]> {
    const opened = await Promise.all(Array.from({ length: count }, () => openSse(url)));
    streams.push(...opened);
    return opened;
  }

  async function payGift(amountOre: number): Promise<void> {
    const { gift } = await createGift(server.container.db, systemClock, testNewGift({ amountOre }));
    await payByInvoiceImport(server, systemClock, gift.order_reference);
  }

  const total = (event: { data: string }) => JSON.parse(event.data) as { ore: number; count: number };

  it("reads once for 200 viewers, and told changes within the interval wait for it", async () => {
    const feed = paidTotalFeed();
    const { fanOut, url } = await serve(feed, { minIntervalMs: 60_000, refreshMs: 60_000 });
    const viewers = await connect(url, 200);
    const first = await Promise.all(viewers.map((v) => v.next(() => true)));
    expect(new Set(first.map((e) => e.data)).size).toBe(1);
    expect(viewers[0]?.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(fanOut.stats()).toMatchObject({ subscribers: 200, reads: 1, watchedKeys: 1 });
    expect(feed.reads).toBe(1);

    // Fifty gifts paid within the interval: not one more read until it has passed.
    for (let i = 0; i < 50; i += 1) await server.container.live.notifications.notify(server.container.db, GIFTS_CHANNEL);
    await payGift(10_000);
    expect(feed.reads).toBe(1);
    // A page rendered meanwhile gets the value the viewers have, without a read of its own.
    await expect(fanOut.current(feed)).resolves.toEqual(total(first[0]!));
    expect(feed.reads).toBe(1);
  });

  it("sends a paid gift to every viewer with one read", async () => {
    const feed = paidTotalFeed();
    const { url } = await serve(feed, { minIntervalMs: 50, refreshMs: 600_000 });
    const viewers = await connect(url, 50);
    const before = total(await viewers[0]!.next(() => true));
    await Promise.all(viewers.map((v) => v.next(() => true)));
    expect(feed.reads).toBe(1);

    await payGift(25_000);
    const after = await Promise.all(viewers.map((v) => v.next((e) => total(e).count === before.count + 1)));
    expect(after.map((e) => total(e).ore)).toEqual(after.map(() => before.ore + 25_000));
    expect(feed.reads).toBe(2);
  });

  it("forgets closed streams: no listener, no timer, no reads once nobody watches", async () => {
    const feed = paidTotalFeed();
    const { fanOut, url } = await serve(feed, { minIntervalMs: 10, refreshMs: 600_000 });
    const viewers = await connect(url, 20);
    await Promise.all(viewers.map((v) => v.next(() => true)));
    for (const viewer of viewers) viewer.close();
    await eventually(async () => fanOut.stats().subscribers === 0);
    expect(fanOut.stats().watchedKeys).toBe(0);
    const reads = feed.reads;
    await payGift(5_000);
    // The change is told, but nobody listens: a later viewer's first read is the next one.
    const [late] = await connect(url, 1);
    expect(total(await late!.next(() => true)).count).toBeGreaterThan(0);
    expect(feed.reads).toBe(reads + 1);
  });

  it("refuses a stream past the cap with 503 and Retry-After, and keeps a heartbeat on the others", async () => {
    const { fanOut, url } = await serve(paidTotalFeed(), { maxSubscribers: 3, heartbeatMs: 20 });
    const viewers = await connect(url, 3);
    await Promise.all(viewers.map((v) => v.next(() => true)));
    const refused = await fetch(url);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("30");
    expect(fanOut.stats().refused).toBe(1);
    await eventually(async () => viewers.every((v) => v.comments > 0));
  });

  it("ends every stream when it closes", async () => {
    const { fanOut, url } = await serve(paidTotalFeed());
    const viewers = await connect(url, 5);
    await Promise.all(viewers.map((v) => v.next(() => true)));
    await fanOut.close();
    await Promise.all(viewers.map((v) => v.ended));
    expect(fanOut.stats().subscribers).toBe(0);
  });

  it.runIf(engine === "postgres")("tells a change committed through one instance to another instance's listener (LISTEN/NOTIFY)", async () => {
    const other = new PostgresChangeNotifications(server.postgresUrl as string, silentLogger);
    const heard = { gifts: 0, rolledBack: 0, committed: 0 };
    // Listened to in this order on one connection, and told in commit order.
    other.listen("rolled_back", () => (heard.rolledBack += 1));
    other.listen("committed", () => (heard.committed += 1));
    other.listen(GIFTS_CHANNEL, () => (heard.gifts += 1));
    try {
      // The other instance's LISTEN connection opens in the background: pay until it has heard one.
      await eventually(async () => {
        await payGift(1_000);
        return heard.gifts > 0;
      });
      const notifications = server.container.live.notifications;
      await server.container.db
        .transaction()
        .execute(async (trx) => {
          await notifications.notify(trx, "rolled_back");
          throw new Error("roll back");
        })
        .catch(() => {});
      await server.container.db.transaction().execute((trx) => notifications.notify(trx, "committed"));
      await eventually(async () => heard.committed > 0);
      expect(heard.rolledBack).toBe(0);
    } finally {
      await other.close();
    }
  });
});
