import type { Kysely } from "kysely";
import type { DB } from "#db/schema";
import { failedDeliveries, type PostQueueEntry } from "#core/orders/fulfilment";
import { postWorkQueue } from "#core/orders/post-work";
import { storedSheetContent } from "#core/memorial/memorial-sheet";
import type { OrderItemRow } from "#core/orders/order-repository";
import { postalFormRecipient, type PostalFormQueueEntry } from "#core/postal-forms/postal-form-fulfilment";
import { ORDER_ITEM_KIND_LABELS } from "./order-item-labels";
import { POSTAL_FORM_LABELS } from "#core/postal-forms/postal-form-kinds";

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
    what: item.kind === "memorial_sheet" ? `${ORDER_ITEM_KIND_LABELS[item.kind]}: ${storedSheetContent(item.content).deceasedName}` : (ORDER_ITEM_KIND_LABELS[item.kind] ?? item.kind),
    channel: CHANNEL_LABELS[item.channel] ?? item.channel,
    to: [item.recipient_name, item.recipient_street, [item.recipient_postal_code, item.recipient_city].filter(Boolean).join(" ")].filter(Boolean).join(", "),
    email: item.recipient_email,
    dueDate: item.due_date,
  };
}

export function queueLine(entry: PostQueueEntry) {
  // An order item is paid for: it is posted, never struck.
  return { ...itemLine(entry.item), urgent: entry.urgent, late: entry.late, arrivesBy: entry.arrivesBy, cancellable: false };
}

/** A form ordered by post (core/postal-forms), as a line in the same table as the items. */
export function formQueueLine({ form, urgent, late, arrivesBy }: PostalFormQueueEntry): ReturnType<typeof queueLine> {
  return {
    reference: form.reference,
    what: POSTAL_FORM_LABELS[form.kind],
    channel: CHANNEL_LABELS.post!,
    to: postalFormRecipient(form),
    email: form.email,
    dueDate: form.expected_by,
    urgent,
    late,
    arrivesBy,
    // A form costs nothing: staff strike a prank or a mistaken order instead of posting it.
    cancellable: true,
  };
}

/** Items whose delivery failed, newest first, as lines of the failed table. */
async function failedItems(db: Kysely<DB>) {
  return (await failedDeliveries(db)).map(({ item, failedAt, error }) => ({ ...itemLine(item), failedAt, error }));
}

export async function fulfilmentView(db: Kysely<DB>, now: Date) {
  // Items and forms in one list by the date they must arrive: the order the batch PDF prints them in.
  const queue = (await postWorkQueue(db, now)).map((work) => (work.type === "item" ? queueLine(work.entry) : formQueueLine(work.entry)));
  return { queue, failed: await failedItems(db) };
}

/** The references a form sent (checkboxes named `ref`), trimmed and without repeats; at most 500. */
export function selectedReferences(form: FormData): string[] {
  return [...new Set(form.getAll("ref").map((v) => String(v).trim().toUpperCase()).filter((v) => /^[A-Z0-9-]{4,64}$/.test(v)))].slice(0, 500);
}
