import type { Kysely } from "kysely";
import type { DB } from "#db/schema";
import type { Clock } from "#core/clock";
import { silentLogger } from "#core/logger";
import { createGift } from "#core/gifts/gift-service";
import { transitionPayment } from "#core/payments/payment-transitions";
import { productPaymentOutcomes } from "#core/product-payment-outcomes";
import type { GiftRow } from "#core/payments/payment-repository";
import { findOrderForGift, orderItems, type OrderItemRow } from "#core/orders/order-repository";
import type { OrderChannel } from "#core/orders/order-status";
import type { MemorialSheetDesign } from "#core/memorial/sheet-designs";

/**
 * A memorial gift for tests, stored as giveMemorialGift stores one (a gift
 * with an order of one memorial sheet) and, unless `paid: false`, paid by an
 * invoice booked through the one payment transition – so its sheet is ready
 * and its jobs queued exactly as in production.
 */
export async function testMemorialGift(
  db: Kysely<DB>,
  clock: Clock,
  options: {
    channel?: OrderChannel;
    recipientEmail?: string | null;
    dueDate?: string | null;
    showAmount?: boolean;
    design?: MemorialSheetDesign;
    key?: string;
    paid?: boolean;
  } = {},
): Promise<{ gift: GiftRow; item: OrderItemRow; paymentId: string }> {
  const channel = options.channel ?? "email";
  const key = options.key ?? `memorial-${Math.random().toString(36).slice(2)}`;
  const { gift } = await createGift(db, clock, {
    giftType: "memorial",
    amountOre: 50_000,
    donorName: "Astrid Exempel",
    donorEmail: "astrid@exempel.se",
    donorPersonnummer: null,
    newsletterConsent: false,
    idempotencyKey: key,
    order: {
      kind: "single_order",
      items: [
        {
          kind: "memorial_sheet",
          design: options.design ?? "duva",
          content: {
            deceasedName: "Märta Öberg",
            birthYear: 1938,
            dateOfDeath: "2026-11-14",
            greeting: "Tack för allt du gav oss.\nVila i frid.",
            signature: "Åsa och Örjan",
            showAmount: options.showAmount ?? false,
          },
          recipient: {
            name: channel === "funeral_parlour" ? "Fonus Exempelstad" : "Familjen Öberg",
            email: options.recipientEmail !== undefined ? options.recipientEmail : channel === "post" ? null : "familjen@exempel.se",
            address: { street: "Storgatan 1", postalCode: "111 22", city: "Exempelstad" },
          },
          channel,
          dueDate: options.dueDate === undefined ? "2026-11-27" : options.dueDate,
        },
      ],
    },
  });
  const paymentId = `pay-${key}`;
  const now = clock.now().toISOString();
  await db
    .insertInto("payments")
        // An invoice, so that a running server's reconciliation (which asks card and Swish providers) leaves an unpaid one alone.
    .values({ id: paymentId, gift_id: gift.id, method: "invoice", provider: "Invoice", provider_reference: paymentId, status: "pending", amount_ore: 50_000,
      payer_alias: null, client_token: null, client_url: null, error_code: null, last_checked_at: null, created_at: now, updated_at: now, paid_at: null, expires_at: now })
    .execute();
  if (options.paid !== false) await transitionPayment({ db, clock, logger: silentLogger, outcomes: productPaymentOutcomes }, { paymentId, to: "paid", source: "import" });
  const order = await findOrderForGift(db, gift.id);
  const [item] = await orderItems(db, order!.id);
  const fresh = await db.selectFrom("gifts").selectAll().where("id", "=", gift.id).executeTakeFirstOrThrow();
  return { gift: fresh, item: item!, paymentId };
}
