import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { rename, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { storeOver, type BriteSimData, type BriteSimStore } from "./session-store";

/**
 * Keeps the simulator's sessions across restarts of the dev server (a donor
 * half-way through the bank page should not lose the session because Vite
 * reloaded the server). Whole-file JSON, written to a temporary file and
 * renamed so that a crash never leaves a half-written file; writes are
 * serialised so a slow write cannot overwrite a newer one.
 */
export function createFileBriteStore(path: string): BriteSimStore {
  mkdirSync(dirname(path), { recursive: true });
  const data: BriteSimData = existsSync(path)
    ? (JSON.parse(readFileSync(path, "utf8")) as BriteSimData)
    : { sessions: {}, transactions: {} };
  let queue: Promise<void> = Promise.resolve();
  let counter = 0;

  const persist = (): Promise<void> => {
    const snapshot = JSON.stringify(data, null, 2);
    const tmp = `${path}.${process.pid}.${++counter}.tmp`;
    queue = queue.catch(() => {}).then(async () => {
      await writeFile(tmp, snapshot, "utf8");
      await rename(tmp, path);
    });
    return queue;
  };
  return storeOver(data, persist);
}
