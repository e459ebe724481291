import { jsonStateFile } from "../../simulator-kit/json-state-file";
import type { SwishRefundErrorCode } from "../error-codes";
import type { SwishRefund } from "../types";

/** What the simulator keeps per refund: the wire object plus when and how it ends. */
export interface SimulatedRefund {
  refund: SwishRefund;
  /** When the refund is paid out (or ends in `endsWith`), by the injected clock. */
  dueAt: string;
  /** A result code found in the message (RF07, FF10): the refund ends ERROR instead of PAID. */
  endsWith: Extract<SwishRefundErrorCode, "RF07" | "FF10"> | null;
  /** Ended, callback not attempted yet; stored so that a restart still sends it. */
  callbackPending: boolean;
}

export interface SwishRefundStore {
  get(id: string): Promise<SimulatedRefund | undefined>;
  put(record: SimulatedRefund): Promise<void>;
  list(): Promise<SimulatedRefund[]>;
}

export function createMemorySwishRefundStore(): SwishRefundStore {
  const records = new Map<string, SimulatedRefund>();
  return {
    get: async (id) => {
      const record = records.get(id);
      return record && structuredClone(record);
    },
    put: async (record) => {
      records.set(record.refund.id, structuredClone(record));
    },
    list: async () => [...records.values()].map((r) => structuredClone(r)),
  };
}

interface FileContents {
  version: 1;
  refunds: Record<string, SimulatedRefund>;
}

/** Refunds in a JSON file of their own beside the payment requests' (swish-refunds.json), through the simulator kit. */
export function createFileSwishRefundStore(filePath: string): SwishRefundStore {
  const file = jsonStateFile(filePath);
  let loaded: Promise<Map<string, SimulatedRefund>> | undefined;
  function load(): Promise<Map<string, SimulatedRefund>> {
    loaded ??= file.read().then((stored) => {
      if (stored === undefined) return new Map();
      const parsed = stored as Partial<FileContents>;
      if (parsed.version !== 1 || typeof parsed.refunds !== "object" || parsed.refunds === null) {
        throw new Error(`${filePath} is not a Swish simulator refund file`);
      }
      return new Map(Object.entries(parsed.refunds));
    });
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
      records.set(record.refund.id, structuredClone(record));
      await file.write((): FileContents => ({ version: 1, refunds: Object.fromEntries(records) }));
    },
  };
}
