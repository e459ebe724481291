import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { rename, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import type { Clock } from "#core/clock";
import { endedToForget, SIMULATOR_RETENTION, type Retention } from "../../simulator-kit/retention";
import { isTerminalSessionState } from "../states";
import { storeOver, type BriteSimData, type BriteSimStore, type SimSession } from "./session-store";

/**
 * Keeps the simulator's sessions across restarts of the dev server (a donor
 * half-way through the bank page should not lose the session because Vite
 * reloaded the server). Whole-file JSON, written to a temporary file and
 * renamed so that a crash never leaves a half-written file; writes are
 * serialised so a slow write cannot overwrite a newer one. Ended sessions,
 * with their transactions, are forgotten as the simulator kit's retention
 * says (simulator-kit/retention.ts), so the state does not grow with every gift.
 */
export function createFileBriteStore(path: string, options: { clock?: Clock; retention?: Retention } = {}): BriteSimStore {
  mkdirSync(dirname(path), { recursive: true });
  const data: BriteSimData = existsSync(path)
    ? (JSON.parse(readFileSync(path, "utf8")) as BriteSimData)
    : { sessions: {}, transactions: {} };
  let queue: Promise<void> = Promise.resolve();
  let counter = 0;

  const persist = (): Promise<void> => {
    forgetEndedSessions(data, options.clock?.now().getTime(), options.retention ?? SIMULATOR_RETENTION);
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

function forgetEndedSessions(data: BriteSimData, now: number | undefined, retention: Retention): void {
  const ageOf = (session: SimSession) => ({ open: !isTerminalSessionState(session.state), createdAt: Date.parse(session.created) });
  const forgotten = new Set(endedToForget(new Map(Object.entries(data.sessions)), ageOf, now, retention));
  if (forgotten.size === 0) return;
  for (const id of forgotten) delete data.sessions[id];
  for (const [id, transaction] of Object.entries(data.transactions)) if (forgotten.has(transaction.session_id)) delete data.transactions[id];
}
