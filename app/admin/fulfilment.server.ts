import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";
import { postQueue, type PostQueueEntry } from "../../core/orders/fulfilment";
import { storedSheetContent } from "../../core/memorial/memorial-sheet";
import type { OrderItemRow } from "../../core/orders/order-repository";

const KIND_LABELS: Record<string, string> = {
  memorial_sheet: "Minnesblad",
  greeting_card: "Gratulationskort",
  gift_card: "Gåvokort",
  gift_certificate: "Gåvobevis",
  diploma: "Diplom",
  article: "Artikel",
};

const CHANNEL_LABELS: Record<string, string> = {
  email: "E-post",
  post: "Post",
  download: "Nedladdning",
  funeral_parlour: "Begravningsbyrå",
};

/** What a line in the fulfilment tables shows of an item. */
function itemLine(item: OrderItemRow) {
  return {
    reference: item.reference,
    what: item.kind === "memorial_sheet" ? `${KIND_LABELS[item.kind]}: ${storedSheetContent(item.content).deceasedName}` : (KIND_LABELS[item.kind] ?? item.kind),
    channel: CHANNEL_LABELS[item.channel] ?? item.channel,
    to: [item.recipient_name, item.recipient_street, [item.recipient_postal_code, item.recipient_city].filter(Boolean).join(" ")].filter(Boolean).join(", "),
    email: item.recipient_email,
    dueDate: item.due_date,
  };
}

export function queueLine(entry: PostQueueEntry) {
  return { ...itemLine(entry.item), urgent: entry.urgent, late: entry.late, arrivesBy: entry.arrivesBy };
}

/** Items whose delivery failed (a bounced e-mail, a document that could not be made), newest first, with the last error. */
export async function failedItems(db: Kysely<DB>) {
  const items = await db.selectFrom("order_items").selectAll().where("status", "=", "failed").orderBy("updated_at", "desc").limit(200).execute();
  const lines = [];
  for (const item of items) {
    const event = await db
      .selectFrom("order_events")
      .select(["data", "created_at"])
      .where("order_item_id", "=", item.id)
      .where("to_status", "=", "failed")
      .orderBy("id", "desc")
      .executeTakeFirst();
    let error: string | null = null;
    try {
      const parsed = event?.data ? (JSON.parse(event.data) as { error?: unknown }) : null;
      error = typeof parsed?.error === "string" ? parsed.error : null;
    } catch {
      error = null;
    }
    lines.push({ ...itemLine(item), failedAt: event?.created_at ?? item.updated_at, error });
  }
  return lines;
}

export async function fulfilmentView(db: Kysely<DB>, now: Date) {
  const queue = await postQueue(db, now);
  return { queue: queue.map(queueLine), failed: await failedItems(db) };
}

/** The references a form sent (checkboxes named `ref`), trimmed and without repeats; at most 500. */
export function selectedReferences(form: FormData): string[] {
  return [...new Set(form.getAll("ref").map((v) => String(v).trim().toUpperCase()).filter((v) => /^[A-Z0-9-]{4,64}$/.test(v)))].slice(0, 500);
}
