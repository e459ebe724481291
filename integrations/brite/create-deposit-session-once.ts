import type { BriteClient, BriteSession, DepositSession, DepositSessionParams } from "./client";

/**
 * Brite's session.create_deposit is not idempotent: a retry after a timeout
 * could open a second session for the same gift. Our merchant reference is
 * the payment attempt's id, so looking it up first makes retries safe.
 * (A concurrent double submit is prevented by the caller's row lock on the
 * payment attempt, not here.)
 */
export type CreateOnceResult = { created: true; session: DepositSession } | { created: false; session: BriteSession };

export async function createDepositSessionOnce(
  client: BriteClient,
  merchantReference: string,
  params: Omit<DepositSessionParams, "merchantReference">,
): Promise<CreateOnceResult> {
  const existing = await client.getSessionByMerchantReference(merchantReference);
  if (existing) return { created: false, session: existing };
  return { created: true, session: await client.createDepositSession({ ...params, merchantReference }) };
}
