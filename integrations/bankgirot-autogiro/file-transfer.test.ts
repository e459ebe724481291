import { mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "#core/clock";
import { DirectoryAutogiroFileTransfer } from "./file-transfer";

let root: string;
let transfer: DirectoryAutogiroFileTransfer;
const clock = new ManualClock("2027-01-05T17:59:00.000Z");
const dirs = () => ({ outboxDir: path.join(root, "out"), inboxDir: path.join(root, "in"), archiveDir: path.join(root, "archive") });

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), "autogiro-transfer-"));
  transfer = new DirectoryAutogiroFileTransfer(dirs(), clock);
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe("DirectoryAutogiroFileTransfer", () => {
  it("sends ISO 8859-1 bytes, stamped with the clock's time, and never overwrites a waiting file", async () => {
    await transfer.send("request-1.txt", "82 MÅNADSGÅVA\r\n");
    const bytes = await readFile(path.join(root, "out", "request-1.txt"));
    expect([...bytes.subarray(3, 6)]).toEqual([0x4d, 0xc5, 0x4e]);
    expect((await stat(path.join(root, "out", "request-1.txt"))).mtime.toISOString()).toBe("2027-01-05T17:59:00.000Z");
    await expect(transfer.send("request-1.txt", "again")).rejects.toThrow(/already waiting/);
    await expect(transfer.send("../escape.txt", "x")).rejects.toThrow(/safe/);
    await expect(transfer.send("x.txt", "emoji ☺")).rejects.toThrow(/ISO 8859-1/);
    expect(await readdir(path.join(root, "out"))).toEqual(["request-1.txt"]);
  });

  it("receives inbox files oldest name first, decoded, skipping half-written ones, and archives them", async () => {
    await transfer.receive();
    await writeFile(path.join(root, "in", "20270106-00002-BET-SPEC.txt"), Buffer.from("Å", "latin1"));
    await writeFile(path.join(root, "in", "20270105-00001-AG-MEDAVI.txt"), "A");
    await writeFile(path.join(root, "in", ".20270107-00003-AG-MEDAVI.txt.part"), "half");
    expect(await transfer.receive()).toEqual([
      { fileName: "20270105-00001-AG-MEDAVI.txt", text: "A" },
      { fileName: "20270106-00002-BET-SPEC.txt", text: "Å" },
    ]);
    await transfer.archive("20270105-00001-AG-MEDAVI.txt");
    expect((await transfer.receive()).map((f) => f.fileName)).toEqual(["20270106-00002-BET-SPEC.txt"]);
    expect(await readdir(path.join(root, "archive"))).toEqual(["20270105-00001-AG-MEDAVI.txt"]);
  });
});
