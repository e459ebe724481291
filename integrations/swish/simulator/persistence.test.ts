import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "#core/clock";
import { newInstructionId } from "../instruction-id";
import { createFileSwishStore } from "./file-store";
import type { SimulatedPaymentRequest } from "./store";
import { startSimulatorServer } from "./test-server";

let dir: string;
let file: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "swish-sim-"));
  file = path.join(dir, "nested", "swish.json");
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("file store", () => {
  it("forgets ended requests beyond the retention, oldest first, in memory and in the file, but never an open one", async () => {
    const clock = new ManualClock(new Date("2026-01-15T12:00:00.000Z"));
    const retention = { maxEnded: 3, endedMaxAgeMs: 7 * 24 * 3_600_000, openMaxAgeMs: 24 * 3_600_000 };
    const store = createFileSwishStore(file, { clock, retention });
    const open = { ...sampleRecord(), callbackPending: true };
    open.paymentRequest.status = "PAID";
    await store.put(open);
    const paid: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      const record = sampleRecord();
      record.paymentRequest.status = "PAID";
      await store.put(record);
      paid.push(record.paymentRequest.id);
    }
    const kept = (await store.list()).map((r) => r.paymentRequest.id);
    expect(kept).toEqual([open.paymentRequest.id, ...paid.slice(-3)]);
    await store.saved();
    expect((await createFileSwishStore(file).list()).map((r) => r.paymentRequest.id)).toEqual(kept);

    // A week later even the newest ended ones go; the callback still owed keeps its request (until a day has passed).
    clock.set(new Date("2026-01-23T12:00:00.000Z"));
    await store.put({ ...sampleRecord(), paymentRequest: { ...sampleRecord().paymentRequest, dateCreated: "2026-01-23T11:59:00.000Z" } });
    expect((await store.list()).map((r) => r.paymentRequest.status)).toEqual(["CREATED"]);
  });

  it("starts empty without a file and keeps what was put, through a fresh instance", async () => {
    const store = createFileSwishStore(file);
    expect(await store.list()).toEqual([]);
    const record = sampleRecord();
    await store.put(record);
    await store.put({ ...record, callbackPending: true });
    await store.saved();

    const reopened = createFileSwishStore(file);
    expect(await reopened.get(record.paymentRequest.id)).toEqual({ ...record, callbackPending: true });
    expect(await reopened.list()).toHaveLength(1);
    // The simulator kit's record journal, and no temporary file left behind.
    expect(await readdir(path.dirname(file))).toEqual(["swish.json"]);
    expect(JSON.parse((await readFile(file, "utf8")).split("\n")[0]!)).toEqual({ format: "simulator-record-journal", version: 1 });
  });

  it("finds a request by its token, through a fresh instance too, and not once it is forgotten", async () => {
    const clock = new ManualClock(new Date("2026-01-15T12:00:00.000Z"));
    const retention = { maxEnded: 2, endedMaxAgeMs: 7 * 24 * 3_600_000, openMaxAgeMs: 24 * 3_600_000 };
    const store = createFileSwishStore(file, { clock, retention });
    const records = Array.from({ length: 6 }, (_, i) => ({ ...sampleRecord(), paymentRequestToken: `token-${i}` }));
    for (const record of records) {
      record.paymentRequest.status = "PAID";
      await store.put(record);
    }
    // The request keeps its token when it changes; a token nobody was given finds nothing.
    expect((await store.byToken("token-5"))?.paymentRequest.id).toBe(records[5]!.paymentRequest.id);
    expect(await store.byToken("token-x")).toBeUndefined();
    // Retention forgets the oldest ended requests: their tokens open nothing any more.
    const kept = new Set((await store.list()).map((r) => r.paymentRequestToken));
    for (let i = 0; i < 6; i++) {
      expect((await store.byToken(`token-${i}`))?.paymentRequestToken, `token-${i}`).toBe(kept.has(`token-${i}`) ? `token-${i}` : undefined);
    }
    expect(kept.has("token-0")).toBe(false);
    await store.saved();
    const reopened = createFileSwishStore(file);
    expect((await reopened.byToken("token-5"))?.paymentRequest.id).toBe(records[5]!.paymentRequest.id);
    expect(await reopened.byToken("token-0")).toBeUndefined();
  });

  it("keeps every record when puts run concurrently", async () => {
    const store = createFileSwishStore(file);
    const records = Array.from({ length: 20 }, () => sampleRecord());
    await Promise.all(records.map((r) => store.put(r)));
    await store.saved();
    expect(await createFileSwishStore(file).list()).toHaveLength(20);
  });

  it("does not hand out its internal objects", async () => {
    const store = createFileSwishStore(file);
    const record = sampleRecord();
    await store.put(record);
    const copy = await store.get(record.paymentRequest.id);
    copy!.paymentRequest.status = "PAID";
    expect((await store.get(record.paymentRequest.id))?.paymentRequest.status).toBe("CREATED");
  });
});

