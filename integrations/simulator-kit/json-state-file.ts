import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * A simulator's state as one JSON file, so that what happened at the
 * "provider" survives a restart of the process as it would at the real one.
 * The file is read once; every change rewrites the whole file through a
 * temporary file and a rename (atomic on one file system: a process killed
 * mid-write leaves the old file or the new one, never half of one).
 *
 * Writes are coalesced – at most one in flight and one queued, and a queued
 * write serialises the state as it is when it starts – and `write` resolves
 * only once a write that includes the caller's change has finished, so a
 * simulator can answer its caller after the change is on disk. One process
 * owns the file.
 */
export interface JsonStateFile {
  /** The stored JSON, or undefined when there is no file yet. */
  read(): Promise<unknown>;
  /** Writes `snapshot()` (called when the write starts); resolves once it is on disk. */
  write(snapshot: () => unknown): Promise<void>;
}

export function jsonStateFile(filePath: string): JsonStateFile {
  let inFlight: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  let latest: () => unknown = () => undefined;

  function schedule(): Promise<void> {
    if (queued) return queued;
    if (!inFlight) {
      inFlight = writeAtomically(filePath, JSON.stringify(latest())).finally(() => {
        inFlight = null;
      });
      return inFlight;
    }
    queued = inFlight
      .catch(() => {})
      .then(() => {
        queued = null;
        return schedule();
      });
    return queued;
  }

  return {
    async read() {
      try {
        return JSON.parse(await readFile(filePath, "utf8")) as unknown;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw error;
      }
    },
    write(snapshot) {
      latest = snapshot;
      return schedule();
    },
  };
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
