import type { SwishResultErrorCode } from "../error-codes";
import type { SwishPaymentRequest } from "../types";

/** What the simulator keeps per payment request: the wire object plus its own bookkeeping. */
export interface SimulatedPaymentRequest {
  paymentRequest: SwishPaymentRequest;
  /** Set for m-commerce requests (no payerAlias); the app and the page find the request by it. */
  paymentRequestToken: string | null;
  /**
   * A result error code found in the message (the MSS test behaviour). It ends
   * the request when due instead of at once, so that, as with the real
   * service, a GET right after create still says CREATED.
   */
  scheduledResult: { errorCode: SwishResultErrorCode; dueAt: string } | null;
  /**
   * The request has ended but its callback was not attempted yet. Stored, not
   * kept in a timer only, so that a callback due when the process stopped is
   * still sent after a restart.
   */
  callbackPending: boolean;
}

/**
 * Where the simulator keeps its state. Async so that a database-backed store can
 * be dropped in; the simulator serialises its own writes, so implementations
 * need no locking of their own beyond keeping each `put` whole.
 */
export interface SwishSimulatorStore {
  get(id: string): Promise<SimulatedPaymentRequest | undefined>;
  /** Stores the record: `get` and `list` see it once this resolves, which may be before it is on disk (`saved`). */
  put(record: SimulatedPaymentRequest): Promise<void>;
  /** Every record, or those `where` accepts (asked before copying, so that a search does not copy every record). */
  list(where?: (record: SimulatedPaymentRequest) => boolean): Promise<SimulatedPaymentRequest[]>;
  /** The m-commerce request this token opens, if it is kept. */
  byToken(token: string): Promise<SimulatedPaymentRequest | undefined>;
  /**
   * Resolves once every record put so far is kept for good (on disk). The
   * simulator answers and calls back only after this, but waits for it
   * outside its lock, so that payments made together share one write.
   */
  saved(): Promise<void>;
}

/** For tests: state lives as long as the object. Copies in and out so callers cannot mutate stored state. */
export function createMemorySwishStore(): SwishSimulatorStore {
  const records = new Map<string, SimulatedPaymentRequest>();
  return {
    get: async (id) => {
      const record = records.get(id);
      return record && structuredClone(record);
    },
    put: async (record) => {
      records.set(record.paymentRequest.id, structuredClone(record));
    },
    list: async (where = () => true) => [...records.values()].filter(where).map((r) => structuredClone(r)),
    byToken: async (token) => {
      const record = [...records.values()].find((r) => r.paymentRequestToken === token);
      return record && structuredClone(record);
    },
    saved: async () => {},
  };
}
