/**
 * Where the simulator keeps its transactions. In memory by default: the
 * simulator is a development stand-in, and a lost transaction after a restart
 * behaves like an unknown id at the provider, which the client must handle anyway.
 */
export interface SimTransactionRecord {
  /** The transaction as the REST API and webhook show it (snake_case, Mondido's field names). */
  transaction: Record<string, unknown> & { id: number; status: string; payment_ref: string };
  successUrl: string;
  errorUrl: string;
  webhookUrl?: string;
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
