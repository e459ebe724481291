import type { Clock } from "../../../core/clock";
import { jsonStateFile } from "../../simulator-kit/json-state-file";
import { forgetEnded, SIMULATOR_RETENTION, type RecordAge, type Retention } from "../../simulator-kit/retention";
import type { MondidoSimStore, SimTransactionRecord } from "./transaction-store";

interface FileContents {
  version: 1;
  /** In the order they were made: the provider adapter takes the last one as the latest. */
  transactions: SimTransactionRecord[];
}

/**
 * The card simulator's transactions in one JSON file under the simulator
 * state directory, like the Swish, Brite and BankID simulators' state: a card
 * payment the donor approved is still approved at the "provider" after the
 * process restarts, so the site's read-back (the donor's return,
 * reconciliation) finds it as it would at Mondido. `save` resolves once the
 * change is on disk, so the card window answers the donor only after that.
 * Ended transactions are forgotten as the simulator kit's retention says
 * (simulator-kit/retention.ts), so the state does not grow with every gift.
 */
export function createFileMondidoStore(filePath: string, options: { clock?: Clock; retention?: Retention } = {}): MondidoSimStore {
  const file = jsonStateFile(filePath);
  let loaded: Promise<Map<string, SimTransactionRecord>> | undefined;

  function load(): Promise<Map<string, SimTransactionRecord>> {
    loaded ??= file.read().then((json) => new Map(parseContents(json, filePath).transactions.map((r) => [String(r.transaction.id), r])));
    return loaded;
  }

  return {
    async save(record) {
      const records = await load();
      records.set(String(record.transaction.id), structuredClone(record));
      forgetEnded(records, ageOf, options.clock?.now().getTime(), options.retention ?? SIMULATOR_RETENTION);
      await file.write((): FileContents => ({ version: 1, transactions: [...records.values()] }));
    },
    async get(id) {
      const record = (await load()).get(id);
      return record && structuredClone(record);
    },
    async listByPaymentRef(paymentRef) {
      return [...(await load()).values()].filter((r) => r.transaction.payment_ref === paymentRef).map((r) => structuredClone(r));
    },
  };
}

/** Open while the donor may still pay in the window (pending) or the payment awaits capture (authorized). */
function ageOf(record: SimTransactionRecord): RecordAge {
  const open = record.transaction.status === "pending" || record.transaction.status === "authorized";
  return { open, createdAt: Date.parse(String(record.transaction.created_at)) };
}

function parseContents(json: unknown, filePath: string): FileContents {
  if (json === undefined) return { version: 1, transactions: [] };
  const contents = json as Partial<FileContents>;
  if (contents.version !== 1 || !Array.isArray(contents.transactions)) throw new Error(`${filePath} is not a Mondido simulator state file`);
  return { version: 1, transactions: contents.transactions };
}
