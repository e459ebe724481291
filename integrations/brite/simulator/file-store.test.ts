import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "#core/clock";
import { SessionState, TransactionState } from "../states";
import { createFileBriteStore } from "./file-store";
import type { SimSession } from "./session-store";

let dir: string;
let file: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "brite-sim-"));
  file = path.join(dir, "brite.json");
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const session = (n: number, state: number, created: string): SimSession => ({
  id: `session-${n}`,
  token: `token-${n}`,
  url: `http://127.0.0.1/_sim/brite/session/token-${n}`,
  state,
  merchant_reference: `REF${n}`,
  amount: 100,
  country_id: "se",
  callbacks: [],
  customer: {},
  created,
  expires: created,
});

describe("Brite simulator file store", () => {
  it("forgets the oldest ended sessions and their transactions beyond the retention, never an open one", async () => {
    const clock = new ManualClock("2026-01-15T12:00:00.000Z");
    const store = createFileBriteStore(file, { clock, retention: { maxEnded: 2, endedMaxAgeMs: 7 * 86_400_000, openMaxAgeMs: 86_400_000 } });
    await store.saveSession(session(0, SessionState.BANK_SELECTED, "2026-01-15T11:00:00.000Z"));
    for (let n = 1; n <= 6; n += 1) {
      await store.saveTransaction({ id: `tx-${n}`, session_id: `session-${n}`, state: TransactionState.COMPLETED, amount: 100, merchant_reference: `REF${n}`, created: "2026-01-15T11:30:00.000Z" });
      await store.saveSession({ ...session(n, SessionState.COMPLETED, "2026-01-15T11:30:00.000Z"), transaction_id: `tx-${n}` });
    }
    const ids = async () => (await Promise.all([0, 1, 2, 3, 4, 5, 6].map((n) => store.getSession(`session-${n}`)))).flatMap((s) => (s ? [s.id] : []));
    expect(await ids()).toEqual(["session-0", "session-5", "session-6"]);
    expect(await store.getTransaction("tx-1")).toBeUndefined();
    expect((await store.getTransaction("tx-6"))?.state).toBe(TransactionState.COMPLETED);
    const onDisk = JSON.parse(await readFile(file, "utf8")) as { sessions: object; transactions: object };
    expect(Object.keys(onDisk.sessions)).toEqual(["session-0", "session-5", "session-6"]);
    expect(Object.keys(onDisk.transactions)).toEqual(["tx-5", "tx-6"]);
  });
});
