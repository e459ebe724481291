import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "#core/clock";
import { createFileMondidoStore } from "./file-store";
import type { SimTransactionRecord } from "./transaction-store";

let dir: string;
let file: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "mondido-sim-"));
  file = path.join(dir, "mondido.json");
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const record = (id: number, status: string, createdAt: string): SimTransactionRecord => ({
  transaction: { id, status, payment_ref: `ref-${id}`, created_at: createdAt },
  successUrl: "http://127.0.0.1/ok",
  errorUrl: "http://127.0.0.1/fel",
});

describe("Mondido simulator file store", () => {
  it("keeps a bounded number of ended transactions, oldest forgotten first, and every pending one", async () => {
    const clock = new ManualClock("2026-01-15T12:00:00.000Z");
    const store = createFileMondidoStore(file, { clock, retention: { maxEnded: 2, endedMaxAgeMs: 7 * 86_400_000, openMaxAgeMs: 86_400_000 } });
    await store.save(record(1, "pending", "2026-01-15T11:00:00.000Z"));
    for (let id = 2; id <= 8; id += 1) await store.save(record(id, "approved", "2026-01-15T11:30:00.000Z"));
    const kept = async (s = store) => (await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map((id) => s.get(String(id))))).flatMap((r) => (r ? [r.transaction.id] : []));
    expect(await kept()).toEqual([1, 7, 8]);
    // The file says the same after a restart.
    expect(await kept(createFileMondidoStore(file))).toEqual([1, 7, 8]);

    // Two days on, the window left pending was abandoned: it counts as ended and the newest ended stay.
    clock.set("2026-01-17T12:00:00.000Z");
    await store.save(record(9, "declined", "2026-01-17T12:00:00.000Z"));
    expect(await kept()).toEqual([8]);
    expect((await store.get("9"))?.transaction.status).toBe("declined");
  });
});
