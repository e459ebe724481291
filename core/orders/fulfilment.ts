import type { Kysely, Transaction } from "kysely";
import type { DB } from "#db/schema";
import type { Clock } from "../clock";
import type { DocumentRequest, PostBatchEntry, PostedDocument } from "../documents/document-renderer";
import type { SiteConfig } from "../site/site-config";
import { giftDocumentRequest } from "../gift-documents/gift-document-order";
import { articleLetter, storedArticle } from "../gift-documents/register-article";
import { addWorkingDays, daysBetween, swedishDate, type IsoDate } from "../calendar/swedish-calendar";
import { POST_DELIVERY_WORKING_DAYS } from "../memorial/delivery-date";
import { memorialSheetForItem, storedSheetContent } from "../memorial/memorial-sheet";
import { deliversByEmail, giftOfOrderItem, resendOrderItem } from "./order-delivery";
import { findOrderItemByReference, fulfilmentQueue, orderItems, type OrderItemRow } from "./order-repository";
import { transitionOrderItem } from "./order-transitions";

/**
 * The fulfilment team's work until the back office exists
 * (`npm run fulfilment -- list | pdf --out FILE | sent REF… | resend REF…`):
 * the ready items staff print and post, by the date they must arrive, the
 * urgent ones marked; one print-ready PDF of them; and marking them sent.
 * Items that go by e-mail are the delivery job's, never listed here.
 */
export interface PostQueueEntry {
  item: OrderItemRow;
  /** The day it arrives if posted today (or the next working day). */
  arrivesBy: IsoDate;
  /** Posted today it arrives on its due date or the day before: post it first. */
  urgent: boolean;
  /** Posted today it still arrives after its due date. */
  late: boolean;
}

/** The day a letter arrives if posted today (or, on a day without post, the next working day). */
export function arrivesIfPostedToday(now: Date): IsoDate {
  return addWorkingDays(addWorkingDays(swedishDate(now), 0), POST_DELIVERY_WORKING_DAYS);
}

/** Posted today, does it arrive by its due date with a day to spare (`urgent` when not), or after it (`late`)? */
export function postingUrgency(arrivesBy: IsoDate, dueDate: IsoDate | null): { urgent: boolean; late: boolean } {
  const margin = dueDate ? daysBetween(arrivesBy, dueDate) : null;
  return { urgent: margin !== null && margin <= 1, late: margin !== null && margin < 0 };
}

export async function postQueue(db: Kysely<DB>, now: Date): Promise<PostQueueEntry[]> {
  const arrivesBy = arrivesIfPostedToday(now);
  return (await fulfilmentQueue(db))
    .filter((item) => !deliversByEmail(item))
    .map((item) => ({ item, arrivesBy, ...postingUrgency(arrivesBy, item.due_date) }));
}

/** The queue as staff read it in a terminal, one item per line. */
export function formatPostQueue(entries: readonly PostQueueEntry[]): string {
  if (entries.length === 0) return "Nothing to post: no ready items go by post.";
  const lines = entries.map(({ item, urgent, late }) => {
    const mark = late ? "LATE   " : urgent ? "URGENT " : "       ";
    const what = item.kind === "memorial_sheet" ? `minnesblad: ${storedSheetContent(item.content).deceasedName}` : item.kind;
    const to = [item.recipient_name, item.recipient_street, [item.recipient_postal_code, item.recipient_city].filter(Boolean).join(" ")].filter(Boolean).join(", ");
    return `${mark}${item.due_date ?? "no date".padEnd(10)}  ${item.reference}  ${what}  →  ${to}`;
  });
  const urgent = entries.filter((e) => e.urgent).length;
  return [
    `${entries.length} to post${urgent ? `, ${urgent} urgent` : ""} (arriving by ${entries[0]!.arrivesBy} if posted today):`,
    "",
    "        due         reference                   what  →  to",
    ...lines,
  ].join("\n");
}

/** What goes into the envelope, for staff, by item kind. */
const ENCLOSURES: Readonly<Record<Exclude<OrderItemRow["kind"], "article" | "greeting_card">, string>> = {
  memorial_sheet: "Minnesblad",
  gift_card: "Gåvokort",
  gift_certificate: "Gåvobevis",
  diploma: "Diplom",
};

function postedDocument(request: DocumentRequest): PostedDocument {
  if (request.kind === "memorial-sheet" || request.kind === "gift-card" || request.kind === "gift-certificate" || request.kind === "diploma") return request;
  throw new Error(`A ${request.kind} cannot go in the post batch`);
}

/** The printed document of an order item that has one (a memorial sheet, a gift card, certificate or diploma), dated and priced by its gift. */
async function itemDocument(db: Kysely<DB>, item: OrderItemRow): Promise<PostedDocument> {
  const gift = await giftOfOrderItem(db, item);
  if (item.kind === "memorial_sheet") return postedDocument(memorialSheetForItem(item, gift.amount_ore));
  return postedDocument(giftDocumentRequest(item, gift));
}

/**
 * One envelope of the day's post for a ready item: its address page, then its
 * document. An article's address page is its covering letter; an extra
 * printed copy ("extra-exemplar") brings that many copies of its order's
 * document with it.
 */
