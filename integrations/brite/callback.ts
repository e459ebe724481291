import { z } from "zod";

/**
 * Brite's callbacks carry only ids and a state; they can arrive out of order
 * and more than once. Answer 200 quickly and then re-read the session or
 * transaction with the client: the callback's state is a hint, not the truth.
 */
const stateNumber = (max: number) =>
  z
    .union([z.number(), z.string().regex(/^\d+$/).transform(Number)])
    .pipe(z.number().int().min(0).max(max));

const sessionCallbackSchema = z.object({
  merchant_id: z.string().min(1),
  session_id: z.string().min(1),
  session_state: stateNumber(12),
});

const transactionCallbackSchema = z.object({
  merchant_id: z.string().min(1),
  transaction_id: z.string().min(1),
  transaction_state: stateNumber(7),
});

export type BriteCallback =
  | { kind: "session"; merchantId: string; sessionId: string; state: number }
  | { kind: "transaction"; merchantId: string; transactionId: string; state: number };

export type BriteCallbackParseResult = { ok: true; callback: BriteCallback } | { ok: false; error: string };

export function parseBriteCallback(body: unknown): BriteCallbackParseResult {
  const session = sessionCallbackSchema.safeParse(body);
  if (session.success) {
    const { merchant_id, session_id, session_state } = session.data;
    return { ok: true, callback: { kind: "session", merchantId: merchant_id, sessionId: session_id, state: session_state } };
  }
  const transaction = transactionCallbackSchema.safeParse(body);
  if (transaction.success) {
    const { merchant_id, transaction_id, transaction_state } = transaction.data;
    return {
      ok: true,
      callback: { kind: "transaction", merchantId: merchant_id, transactionId: transaction_id, state: transaction_state },
    };
  }
  return { ok: false, error: "Not a Brite session or transaction callback" };
}
