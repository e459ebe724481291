/**
 * Brite's numeric states. Only the terminal states (session 10–12, transaction
 * 2–4) drive our payment status; the names of session states 1–9 are
 * *unverified* (Brite's docs list them, but we have not confirmed the names),
 * so nothing may depend on them beyond display and logs.
 */
export const SessionState = {
  CREATED: 0,
  STARTED: 1,
  BANK_SELECTED: 2,
  AUTHENTICATION_STARTED: 3,
  AUTHENTICATED: 4,
  ACCOUNT_SELECTED: 5,
  KYC_COMPLETED: 6,
  PAYMENT_INITIATED: 7,
  PAYMENT_SIGNED: 8,
  PAYMENT_PENDING: 9,
  ABORTED: 10,
  FAILED: 11,
  COMPLETED: 12,
} as const;
export type SessionState = (typeof SessionState)[keyof typeof SessionState];

export const TransactionState = {
  CREATED: 0,
  PENDING: 1,
  ABORTED: 2,
  FAILED: 3,
  COMPLETED: 4,
  CREDIT: 5,
  SETTLED: 6,
  DEBIT: 7,
} as const;
export type TransactionState = (typeof TransactionState)[keyof typeof TransactionState];

const sessionNames = Object.fromEntries(Object.entries(SessionState).map(([name, value]) => [value, name]));
const transactionNames = Object.fromEntries(Object.entries(TransactionState).map(([name, value]) => [value, name]));

export function sessionStateName(state: number): string {
  return sessionNames[state] ?? `UNKNOWN_${state}`;
}

export function transactionStateName(state: number): string {
  return transactionNames[state] ?? `UNKNOWN_${state}`;
}

export function isTerminalSessionState(state: number): boolean {
  return state === SessionState.ABORTED || state === SessionState.FAILED || state === SessionState.COMPLETED;
}

/**
 * Money has left the donor's bank from COMPLETED on; CREDIT and SETTLED are later
 * bookkeeping steps of the same money, so they also mean "paid".
 */
export function isPaidTransactionState(state: number): boolean {
  return state === TransactionState.COMPLETED || state === TransactionState.CREDIT || state === TransactionState.SETTLED;
}

/** Sessions that are not finished after this long are given up by Brite. */
export const SESSION_LIFETIME_MS = 30 * 60 * 1000;
