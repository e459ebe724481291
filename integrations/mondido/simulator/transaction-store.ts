/**
 * Where the simulator keeps its transactions. The server uses the file store
 * (file-store.ts) so that they survive a restart as they would at Mondido: a
 * card payment the donor saw approved must still be approved when the site
 * reads it back. The in-memory store is for tests that need no restart.
 */
export interface SimTransactionRecord {
  /** The transaction as the REST API and webhook show it (snake_case, Mondido's field names). */
  transaction: Record<string, unknown> & { id: number; status: string; payment_ref: string };
  successUrl: string;
  errorUrl: string;
  webhookUrl?: string;
  /** The window's form asked to store the card (`store_card=true`, decision 0028). */
  storeCard?: boolean;
}

export interface MondidoSimStore {
  save(record: SimTransactionRecord): Promise<void>;
  get(id: string): Promise<SimTransactionRecord | undefined>;
  listByPaymentRef(paymentRef: string): Promise<SimTransactionRecord[]>;
}

export function createInMemoryMondidoStore(): MondidoSimStore {
  const records = new Map<string, SimTransactionRecord>();
  const copy = (r: SimTransactionRecord): SimTransactionRecord => structuredClone(r);
  return {
    async save(record) {
      records.set(String(record.transaction.id), copy(record));
    },
    async get(id) {
      const record = records.get(id);
      return record && copy(record);
    },
    async listByPaymentRef(paymentRef) {
      return [...records.values()].filter((r) => r.transaction.payment_ref === paymentRef).map(copy);
    },
  };
}
