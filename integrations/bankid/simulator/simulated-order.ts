import type { CollectStatus, CompletionData } from "#core/donors/bankid-relying-party";

/** BankID's limits: the QR code must be scanned (or the app opened) within 30 s, and an order lives 3 minutes. */
export const UNOPENED_ORDER_TTL_MS = 30_000;
export const ORDER_TTL_MS = 3 * 60_000;

/** One order in the simulator, as stored. Times are ISO strings so the JSON file store needs no revivers. */
export interface SimulatedOrder {
  orderRef: string;
  autoStartToken: string;
  qrStartToken: string;
  qrStartSecret: string;
  kind: "auth" | "sign";
  endUserIp: string;
  requiredPersonalNumber?: string;
  /** Decoded userVisibleData, shown on the tester's "app" page. */
  userVisibleText?: string;
  returnUrl?: string;
  returnRisk?: boolean;
  createdAt: string;
  /** When the QR code was scanned or the app opened with the autostart token. */
  openedAt?: string;
  chosenPersonalNumber?: string;
  status: CollectStatus;
  hintCode?: string;
  completionData?: CompletionData;
  /** The relying party called /cancel: BankID then forgets the order. */
  cancelledByRelyingParty?: boolean;
}

/**
 * The order as BankID would report it now. Expiry is computed from the clock
 * on every read instead of by a timer, so it survives restarts, needs no
 * background work and moves when a test moves the clock.
 */
export function orderAsOf(order: SimulatedOrder, now: Date): SimulatedOrder {
  if (order.status !== "pending") return order;
  const age = now.getTime() - Date.parse(order.createdAt);
  const unopenedTooLong = order.openedAt === undefined && age >= UNOPENED_ORDER_TTL_MS;
  if (unopenedTooLong || age >= ORDER_TTL_MS) return { ...order, status: "failed", hintCode: "expiredTransaction" };
  return order;
}
