import { recordJournal } from "../../simulator-kit/record-journal";
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

/** As the payment requests' store (store.ts): `put` is seen at once, `saved` says when it is on disk. */
export interface SwishRefundStore {
  get(id: string): Promise<SimulatedRefund | undefined>;
  put(record: SimulatedRefund): Promise<void>;
  list(): Promise<SimulatedRefund[]>;
  saved(): Promise<void>;
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
    saved: async () => {},
  };
}

/** Refunds in a record journal of their own beside the payment requests' (swish-refunds.json), through the simulator kit. */
export function createFileSwishRefundStore(filePath: string): SwishRefundStore {
  const journal = recordJournal<SimulatedRefund>(filePath, {
    fromDocument(document) {
      const parsed = document as Partial<{ version: 1; refunds: Record<string, SimulatedRefund> }>;
      if (parsed.version !== 1 || typeof parsed.refunds !== "object" || parsed.refunds === null) {
        throw new Error(`${filePath} is not a Swish simulator refund file`);
      }
      return Object.entries(parsed.refunds);
    },
  });
  return {
    async get(id) {
      const record = (await journal.records()).get(id);
      return record && structuredClone(record);
    },
    async list() {
      return [...(await journal.records()).values()].map((r) => structuredClone(r));
    },
    async put(record) {
      await journal.write([[record.refund.id, structuredClone(record)]]);
    },
    saved: () => journal.saved(),
  };
}
