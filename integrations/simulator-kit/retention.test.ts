import { describe, expect, it } from "vitest";
import { endedToForget, retentionOnPut, type Retention } from "./retention";

const HOUR = 60 * 60_000;
const retention: Retention = { maxEnded: 3, endedMaxAgeMs: 48 * HOUR, openMaxAgeMs: 24 * HOUR };
const now = Date.parse("2026-11-25T12:00:00Z");

type Rec = { open: boolean; createdAt: number };
const records = (...entries: Array<[string, Rec]>) => new Map(entries);
const ageOf = (r: Rec) => r;
/** Removes what endedToForget names, as the stores do, and says how many went. */
function forgetEnded(map: Map<string, Rec>, ...rest: [typeof ageOf, number | undefined, Retention]): number {
  const keys = endedToForget(map, ...rest);
  for (const key of keys) map.delete(key);
  return keys.length;
}

describe("endedToForget", () => {
  it("keeps at most maxEnded ended records, forgetting the oldest first, and never an open one", () => {
    const map = records(
      ["a", { open: false, createdAt: now - 5 * HOUR }],
      ["b", { open: true, createdAt: now - 4 * HOUR }],
      ["c", { open: false, createdAt: now - 3 * HOUR }],
      ["d", { open: false, createdAt: now - 2 * HOUR }],
      ["e", { open: false, createdAt: now - 1 * HOUR }],
    );
    expect(forgetEnded(map, ageOf, now, retention)).toBe(1);
    expect([...map.keys()]).toEqual(["b", "c", "d", "e"]);
  });

  it("forgets ended records older than endedMaxAgeMs even under the count", () => {
    const map = records(["old", { open: false, createdAt: now - 49 * HOUR }], ["new", { open: false, createdAt: now - HOUR }]);
    forgetEnded(map, ageOf, now, retention);
    expect([...map.keys()]).toEqual(["new"]);
  });

  it("treats a record open for longer than openMaxAgeMs as abandoned, and an unreadable date as old", () => {
    const map = records(
      ["abandoned", { open: true, createdAt: now - 25 * HOUR }],
      ["ancient", { open: true, createdAt: now - 60 * HOUR }],
      ["garbled", { open: false, createdAt: Number.NaN }],
      ["x", { open: false, createdAt: now - 3 * HOUR }],
      ["y", { open: false, createdAt: now - 2 * HOUR }],
      ["z", { open: false, createdAt: now - 1 * HOUR }],
    );
    forgetEnded(map, ageOf, now, retention);
    expect([...map.keys()]).toEqual(["x", "y", "z"]);
  });

  it("keeps a stream of ended records at the bound however long it runs", () => {
    const map = new Map<string, Rec>();
    for (let i = 0; i < 1_000; i += 1) {
      map.set(String(i), { open: false, createdAt: now - 1_000 + i });
      forgetEnded(map, ageOf, now, retention);
    }
    expect(map.size).toBe(3);
    expect([...map.keys()]).toEqual(["997", "998", "999"]);
  });
});

describe("endedToForget without a clock", () => {
  it("applies only the count", () => {
    const map = records(["old", { open: false, createdAt: 0 }], ["open", { open: true, createdAt: 0 }], ["new", { open: false, createdAt: now }]);
    forgetEnded(map, ageOf, undefined, { ...retention, maxEnded: 1 });
    expect([...map.keys()]).toEqual(["open", "new"]);
  });
});

describe("retentionOnPut", () => {
  const clock = { now: () => new Date(now) };

  it("looks at the records as they are with the one being put, in its place when it was there", () => {
    const toForget = retentionOnPut(ageOf, { clock, retention });
    const map = records(
      ["a", { open: true, createdAt: now - 5 * HOUR }],
      ["b", { open: false, createdAt: now - 4 * HOUR }],
      ["c", { open: false, createdAt: now - 3 * HOUR }],
      ["d", { open: false, createdAt: now - 2 * HOUR }],
    );
    // "a" ends as it is put: it is the oldest of four ended ones now.
    expect(toForget(map, "a", { open: false, createdAt: now - 5 * HOUR })).toEqual(["a"]);
    // A new ended record goes last: the oldest ended one goes.
    expect(toForget(map, "e", { open: false, createdAt: now - HOUR })).toEqual(["b"]);
  });

  it("looks only on every hundredth of maxEnded puts, so a put does not cost a look at thousands of records", () => {
    const toForget = retentionOnPut(ageOf, { clock, retention: { ...retention, maxEnded: 500 } });
    const map = new Map<string, Rec>(Array.from({ length: 510 }, (_, i) => [String(i), { open: false, createdAt: now - HOUR }]));
    const answers = Array.from({ length: 10 }, () => toForget(map, "new", { open: false, createdAt: now }).length);
    expect(answers).toEqual([0, 0, 0, 0, 11, 0, 0, 0, 0, 11]);
  });
});
