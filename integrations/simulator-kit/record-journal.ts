import { randomBytes } from "node:crypto";
import { appendFile, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * A simulator's records, by key, kept in memory and on disk as a journal, so
 * that what happened at the "provider" survives a restart of the process as
 * it would at the real one.
 *
 * Why a journal: the simulators stand in for Swish and the card provider in
 * the default configuration, the production build included, and answer only
 * once a change is on disk. Rewriting the whole state for every change made
 * each payment wait on a write that grew with the state (up to thousands of
 * records) – half of the server's time under load went to waiting for it
 * (issue #18, decision 0034). A change now appends one line; the file is
 * rewritten whole (compacted) only once the lines outnumber the live records
 * by `compactAfter`, so the cost of a change stays flat.
 *
 * The file: a header line, then one JSON line per change –
 * `{"key":…,"value":…}` puts a record, `{"key":…}` removes it. Reading
 * replays the lines in order. A process killed mid-append leaves at most the
 * last line unfinished; it was never acknowledged (a write resolves only once
 * its line is appended) and is ignored. Compaction writes a temporary file
 * and renames it over the journal, so a crash leaves the old journal or the
 * new one. A file in the earlier whole-document format is read through
 * `fromDocument` and replaced by a journal on the first write.
 *
 * Appends are coalesced: while one is in flight the next changes gather and
 * go in one append, so many changes share one wait for the disk. One process
 * owns the file.
 */
export interface RecordJournal<R> {
  /**
   * The records as last written, in the order their keys were first put (a
   * key removed and put again goes last), as a Map kept up to date. Change it
   * only through `write`.
   */
  records(): Promise<ReadonlyMap<string, R>>;
  /**
   * Applies the changes (a record, or undefined to remove the key) to the
   * records in memory – done when it resolves – and starts writing them;
   * `saved` says when they are on disk.
   */
  write(changes: ReadonlyArray<readonly [key: string, record: R | undefined]>): Promise<void>;
  /** Resolves once every change written so far is on disk; rejects if writing one failed. */
  saved(): Promise<void>;
}

export interface RecordJournalOptions<R> {
  /** Reads a file in the whole-document format that came before journals. */
  fromDocument(document: unknown): Iterable<readonly [string, R]>;
  /** Journal lines beyond the live records that trigger a compaction. */
  compactAfter?: number;
}

const HEADER = `${JSON.stringify({ format: "simulator-record-journal", version: 1 })}\n`;

export function recordJournal<R>(filePath: string, options: RecordJournalOptions<R>): RecordJournal<R> {
  const compactAfter = options.compactAfter ?? 1_000;
  let loaded: Promise<Map<string, R>> | undefined;
  /** Lines in the file after its header; undefined until the file is a journal. */
  let linesOnDisk: number | undefined;
  let pending: string[] = [];
  let inFlight: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  /** Why the last flush failed, until one succeeds: changes are in memory that are not on disk. */
  let failure: unknown;

  const load = () => (loaded ??= readJournal(filePath, options.fromDocument).then(({ records, lines }) => ((linesOnDisk = lines), records)));

  async function flush(records: Map<string, R>): Promise<void> {
    const lines = pending;
    pending = [];
    const appendTo = linesOnDisk;
    // Until this write has succeeded the file may lack its lines (or end in half of one): a failed write makes the next one rewrite it whole.
    linesOnDisk = undefined;
    if (appendTo === undefined || appendTo + lines.length > records.size + compactAfter) {
      await writeAtomically(filePath, HEADER + [...records].map(([key, record]) => lineOf(key, record)).join(""));
      linesOnDisk = records.size;
    } else {
      await appendFile(filePath, lines.join(""), "utf8");
      linesOnDisk = appendTo + lines.length;
    }
  }

  /** At most one flush in flight and one queued; the queued one takes every line gathered until it starts. */
  function schedule(records: Map<string, R>): Promise<void> {
    if (queued) return queued;
    if (!inFlight) {
      inFlight = flush(records)
        .then(
          () => {
            failure = undefined;
          },
          (error: unknown) => {
            failure = error;
            throw error;
          },
        )
        .finally(() => {
          inFlight = null;
        });
      return inFlight;
    }
    queued = inFlight
      .catch(() => {})
      .then(() => {
        queued = null;
        return schedule(records);
      });
    return queued;
  }

  return {
    records: load,
    async write(changes) {
      const records = await load();
      for (const [key, record] of changes) {
        if (record === undefined) records.delete(key);
        else records.set(key, record);
        pending.push(lineOf(key, record));
      }
      // Not awaited here: its failure reaches whoever waits on saved().
      schedule(records).catch(() => {});
    },
    saved() {
      return queued ?? inFlight ?? (failure === undefined ? Promise.resolve() : Promise.reject(failure));
    },
  };
}

function lineOf(key: string, record: unknown): string {
  return `${JSON.stringify(record === undefined ? { key } : { key, value: record })}\n`;
}

async function readJournal<R>(
  filePath: string,
  fromDocument: RecordJournalOptions<R>["fromDocument"],
): Promise<{ records: Map<string, R>; lines: number | undefined }> {
  let text: string;
  try {
    text = await readFile(filePath, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { records: new Map(), lines: undefined };
    throw error;
  }
  if (!text.startsWith(HEADER)) {
    // The whole-document format: rewritten as a journal on the first write.
    return { records: new Map(fromDocument(JSON.parse(text) as unknown)), lines: undefined };
  }
  const records = new Map<string, R>();
  const lines = text.slice(HEADER.length).split("\n");
  // Text after the last newline is an append cut short by a crash, never acknowledged.
  lines.pop();
  lines.forEach((line, index) => {
    let change: { key?: unknown; value?: R };
    try {
      change = JSON.parse(line) as typeof change;
    } catch {
      throw new Error(`${filePath}: line ${index + 2} of the journal is not JSON`);
    }
    if (typeof change.key !== "string") throw new Error(`${filePath}: line ${index + 2} of the journal has no key`);
    if (change.value === undefined) records.delete(change.key);
    else records.set(change.key, change.value);
  });
  // A cut-short tail is overwritten by the next compaction, not appended to: it is compacted on the first write.
  return { records, lines: text.endsWith("\n") ? lines.length : undefined };
}

async function writeAtomically(filePath: string, contents: string): Promise<void> {
  await mkdir(path.dirname(filePath), { recursive: true });
  const temp = `${filePath}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    await writeFile(temp, contents, "utf8");
    await rename(temp, filePath);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
