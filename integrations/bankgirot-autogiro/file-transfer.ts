import { mkdir, readdir, readFile, rename, stat, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import type { AutogiroFileTransfer, AutogiroTransferredFile } from "#core/autogiro";
import { decodeAutogiroBytes, encodeAutogiroText } from "./format";
import type { Clock } from "#core/clock";

export interface AutogiroDirectories {
  /** Request files we write, for the bank's file transfer (or the simulator) to pick up. */
  outboxDir: string;
  /** Bankgirot's answer files, delivered by the bank's file transfer (or the simulator). */
  inboxDir: string;
  /** Processed answer files are moved here. */
  archiveDir: string;
}

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,120}$/;

function checkName(fileName: string): void {
  if (!SAFE_NAME.test(fileName) || fileName.endsWith(".part")) throw new RangeError(`Not a safe autogiro file name: ${fileName}`);
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/**
 * The autogiro connection over a directory pair, as a bank's file transfer
 * (e.g. Bankgirot Link or the bank's own) connects in production: we write
 * request files to the outbox and read Bankgirot's answers from the inbox.
 *
 * Files are ISO 8859-1 with CRLF, as Bankgirot's. A file is written under a
 * temporary name and renamed, so a transfer program never picks up half a
 * file; its modification time is set from the injected clock, which is when
 * it counts as sent (the simulator uses it for the 19:00 cut-off).
 */
export class DirectoryAutogiroFileTransfer implements AutogiroFileTransfer {
  constructor(
    private readonly dirs: AutogiroDirectories,
    private readonly clock: Clock,
  ) {}

  async send(fileName: string, text: string): Promise<void> {
    checkName(fileName);
    await mkdir(this.dirs.outboxDir, { recursive: true });
    const target = path.join(this.dirs.outboxDir, fileName);
    if (await exists(target)) throw new Error(`An autogiro file named ${fileName} is already waiting in the outbox`);
    const temporary = path.join(this.dirs.outboxDir, `.${fileName}.part`);
    await writeFile(temporary, encodeAutogiroText(text), { flag: "wx" });
    const sentAt = this.clock.now();
    await utimes(temporary, sentAt, sentAt);
    await rename(temporary, target);
  }

  async receive(): Promise<AutogiroTransferredFile[]> {
    await mkdir(this.dirs.inboxDir, { recursive: true });
    const names = (await readdir(this.dirs.inboxDir, { withFileTypes: true }))
      .filter((entry) => entry.isFile() && !entry.name.startsWith(".") && !entry.name.endsWith(".part"))
      .map((entry) => entry.name)
      .sort();
    return Promise.all(
      names.map(async (fileName) => ({ fileName, text: decodeAutogiroBytes(await readFile(path.join(this.dirs.inboxDir, fileName))) })),
    );
  }

  async archive(fileName: string): Promise<void> {
    checkName(fileName);
    await mkdir(this.dirs.archiveDir, { recursive: true });
    let target = path.join(this.dirs.archiveDir, fileName);
    for (let n = 2; await exists(target); n++) target = path.join(this.dirs.archiveDir, `${fileName}.${n}`);
    await rename(path.join(this.dirs.inboxDir, fileName), target);
  }
}
