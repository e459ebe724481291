import type { Kysely, Transaction } from "kysely";
import { z } from "zod";
import type { DB } from "#db/schema";
import type { Clock } from "../clock";
import type { Mailer } from "../mail/mailer";
import type { SiteConfig } from "../site/site-config";
import type { DocumentRenderer } from "../documents/document-renderer";
import { enqueueJob } from "../jobs/job-queue";
import type { JobAttempt } from "../jobs/job-runner";
import { findGift, type GiftRow } from "../payments/payment-repository";
import { memorialSheetMail, sheetGoesByEmail, type SheetMail } from "../memorial/sheet-delivery";
import { giftDocumentMail } from "../gift-documents/gift-document-order";
import { greetingCardMail } from "../cards/greeting-card-order";
import { cardCatalogue, type CardCatalogue } from "../cards/card-catalogue";
import { DOCUMENT_CONTENT_TYPES } from "../documents/document-renderer";
import { findOrderItem, type OrderItemRow } from "./order-repository";
import { transitionOrderItem } from "./order-transitions";
import type { OrderItemKind, OrderTransitionSource } from "./order-status";

type Executor = Kysely<DB> | Transaction<DB>;

/**
 * E-mail delivery of an order's documents. When a gift is paid its items
 * become `ready` in that transaction, which also queues one
 * `deliver-order-item` job per item that goes by e-mail; the job renders the
 * document as PDF, sends it to the recipient and marks the item `sent`
 * (source "delivery"). The job retries with the queue's back-off; after its
 * last attempt the item is `failed` with the error in the event's data, and
 * staff can send it again (`resendOrderItem`). Items that go by post stay
 * `ready` in the fulfilment queue for staff (scripts/fulfilment.ts).
 */
export const DELIVER_ORDER_ITEM_JOB = "deliver-order-item";

/** What each kind of item e-mails. A kind without an entry is never queued. */
type MailContext = { publicUrl: string; cards: CardCatalogue };
const EMAIL_DELIVERIES: Partial<Record<OrderItemKind, (item: OrderItemRow, gift: GiftRow, site: SiteConfig, context: MailContext) => SheetMail>> = {
  memorial_sheet: memorialSheetMail,
  gift_certificate: giftDocumentMail,
  diploma: giftDocumentMail,
  // A gift card is downloaded by the donor; only a list order's gift cards go by e-mail.
  gift_card: giftDocumentMail,
  // A digital greeting card goes as an image with a link to its page, at the moment the donor chose (the job's run-at).
  greeting_card: (item, gift, site, context) => greetingCardMail(item, gift, site, context.cards, context.publicUrl),
};

export function deliversByEmail(item: Pick<OrderItemRow, "kind" | "channel" | "recipient_email">): boolean {
  return EMAIL_DELIVERIES[item.kind] !== undefined && sheetGoesByEmail(item);
}

/**
 * Queues the e-mail delivery of items that have just become ready, in the
 * transaction that made them ready. The dedupe key counts the item's moves to
 * `ready`: a repeated call queues nothing twice, and an item sent again after
 * a failure gets a job of its own.
 */
export async function queueEmailDeliveries(trx: Executor, clock: Clock, items: readonly OrderItemRow[]): Promise<void> {
  for (const item of items) {
    if (item.status !== "ready" || !deliversByEmail(item)) continue;
    const { count } = await trx
      .selectFrom("order_events")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("order_item_id", "=", item.id)
      .where("to_status", "=", "ready")
      .executeTakeFirstOrThrow();
    const sendAt = item.send_at && new Date(item.send_at) > clock.now() ? new Date(item.send_at) : undefined;
    await enqueueJob(trx, clock, {
      type: DELIVER_ORDER_ITEM_JOB,
      payload: { itemId: item.id },
      dedupeKey: `deliver-order-item:${item.id}:${Number(count)}`,
      ...(sendAt ? { runAt: sendAt } : {}),
    });
  }
}

export interface DeliveryDeps {
  db: Kysely<DB>;
  clock: Clock;
  mailer: Mailer;
  site: SiteConfig;
  documents: DocumentRenderer;
  /** The site's address, for links in the e-mail (a greeting card's page). */
  publicUrl?: string;
  /** The greeting-card catalogue; the one in content/cards unless given. */
  cards?: CardCatalogue;
}

const payloadSchema = z.object({ itemId: z.string().min(1) });

export async function giftOfOrderItem(db: Executor, item: Pick<OrderItemRow, "order_id">): Promise<GiftRow> {
  const order = await db.selectFrom("orders").select("gift_id").where("id", "=", item.order_id).executeTakeFirstOrThrow();
  const gift = await findGift(db, order.gift_id);
  if (!gift) throw new Error(`Order ${item.order_id} has no gift`);
  return gift;
}

/** The job: sends a ready item once. An item no longer ready (sent, cancelled by a refund) is left alone. */
export async function deliverOrderItem(deps: DeliveryDeps, payload: unknown, attempt: JobAttempt): Promise<void> {
  const { itemId } = payloadSchema.parse(payload);
  const item = await findOrderItem(deps.db, itemId);
  if (!item) throw new Error(`Delivery of unknown order item ${itemId}`);
  if (item.status !== "ready" || !deliversByEmail(item)) return;
  try {
    const gift = await giftOfOrderItem(deps.db, item);
    const context: MailContext = { publicUrl: deps.publicUrl ?? "", cards: deps.cards ?? cardCatalogue() };
    const mail = (EMAIL_DELIVERIES[item.kind] as NonNullable<(typeof EMAIL_DELIVERIES)[OrderItemKind]>)(item, gift, deps.site, context);
    const format = mail.format ?? "pdf";
    const file = await deps.documents.render(mail.document, format);
    await deps.mailer.send({
      to: item.recipient_email as string,
      subject: mail.subject,
      text: mail.text,
      attachments: [{ filename: mail.filename, content: file, contentType: DOCUMENT_CONTENT_TYPES[format] }],
    });
    await transitionOrderItem(deps.db, deps.clock, { itemId, to: "sent", source: "delivery", data: { by: "email", attempt: attempt.attempt } });
  } catch (error) {
    if (attempt.lastAttempt) {
      const message = error instanceof Error ? error.message : String(error);
      await transitionOrderItem(deps.db, deps.clock, { itemId, to: "failed", source: "delivery", data: { error: message.slice(0, 500), attempts: attempt.attempt } });
    }
    throw error;
  }
}

/** A failed item made ready again; one that goes by e-mail gets a new delivery job in the same transaction. */
export async function resendOrderItem(db: Kysely<DB>, clock: Clock, itemId: string, source: OrderTransitionSource): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const { changed, item } = await transitionOrderItem(trx, clock, { itemId, to: "ready", source, data: { reason: "sent again" } });
    if (changed) await queueEmailDeliveries(trx, clock, [item]);
    return changed;
  });
}
