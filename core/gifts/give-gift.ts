import type { Kysely } from "kysely";
import type { Clock } from "../clock";
import type { DB } from "#db/schema";
import type { PaymentService } from "../payments/payment-service";
import type { GiftRow, PaymentRow } from "../payments/payment-repository";
import type { GiftFormData } from "./gift-form";
import type { GiftType } from "./gift-types";
import { createGift, type NewGift } from "./gift-service";
import { PROVIDER_FOR_METHOD } from "../payments/payment-status";
import { normalisePersonnummer } from "../identity/personnummer";

export interface GiveGiftDeps {
  db: Kysely<DB>;
  clock: Clock;
  payments: PaymentService;
}

/** What a gift type adds to the shared gift fields: its type, and what it asks us to produce. */
export interface GiftExtras {
  giftType?: GiftType;
  /** The donor logged in with BankID, when they are. */
  donorId?: string | null;
  memorialId?: string | null;
  order?: NewGift["order"];
  storeWith?: NewGift["storeWith"];
}

/**
 * A donor gives: the gift is recorded (once per idempotency key, with its
 * order) and its first payment attempt committed, then the provider is asked.
 * Every gift form's action and the JSON API come through here.
 */
export async function giveGift(
  deps: GiveGiftDeps,
  data: GiftFormData,
  extras: GiftExtras = {},
): Promise<{ gift: GiftRow; payment: PaymentRow }> {
  // Over a payment-start limit: refused before anything is stored (PaymentStartsLimitedError).
  await deps.payments.checkStartAllowed(data.swishPayerAlias);
  const { gift } = await createGift(deps.db, deps.clock, {
    giftType: extras.giftType ?? "one_off",
    amountOre: data.amountOre,
    donorName: data.name,
    donorEmail: data.email,
    donorPersonnummer: data.personnummer,
    donorId: extras.donorId ?? null,
    memorialId: extras.memorialId ?? null,
    order: extras.order ?? null,
    newsletterConsent: data.newsletter,
    address: data.address,
    idempotencyKey: data.idempotencyKey,
    ...(extras.storeWith ? { storeWith: extras.storeWith } : {}),
  });
  const payment = await deps.payments.startPayment(gift.id, PROVIDER_FOR_METHOD[data.paymentMethod], {
    ...(data.swishPayerAlias ? { payerAlias: data.swishPayerAlias } : {}),
    ...(data.personnummer ? { ssn: normalisePersonnummer(data.personnummer) ?? undefined } : {}),
  });
  return { gift, payment };
}
