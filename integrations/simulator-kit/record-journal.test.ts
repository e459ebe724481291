import { appendFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { recordJournal } from "./record-journal";

type Rec = { n: number };
let dir: string;
let file: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "record-journal-"));
  file = path.join(dir, "nested", "state.json");
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const fromDocument = (document: unknown) => Object.entries((document as { records: Record<string, Rec> }).records);
const open = (compactAfter?: number) => recordJournal<Rec>(file, { fromDocument, compactAfter });
const lines = async () => (await readFile(file, "utf8")).split("\n").filter(Boolean);
const keysOf = async (journal = open()) => [...(await journal.records()).entries()];

describe("record journal", () => {
  it("starts empty without a file and gives back, after a reopen, what was written, removals and order included", async () => {
    const journal = open();
    expect(await keysOf(journal)).toEqual([]);
    await journal.write([["a", { n: 1 }], ["b", { n: 2 }]]);
    await journal.write([["c", { n: 3 }]]);
    await journal.write([["a", { n: 10 }], ["b", undefined]]);
    await journal.write([["b", { n: 20 }]]);
    await journal.saved();
    // A key put again keeps its place; one removed and put again goes last – as a Map does.
    expect(await keysOf(journal)).toEqual([["a", { n: 10 }], ["c", { n: 3 }], ["b", { n: 20 }]]);
    expect(await keysOf()).toEqual(await keysOf(journal));
  });

  it("has a change in memory when write resolves, and on disk only when saved does", async () => {
    const journal = open();
    await journal.write([["a", { n: 1 }]]);
    expect((await journal.records()).get("a")).toEqual({ n: 1 });
    await journal.saved();
    expect((await open().records()).get("a")).toEqual({ n: 1 });
  });

  it("appends a line per change instead of rewriting the file", async () => {
    const journal = open();
    await journal.write([["a", { n: 1 }]]);
    await journal.saved();
    const first = await lines();
    for (let i = 0; i < 5; i += 1) {
      await journal.write([[`k${i}`, { n: i }]]);
      await journal.saved();
    }
    await journal.write([["a", undefined]]);
    await journal.saved();
    const after = await lines();
    expect(after.slice(0, first.length)).toEqual(first);
    expect(after.slice(first.length)).toHaveLength(6);
    expect(JSON.parse(after.at(-1)!)).toEqual({ key: "a" });
  });

  it("gathers the changes made while a write is on its way into one append", async () => {
    const journal = open();
    await journal.write([["first", { n: 0 }]]);
    await journal.saved();
    const before = (await lines()).length;
    await Promise.all(Array.from({ length: 50 }, (_, i) => journal.write([[`k${i}`, { n: i }]])));
    await journal.saved();
    expect((await lines()).length).toBe(before + 50);
    expect((await open().records()).size).toBe(51);
  });

  it("rewrites the file whole once the lines outnumber the records by compactAfter, leaving no temporary file", async () => {
    const journal = open(10);
    for (let i = 0; i < 30; i += 1) {
      await journal.write([["same", { n: i }]]);
      await journal.saved();
    }
    // Header, plus at most one record and ten lines of history.
    expect((await lines()).length).toBeLessThanOrEqual(12);
    expect(await readdir(path.dirname(file))).toEqual(["state.json"]);
    expect(await keysOf()).toEqual([["same", { n: 29 }]]);
  });

  it("ignores a last line cut short by a crash, and writes whole before appending again", async () => {
    const journal = open();
    await journal.write([["a", { n: 1 }], ["b", { n: 2 }]]);
    await journal.saved();
    await appendFile(file, '{"key":"c","val');

    const reopened = open();
    expect(await keysOf(reopened)).toEqual([["a", { n: 1 }], ["b", { n: 2 }]]);
    await reopened.write([["d", { n: 4 }]]);
    await reopened.saved();
    expect(await keysOf()).toEqual([["a", { n: 1 }], ["b", { n: 2 }], ["d", { n: 4 }]]);
  });

  it("refuses a journal damaged in the middle rather than guess what it held", async () => {
    const journal = open();
    await journal.write([["a", { n: 1 }]]);
    await journal.saved();
    await appendFile(file, "not json\n" + JSON.stringify({ key: "b", value: { n: 2 } }) + "\n");
    await expect(open().records()).rejects.toThrow(/line 3 of the journal is not JSON/);
  });

  it("reads a file in the earlier whole-document format and replaces it with a journal on the first write", async () => {
    await writeFile(path.join(dir, "old.json"), JSON.stringify({ records: { x: { n: 7 }, y: { n: 8 } } }));
    file = path.join(dir, "old.json");
    const journal = open();
    expect(await keysOf(journal)).toEqual([["x", { n: 7 }], ["y", { n: 8 }]]);
    await journal.write([["z", { n: 9 }]]);
    await journal.saved();
    expect(JSON.parse((await lines())[0]!)).toEqual({ format: "simulator-record-journal", version: 1 });
    expect(await keysOf()).toEqual([["x", { n: 7 }], ["y", { n: 8 }], ["z", { n: 9 }]]);
  });

  it("says through saved when a write failed, and writes every change once the disk takes them again", async () => {
    const journal = open();
    await journal.write([["a", { n: 1 }]]);
    await journal.saved();
    // A directory in the file's place fails the append, even for root.
    await rm(file);
    await mkdir(file);
    await journal.write([["b", { n: 2 }]]);
    await expect(journal.saved()).rejects.toThrow(/EISDIR/);
    await expect(journal.saved()).rejects.toThrow(/EISDIR/);
    await rm(file, { recursive: true });
    await journal.write([["c", { n: 3 }]]);
    await journal.saved();
    expect(await keysOf()).toEqual([["a", { n: 1 }], ["b", { n: 2 }], ["c", { n: 3 }]]);
  });
});
