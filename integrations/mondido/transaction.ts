import { z } from "zod";

/**
 * The part of Mondido's transaction object that we rely on. Other fields are
 * kept (loose) so nothing is lost when we store the raw payload for audit.
 *
 * *Unverified* against a live account: whether the customer reference arrives
 * as `customer.ref` or top-level `customer_ref` (we accept both), and whether
 * `amount` is a string or a number (we accept both and re-format for the hash).
 */
export const MONDIDO_STATUSES = ["pending", "approved", "authorized", "declined", "failed"] as const;
export type MondidoStatus = (typeof MONDIDO_STATUSES)[number];

export const mondidoTransactionSchema = z.looseObject({
  id: z.union([z.number(), z.string()]).transform(String),
  created_at: z.string().optional(),
  merchant_id: z.union([z.number(), z.string()]).transform(String),
  amount: z.union([z.string(), z.number()]),
  currency: z.string(),
  status: z.enum(MONDIDO_STATUSES),
  payment_ref: z.string(),
  customer_ref: z.string().optional(),
  customer: z.looseObject({ ref: z.string().nullish() }).nullish(),
  test: z.boolean().optional(),
  metadata: z.unknown().optional(),
  card_number: z.string().nullish(),
  card_type: z.string().nullish(),
  transaction_type: z.string().optional(),
});

export type MondidoTransaction = z.infer<typeof mondidoTransactionSchema>;

export function customerRefOf(tx: MondidoTransaction): string {
  return tx.customer?.ref ?? tx.customer_ref ?? "";
}