export async function postBatchEntry(db: Kysely<DB>, site: SiteConfig, { item, urgent }: Pick<PostQueueEntry, "item" | "urgent">): Promise<PostBatchEntry> {
  const envelope = {
    reference: item.reference,
    dueDate: item.due_date,
    urgent,
    address: { name: item.recipient_name, street: item.recipient_street, postalCode: item.recipient_postal_code, city: item.recipient_city },
  };
  if (item.kind === "article") {
    const article = storedArticle(item.content);
    const documents: PostedDocument[] = [];
    if (article.articleCode === "extra-exemplar") {
      const original = (await orderItems(db, item.order_id)).find((other) => other.kind !== "article" && other.kind !== "greeting_card");
      if (original) {
        const copy = await itemDocument(db, original);
        for (let i = 0; i < article.quantity; i++) documents.push(copy);
      }
    }
    return { ...envelope, enclosure: `${article.articleName} × ${article.quantity}`, letter: articleLetter(item.recipient_name, article, site), documents };
  }
  if (item.kind === "greeting_card") throw new Error(`Order item ${item.reference} is a greeting card, which is never posted`);
  return { ...envelope, enclosure: ENCLOSURES[item.kind], letter: null, documents: [await itemDocument(db, item)] };
}

/** Refused references: nothing was changed. */
export class FulfilmentRefusal extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join("\n"));
    this.name = "FulfilmentRefusal";
  }
}

async function itemsFor(db: Kysely<DB>, references: readonly string[], expected: OrderItemRow["status"], verb: string): Promise<OrderItemRow[]> {
  if (references.length === 0) throw new FulfilmentRefusal(["Give at least one item reference."]);
  const problems: string[] = [];
  const items: OrderItemRow[] = [];
  for (const reference of new Set(references.map((r) => r.trim().toUpperCase()))) {
    const item = await findOrderItemByReference(db, reference);
    if (!item) problems.push(`${reference}: no such order item.`);
    else if (item.status !== expected) problems.push(`${reference}: is ${item.status}, only ${expected} items can be ${verb}.`);
    else items.push(item);
  }
  if (problems.length > 0) throw new FulfilmentRefusal(problems);
  return items;
}

/** The ready items with these references; a FulfilmentRefusal naming every unknown or not-ready one otherwise. */
export async function readyItemsToPost(db: Kysely<DB>, references: readonly string[]): Promise<OrderItemRow[]> {
  return itemsFor(db, references, "ready", "marked sent");
}

/** Marks ready items sent (source "staff") inside the caller's transaction; one that changed meanwhile refuses the whole transaction. */
export async function markItemsPosted(trx: Transaction<DB>, clock: Clock, items: readonly OrderItemRow[], by: string): Promise<OrderItemRow[]> {
  const sent: OrderItemRow[] = [];
  for (const item of items) {
    const moved = await transitionOrderItem(trx, clock, { itemId: item.id, to: "sent", source: "staff", data: { by, via: "post" } });
    if (!moved.changed) throw new FulfilmentRefusal([`${item.reference}: changed while marking it (now ${moved.item.status}); nothing was marked.`]);
    sent.push(moved.item);
  }
  return sent;
}

/** Marks posted items sent (source "staff"). All references must be ready items, or nothing changes. */
export async function markPosted(db: Kysely<DB>, clock: Clock, references: readonly string[], by: string): Promise<OrderItemRow[]> {
  const items = await readyItemsToPost(db, references);
  return db.transaction().execute((trx) => markItemsPosted(trx, clock, items, by));
}

export interface FailedDelivery {
  item: OrderItemRow;
  /** When it failed (the item's last change when no failure was recorded). */
  failedAt: string;
  /** The error the failure recorded, if it recorded one. */
  error: string | null;
}

/** Items whose delivery failed (a bounced e-mail, a document that could not be made), newest first, with the last error; at most 200. */
export async function failedDeliveries(db: Kysely<DB>): Promise<FailedDelivery[]> {
  const items = await db.selectFrom("order_items").selectAll().where("status", "=", "failed").orderBy("updated_at", "desc").limit(200).execute();
  const failed: FailedDelivery[] = [];
  for (const item of items) {
    const event = await db
      .selectFrom("order_events")
      .select(["data", "created_at"])
      .where("order_item_id", "=", item.id)
      .where("to_status", "=", "failed")
      .orderBy("id", "desc")
      .executeTakeFirst();
    failed.push({ item, failedAt: event?.created_at ?? item.updated_at, error: recordedError(event?.data ?? null) });
  }
  return failed;
}

function recordedError(data: string | null): string | null {
  try {
    const parsed = data ? (JSON.parse(data) as { error?: unknown }) : null;
    return typeof parsed?.error === "string" ? parsed.error : null;
  } catch {
    return null;
  }
}

/** Makes failed items ready again; those that go by e-mail are queued for the delivery job at once. */
export async function resendFailed(db: Kysely<DB>, clock: Clock, references: readonly string[]): Promise<OrderItemRow[]> {
  const items = await itemsFor(db, references, "failed", "sent again");
  for (const item of items) await resendOrderItem(db, clock, item.id, "staff");
  return items;
}
