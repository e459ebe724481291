import type { Kysely } from "kysely";
import type { Clock } from "../clock";
import type { DB } from "../../db/schema";
import type { PaymentService } from "../payments/payment-service";
import type { GiftRow, PaymentRow } from "../payments/payment-repository";
import type { GiftFormData } from "./gift-form";
import type { GiftType } from "./gift-types";
import { createGift } from "./gift-service";
import { PROVIDER_FOR_METHOD } from "../payments/payment-status";
import { normalisePersonnummer } from "../identity/personnummer";

export interface GiveGiftDeps {
  db: Kysely<DB>;
  clock: Clock;
  payments: PaymentService;
}

/**
 * A donor gives: the gift is recorded (once per idempotency key) and its first
 * payment attempt committed, then the provider is asked. The page action and
 * the JSON API both come through here.
 */
export async function giveGift(
  deps: GiveGiftDeps,
  data: GiftFormData,
  giftType: GiftType = "one_off",
  who: { donorId?: string | null } = {},
): Promise<{ gift: GiftRow; payment: PaymentRow }> {
  const { gift } = await createGift(deps.db, deps.clock, {
    giftType,
    amountOre: data.amountOre,
    donorName: data.name,
    donorEmail: data.email,
    donorPersonnummer: data.personnummer,
    donorId: who.donorId ?? null,
    newsletterConsent: data.newsletter,
    address: data.address,
    idempotencyKey: data.idempotencyKey,
  });
  const payment = await deps.payments.startPayment(gift.id, PROVIDER_FOR_METHOD[data.paymentMethod], {
    ...(data.swishPayerAlias ? { payerAlias: data.swishPayerAlias } : {}),
    ...(data.personnummer ? { ssn: normalisePersonnummer(data.personnummer) ?? undefined } : {}),
  });
  return { gift, payment };
}
