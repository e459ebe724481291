import type { Clock } from "../../../core/clock";
import { jsonStateFile } from "../../simulator-kit/json-state-file";
import { forgetEnded, SIMULATOR_RETENTION, type RecordAge, type Retention } from "../../simulator-kit/retention";
import type { SimulatedPaymentRequest, SwishSimulatorStore } from "./store";

interface FileContents {
  version: 1;
  requests: Record<string, SimulatedPaymentRequest>;
}

/**
 * Keeps the simulator's state in one JSON file so that a payment pending when
 * the process stopped can still be approved (and its callback sent) after a
 * restart, as with the real service. The file is the simulator kit's JSON
 * state file: read once, then served from memory; every change rewrites it
 * atomically, writes coalesced under load. Ended requests are forgotten as
 * the simulator kit's retention says (simulator-kit/retention.ts), so neither
 * the memory nor the file grows with every gift for ever.
 */
export function createFileSwishStore(filePath: string, options: { clock?: Clock; retention?: Retention } = {}): SwishSimulatorStore {
  const file = jsonStateFile(filePath);
  let loaded: Promise<Map<string, SimulatedPaymentRequest>> | undefined;

  function load(): Promise<Map<string, SimulatedPaymentRequest>> {
    loaded ??= file.read().then((stored) => new Map(Object.entries(contentsOf(stored, filePath).requests)));
    return loaded;
  }

  return {
    async get(id) {
      const record = (await load()).get(id);
      return record && structuredClone(record);
    },
    async list() {
      return [...(await load()).values()].map((r) => structuredClone(r));
    },
    async put(record) {
      const records = await load();
      records.set(record.paymentRequest.id, structuredClone(record));
      forgetEnded(records, ageOf, options.clock?.now().getTime(), options.retention ?? SIMULATOR_RETENTION);
      await file.write((): FileContents => ({ version: 1, requests: Object.fromEntries(records) }));
    },
  };
}

/** Open while Swish may still change it or owes its callback: created, a result still scheduled, or a callback not yet attempted. */
function ageOf(record: SimulatedPaymentRequest): RecordAge {
  const open = record.paymentRequest.status === "CREATED" || record.scheduledResult !== null || record.callbackPending;
  return { open, createdAt: Date.parse(record.paymentRequest.dateCreated) };
}

function contentsOf(stored: unknown, filePath: string): FileContents {
  if (stored === undefined) return { version: 1, requests: {} };
  const parsed = stored as Partial<FileContents>;
  if (parsed.version !== 1 || typeof parsed.requests !== "object" || parsed.requests === null) {
    throw new Error(`${filePath} is not a Swish simulator state file`);
  }
  return { version: 1, requests: parsed.requests };
}
