import type { Clock } from "#core/clock";
import { recordJournal } from "../../simulator-kit/record-journal";
import { retentionOnPut, type RecordAge, type Retention } from "../../simulator-kit/retention";
import type { MondidoSimStore, SimTransactionRecord } from "./transaction-store";

/**
 * The card simulator's transactions in a record journal under the simulator
 * state directory, like the Swish, Brite and BankID simulators' state: a card
 * payment the donor approved is still approved at the "provider" after the
 * process restarts, so the site's read-back (the donor's return,
 * reconciliation) finds it as it would at Mondido. `save` resolves once the
 * change is on disk, so the card window answers the donor only after that.
 * Ended transactions are forgotten as the simulator kit's retention says
 * (simulator-kit/retention.ts), so the state does not grow with every gift.
 * The records keep the order they were made in: the provider adapter takes
 * the last one for a payment as the latest.
 */
export function createFileMondidoStore(filePath: string, options: { clock?: Clock; retention?: Retention } = {}): MondidoSimStore {
  const journal = recordJournal<SimTransactionRecord>(filePath, {
    fromDocument(document) {
      const contents = document as Partial<{ version: 1; transactions: SimTransactionRecord[] }>;
      if (contents.version !== 1 || !Array.isArray(contents.transactions)) throw new Error(`${filePath} is not a Mondido simulator state file`);
      return contents.transactions.map((r) => [String(r.transaction.id), r] as const);
    },
  });
  const toForget = retentionOnPut(ageOf, options);

  return {
    async save(record) {
      const stored = structuredClone(record);
      const id = String(stored.transaction.id);
      const forgotten = toForget(await journal.records(), id, stored);
      await journal.write([[id, stored], ...forgotten.map((key) => [key, undefined] as const)]);
      await journal.saved();
    },
    async get(id) {
      const record = (await journal.records()).get(id);
      return record && structuredClone(record);
    },
    async listByPaymentRef(paymentRef) {
      const records = [...(await journal.records()).values()];
      return records.filter((r) => r.transaction.payment_ref === paymentRef).map((r) => structuredClone(r));
    },
  };
}

/** Open while the donor may still pay in the window (pending) or the payment awaits capture (authorized). */
function ageOf(record: SimTransactionRecord): RecordAge {
  const open = record.transaction.status === "pending" || record.transaction.status === "authorized";
  return { open, createdAt: Date.parse(String(record.transaction.created_at)) };
}
