import type { BriteCallbackSubscription } from "../client";

/**
 * The simulator's state. Sessions and transactions use Brite's snake_case
 * field names so that the API can return them as they are.
 */
export interface SimSession {
  id: string;
  token: string;
  url: string;
  state: number;
  merchant_reference: string;
  amount: number;
  country_id: string;
  locale?: string;
  redirect_uri?: string;
  callbacks: BriteCallbackSubscription[];
  customer: Record<string, string>;
  bank?: string;
  transaction_id?: string;
  created: string;
  expires: string;
}

export interface SimTransaction {
  id: string;
  session_id: string;
  state: number;
  amount: number;
  merchant_reference: string;
  created: string;
}

export interface BriteSimStore {
  saveSession(session: SimSession): Promise<void>;
  getSession(id: string): Promise<SimSession | undefined>;
  findSessionByToken(token: string): Promise<SimSession | undefined>;
  findSessionsByMerchantReference(reference: string): Promise<SimSession[]>;
  saveTransaction(transaction: SimTransaction): Promise<void>;
  /**
   * The money moved: the transaction and the session that points at it in one
   * write, so a crash cannot leave a completed transaction that its session
   * does not name (the site finds the transaction through the session).
   */
  completeSession(session: SimSession, transaction: SimTransaction): Promise<void>;
  getTransaction(id: string): Promise<SimTransaction | undefined>;
}

export interface BriteSimData {
  sessions: Record<string, SimSession>;
  transactions: Record<string, SimTransaction>;
}

/** Store logic over a plain object; the file store persists the same object. */
export function storeOver(data: BriteSimData, persist: () => Promise<void>): BriteSimStore {
  const copy = <T>(value: T): T => structuredClone(value);
  return {
    async saveSession(session) {
      data.sessions[session.id] = copy(session);
      await persist();
    },
    async getSession(id) {
      const session = data.sessions[id];
      return session && copy(session);
    },
    async findSessionByToken(token) {
      const session = Object.values(data.sessions).find((s) => s.token === token);
      return session && copy(session);
    },
    async findSessionsByMerchantReference(reference) {
      return Object.values(data.sessions)
        .filter((s) => s.merchant_reference === reference)
        .map(copy);
    },
    async saveTransaction(transaction) {
      data.transactions[transaction.id] = copy(transaction);
      await persist();
    },
    async completeSession(session, transaction) {
      data.transactions[transaction.id] = copy(transaction);
      data.sessions[session.id] = copy(session);
      await persist();
    },
    async getTransaction(id) {
      const transaction = data.transactions[id];
      return transaction && copy(transaction);
    },
  };
}

export function createInMemoryBriteStore(): BriteSimStore {
  return storeOver({ sessions: {}, transactions: {} }, async () => {});
}