describe("simulator restart", () => {
  it("a payment pending when the process stopped ends paid after restart", async () => {
    const clock = new ManualClock("2026-01-15T10:00:00.000Z");
    const before = await startSimulatorServer({ clock, store: createFileSwishStore(file) });
    const id = newInstructionId();
    await before.client.createPaymentRequest(id, { callbackUrl: `${before.origin}/gone`, amount: "250", message: "Minnesgåva" });
    await before.close();

    clock.advance(60_000);
    const sent: unknown[] = [];
    const after = await startSimulatorServer({
      clock,
      store: createFileSwishStore(file),
      postCallback: async (url, body) => void sent.push({ url, status: body.status }),
    });
    try {
      const pending = await after.client.getPaymentRequest(id);
      expect(pending.status).toBe("CREATED");
      expect(pending.amount).toBe(250);

      await after.simulator.approve(id);
      expect((await after.client.getPaymentRequest(id)).status).toBe("PAID");
      await after.simulator.settled();
      expect(sent).toEqual([{ url: `${before.origin}/gone`, status: "PAID" }]);
    } finally {
      await after.close();
    }
  });

  it("sends a callback that was still due when the process stopped", async () => {
    const clock = new ManualClock("2026-01-15T10:00:00.000Z");
    const before = await startSimulatorServer({ clock, store: createFileSwishStore(file), callbackDelayMs: 60_000 });
    const id = newInstructionId();
    // The callback URL must outlive the first server, so post to whatever runs now.
    let deliver: (body: unknown) => void = () => {};
    const delivered = new Promise((resolve) => (deliver = resolve));
    await before.client.createPaymentRequest(id, { callbackUrl: "https://example.org/swish/callback", amount: "100" });
    await before.simulator.approve(id);
    await before.close(); // stops before the 60 s callback delay ran out

    expect((await createFileSwishStore(file).get(id))?.callbackPending).toBe(true);

    const after = await startSimulatorServer({
      clock,
      store: createFileSwishStore(file),
      postCallback: async (url, body) => deliver({ url, body }),
    });
    try {
      expect(await delivered).toMatchObject({ url: "https://example.org/swish/callback", body: { id, status: "PAID" } });
      await after.simulator.settled();
      expect((await after.simulator.store.get(id))?.callbackPending).toBe(false);
    } finally {
      await after.close();
    }
  });

  it("ends a request that timed out while the process was stopped", async () => {
    const clock = new ManualClock("2026-01-15T10:00:00.000Z");
    const before = await startSimulatorServer({ clock, store: createFileSwishStore(file) });
    const id = newInstructionId();
    await before.client.createPaymentRequest(id, { callbackUrl: `${before.origin}/gone`, amount: "100" });
    await before.close();

    clock.advance(10 * 60_000);
    const after = await startSimulatorServer({ clock, store: createFileSwishStore(file) });
    try {
      expect(await after.client.getPaymentRequest(id)).toMatchObject({ status: "ERROR", errorCode: "TM01" });
    } finally {
      await after.close();
    }
  });
});

function sampleRecord(): SimulatedPaymentRequest {
  return {
    paymentRequest: {
      id: newInstructionId(),
      payeePaymentReference: null,
      paymentReference: null,
      callbackUrl: "https://example.org/cb",
      payerAlias: null,
      payeeAlias: "1231181189",
      amount: 100,
      currency: "SEK",
      message: null,
      status: "CREATED",
      dateCreated: "2026-01-15T10:00:00.000Z",
      datePaid: null,
      errorCode: null,
      errorMessage: null,
    },
    paymentRequestToken: "0123456789abcdef0123456789abcdef",
    scheduledResult: null,
    callbackPending: false,
  };
}
