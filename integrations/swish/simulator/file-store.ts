import type { Clock } from "#core/clock";
import { recordJournal } from "../../simulator-kit/record-journal";
import { retentionOnPut, type RecordAge, type Retention } from "../../simulator-kit/retention";
import type { SimulatedPaymentRequest, SwishSimulatorStore } from "./store";

/**
 * Keeps the simulator's state in a file so that a payment pending when the
 * process stopped can still be approved (and its callback sent) after a
 * restart, as with the real service. The file is the simulator kit's record
 * journal: read once, then served from memory; a change is in memory when
 * `put` resolves and appended to the file with the changes beside it, and
 * `saved` says when it is there. Ended requests are forgotten as the
 * simulator kit's retention says (simulator-kit/retention.ts), so neither the
 * memory nor the file grows with every gift for ever.
 */
export function createFileSwishStore(filePath: string, options: { clock?: Clock; retention?: Retention } = {}): SwishSimulatorStore {
  const journal = recordJournal<SimulatedPaymentRequest>(filePath, {
    fromDocument: (document) => Object.entries(documentOf(document, filePath).requests),
  });
  const toForget = retentionOnPut(ageOf, options);
  // Token → id of the kept m-commerce requests, made on first use and kept in step by `put`: the app opens a
  // request by its token once per gift, and a scan of up to 5,000 kept requests per gift showed in bench:gala.
  let idByToken: Map<string, string> | undefined;
  async function tokenIndex(): Promise<Map<string, string>> {
    if (!idByToken) {
      const index = new Map<string, string>();
      for (const [id, record] of await journal.records()) if (record.paymentRequestToken !== null) index.set(record.paymentRequestToken, id);
      idByToken ??= index;
    }
    return idByToken;
  }

  return {
    async get(id) {
      const record = (await journal.records()).get(id);
      return record && structuredClone(record);
    },
    async list(where = () => true) {
      return [...(await journal.records()).values()].filter(where).map((r) => structuredClone(r));
    },
    async byToken(token) {
      const id = (await tokenIndex()).get(token);
      const record = id === undefined ? undefined : (await journal.records()).get(id);
      return record && structuredClone(record);
    },
    async put(record) {
      const stored = structuredClone(record);
      const records = await journal.records();
      const index = await tokenIndex();
      const forgotten = toForget(records, stored.paymentRequest.id, stored);
      for (const key of forgotten) {
        const token = records.get(key)?.paymentRequestToken;
        if (token) index.delete(token);
      }
      if (stored.paymentRequestToken !== null) index.set(stored.paymentRequestToken, stored.paymentRequest.id);
      await journal.write([[stored.paymentRequest.id, stored], ...forgotten.map((key) => [key, undefined] as const)]);
    },
    saved: () => journal.saved(),
  };
}

/** Open while Swish may still change it or owes its callback: created, a result still scheduled, or a callback not yet attempted. */
function ageOf(record: SimulatedPaymentRequest): RecordAge {
  const open = record.paymentRequest.status === "CREATED" || record.scheduledResult !== null || record.callbackPending;
  return { open, createdAt: Date.parse(record.paymentRequest.dateCreated) };
}

/** The whole-document format the simulator wrote before its journal. */
function documentOf(stored: unknown, filePath: string): { requests: Record<string, SimulatedPaymentRequest> } {
  const parsed = stored as Partial<{ version: 1; requests: Record<string, SimulatedPaymentRequest> }>;
  if (parsed.version !== 1 || typeof parsed.requests !== "object" || parsed.requests === null) {
    throw new Error(`${filePath} is not a Swish simulator state file`);
  }
  return { requests: parsed.requests };
}
