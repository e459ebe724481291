import { jsonStateFile } from "../../simulator-kit/json-state-file";
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
 */
export function createFileMondidoStore(filePath: string): MondidoSimStore {
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

function parseContents(json: unknown, filePath: string): FileContents {
  if (json === undefined) return { version: 1, transactions: [] };
  const contents = json as Partial<FileContents>;
  if (contents.version !== 1 || !Array.isArray(contents.transactions)) throw new Error(`${filePath} is not a Mondido simulator state file`);
  return { version: 1, transactions: contents.transactions };
}
