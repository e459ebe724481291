import type { Kysely } from "kysely";
import type { Clock } from "../clock";
import type { DB } from "#db/schema";
import type { PaymentService } from "../payments/payment-service";
import type { StartOptions } from "../payments/payment-provider";
import type { GiftRow, PaymentRow } from "../payments/payment-repository";
import type { GiftFormData } from "./gift-form";
import type { GiftType } from "./gift-types";
import { createGift, type NewGift } from "./gift-service";
import { PROVIDER_FOR_METHOD } from "../payments/payment-status";
import { normalisePersonnummer } from "../identity/personnummer";
import { checkRecipientMail, countRecipientMail, type RecipientCounter, type TypedAddress } from "../mail/recipient-limit";

export interface GiveGiftDeps {
  db: Kysely<DB>;
  clock: Clock;
  payments: PaymentService;
  /** E-mails to one address a visitor typed (core/mail/recipient-limit.ts). */
  recipientMail: RecipientCounter;
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
 * A donor gives: the gift (once per idempotency key, with its order) and its
 * first payment attempt are recorded in one transaction, then the provider is
 * asked. Every gift form's action and the JSON API come through here.
 */
export async function giveGift(
  deps: GiveGiftDeps,
  data: GiftFormData,
  extras: GiftExtras = {},
): Promise<{ gift: GiftRow; payment: PaymentRow }> {
  const provider = PROVIDER_FOR_METHOD[data.paymentMethod];
  const options: StartOptions = {
    ...(data.swishPayerAlias ? { payerAlias: data.swishPayerAlias } : {}),
    ...(data.personnummer ? { ssn: normalisePersonnummer(data.personnummer) ?? undefined } : {}),
  };
  const mailTo = recipientAddresses(extras);
  let firstAttempt: PaymentRow | undefined;
  const { gift, created } = await createGift(deps.db, deps.clock, {
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
    publicMention: data.publicMention,
    idempotencyKey: data.idempotencyKey,
    // A new gift only. Over a payment-start limit, or one e-mail too many to an address
    // typed here, the transaction is undone and nothing is stored (PaymentStartsLimitedError,
    // RecipientMailLimitedError); the e-mails are counted once per gift.
    storeWith: async (trx, row) => {
      await extras.storeWith?.(trx, row);
      await checkRecipientMail(deps.recipientMail, mailTo, trx);
      firstAttempt = await deps.payments.openFirstAttempt(trx, row, provider, options);
      await countRecipientMail(deps.recipientMail, mailTo, trx);
    },
  });
  // A retried submit of a recorded gift is answered with that gift and its open or paid
  // attempt; a new attempt, if it needs one, counts against the start limits again.
  if (!created || !firstAttempt) return { gift, payment: await deps.payments.startPayment(gift.id, provider, options) };
  return { gift, payment: await deps.payments.askProvider(gift, firstAttempt, options) };
}

/**
 * The recipients' addresses typed in a gift form: greeting cards, certificates
 * and memorial sheets by e-mail (a funeral parlour's address comes from the
 * death-notice source, not the visitor). The invoice to the donor's own
 * address is counted with the payment's start (core/payments/payment-start-limits.ts);
 * a receipt for a paid gift is not counted (core/mail/recipient-limit.ts).
 */
function recipientAddresses(extras: GiftExtras): TypedAddress[] {
  const addresses: TypedAddress[] = [];
  for (const item of extras.order?.items ?? []) {
    if (item.channel === "email" && item.recipient.email) addresses.push({ address: item.recipient.email, field: "recipientEmail" });
  }
  return addresses;
}
