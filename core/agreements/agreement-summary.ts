import type { Kysely } from "kysely";
import type { DB } from "#db/schema";
import type { AgreementKind, AgreementMethod, AgreementStatus } from "./agreement-status";
import { findMemberOfDonor } from "../membership/membership-service";

/**
 * What the page after signing up shows of an agreement, found by its random
 * id alone (the page's address): the terms, how it is paid, and for a
 * membership renewed every year how long the membership is paid for. The
 * whole account and card numbers stay here; the page shows their last digits.
 */
export interface AgreementSummary {
  kind: AgreementKind;
  method: AgreementMethod;
  status: AgreementStatus;
  amountOre: number;
  debitDay: number;
  nextDebitOn: string | null;
  bankName: string | null;
  account: string | null;
  maskedCardNumber: string | null;
  /** A membership's last paid day; null for a monthly gift. */
  memberPaidUntil: string | null;
}

export async function agreementSummary(db: Kysely<DB>, agreementId: string): Promise<AgreementSummary | null> {
  const row = await db
    .selectFrom("agreements")
    .leftJoin("mandates", "mandates.id", "agreements.mandate_id")
    .leftJoin("stored_cards", "stored_cards.id", "agreements.card_subscription_ref")
    .select([
      "agreements.amount_ore",
      "agreements.debit_day",
      "agreements.status",
      "agreements.next_debit_on",
      "agreements.method",
      "agreements.kind",
      "agreements.donor_id",
      "mandates.bank_name",
      "mandates.account",
      "stored_cards.masked_number",
    ])
    .where("agreements.id", "=", agreementId)
    .executeTakeFirst();
  if (!row) return null;
  // An erased donor's agreement has no donor, and so no membership to show.
  const member = row.kind === "membership" && row.donor_id ? await findMemberOfDonor(db, row.donor_id) : undefined;
  return {
    kind: row.kind,
    method: row.method,
    status: row.status,
    amountOre: row.amount_ore,
    debitDay: row.debit_day,
    nextDebitOn: row.next_debit_on,
    bankName: row.bank_name,
    account: row.account,
    maskedCardNumber: row.masked_number,
    memberPaidUntil: member?.paid_until ?? null,
  };
}
