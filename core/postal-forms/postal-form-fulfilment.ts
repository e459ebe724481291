import type { Kysely } from "kysely";
import type { DB } from "#db/schema";
import type { Clock } from "../clock";
import type { IsoDate } from "../calendar/swedish-calendar";
import type { PostBatchEntry } from "../documents/document-renderer";
import type { SiteConfig } from "../site/site-config";
import type { OrderItemRow } from "../orders/order-repository";
import {
  arrivesIfPostedToday,
  FulfilmentRefusal,
  markItemsPosted,
  postingUrgency,
  readyItemsToPost,
} from "../orders/fulfilment";
import { POSTAL_FORM_LABELS } from "./postal-form-kinds";
import { postalFormLetter } from "./postal-form-letter";
import { isPostalFormReference } from "./postal-form-reference";
import { findPostalFormsByReference, markPostalFormCancelled, markPostalFormSent, readyPostalForms, type PostalFormRow } from "./postal-form-repository";

/**
 * Forms ordered by post in the fulfilment team's work (decision 0023): they
 * are listed beside the order items (the back office's Utskick and
 * `npm run fulfilment`), printed as an address page with a covering letter
 * in the same post batch PDF, and marked sent in the same step and the same
 * transaction as the items – all of the chosen, or nothing.
 */
export interface PostalFormQueueEntry {
  form: PostalFormRow;
  /** The day it arrives if posted today (or the next working day). */
  arrivesBy: IsoDate;
  /** Posted today it arrives on the day promised or the day before: post it first. */
  urgent: boolean;
  /** Posted today it still arrives after the day promised. */
  late: boolean;
}

export async function postalFormQueue(db: Kysely<DB>, now: Date): Promise<PostalFormQueueEntry[]> {
  const arrivesBy = arrivesIfPostedToday(now);
  return (await readyPostalForms(db)).map((form) => ({ form, arrivesBy, ...postingUrgency(arrivesBy, form.expected_by) }));
}

/** "Storgatan 1, 111 22 Västerås" with the name first, as the queue shows a recipient. */
export function postalFormRecipient(form: Pick<PostalFormRow, "name" | "street" | "postal_code" | "city">): string {
  return `${form.name}, ${form.street}, ${form.postal_code} ${form.city}`;
}

/** The forms as staff read them in a terminal, one per line (after `formatPostQueue`'s items). */
export function formatPostalFormQueue(entries: readonly PostalFormQueueEntry[]): string {
  if (entries.length === 0) return "No forms to post.";
  return [
    `${entries.length} form${entries.length === 1 ? "" : "s"} to post (a form from stock, with its address page):`,
    "",
    ...entries.map(({ form, urgent, late }) => {
      const mark = late ? "LATE   " : urgent ? "URGENT " : "       ";
      return `${mark}${form.expected_by}  ${form.reference}  ${POSTAL_FORM_LABELS[form.kind]}  →  ${postalFormRecipient(form)}`;
    }),
  ].join("\n");
}

/** A form's envelope in the post batch: its address page is the covering letter; the form itself comes from stock. */
export function postalFormBatchEntry({ form, urgent }: Pick<PostalFormQueueEntry, "form" | "urgent">, site: SiteConfig): PostBatchEntry {
  return {
    reference: form.reference,
    dueDate: form.expected_by,
    urgent,
    address: { name: form.name, street: form.street, postalCode: form.postal_code, city: form.city },
    enclosure: POSTAL_FORM_LABELS[form.kind],
    letter: postalFormLetter(form, site),
    documents: [],
  };
}

export interface PostedWork {
  items: OrderItemRow[];
  forms: PostalFormRow[];
}

/**
 * Marks posted order items and forms sent. Every reference must be a ready
 * item or a ready form request, or nothing changes (a FulfilmentRefusal
 * names each problem); then all of them change in one transaction.
 */
export async function markPostedWithForms(db: Kysely<DB>, clock: Clock, references: readonly string[], by: string): Promise<PostedWork> {
  const wanted = [...new Set(references.map((r) => r.trim().toUpperCase()))].filter(Boolean);
  if (wanted.length === 0) throw new FulfilmentRefusal(["Give at least one item reference."]);
  const formReferences = wanted.filter(isPostalFormReference);
  const itemReferences = wanted.filter((r) => !isPostalFormReference(r));
  const problems: string[] = [];
  let items: OrderItemRow[] = [];
  if (itemReferences.length > 0) {
    try {
      items = await readyItemsToPost(db, itemReferences);
    } catch (error) {
      if (!(error instanceof FulfilmentRefusal)) throw error;
      problems.push(...error.problems);
    }
  }
  const found = await findPostalFormsByReference(db, formReferences);
  const forms: PostalFormRow[] = [];
  for (const reference of formReferences) {
    const form = found.find((f) => f.reference === reference);
    if (!form) problems.push(`${reference}: no such form request.`);
    else if (form.status !== "ready") problems.push(`${reference}: is ${form.status}, only ready requests can be marked sent.`);
    else forms.push(form);
  }
  if (problems.length > 0) throw new FulfilmentRefusal(problems);
  return db.transaction().execute(async (trx) => {
    const sentItems = await markItemsPosted(trx, clock, items, by);
    const at = clock.now().toISOString();
    const sentForms: PostalFormRow[] = [];
    for (const form of forms) {
      if (!(await markPostalFormSent(trx, form.id, at, by))) throw new FulfilmentRefusal([`${form.reference}: changed while marking it; nothing was marked.`]);
      sentForms.push({ ...form, status: "sent", sent_at: at, sent_by: by, updated_at: at });
    }
    return { items: sentItems, forms: sentForms };
  });
}

/**
 * Strikes forms ordered by post that should not be posted: a prank, or an
 * order by mistake. Only ready form requests (`BL-…`) can be struck – an
 * order item is something paid for and is never dropped here. Every
 * reference must be one, or nothing changes (a FulfilmentRefusal names each
 * problem); then all of them change in one transaction. A struck request
 * leaves the queue and no longer counts towards its address's limit.
 */
export async function cancelPostalForms(db: Kysely<DB>, clock: Clock, references: readonly string[], by: string): Promise<PostalFormRow[]> {
  const wanted = [...new Set(references.map((r) => r.trim().toUpperCase()))].filter(Boolean);
  if (wanted.length === 0) throw new FulfilmentRefusal(["Give at least one form reference (BL-…)."]);
  const found = await findPostalFormsByReference(db, wanted.filter(isPostalFormReference));
  const problems: string[] = [];
  const forms: PostalFormRow[] = [];
  for (const reference of wanted) {
    const form = found.find((f) => f.reference === reference);
    if (!isPostalFormReference(reference)) problems.push(`${reference}: not a form ordered by post; only those (BL-…) can be struck.`);
    else if (!form) problems.push(`${reference}: no such form request.`);
    else if (form.status !== "ready") problems.push(`${reference}: is ${form.status}, only ready requests can be struck.`);
    else forms.push(form);
  }
  if (problems.length > 0) throw new FulfilmentRefusal(problems);
  return db.transaction().execute(async (trx) => {
    const at = clock.now().toISOString();
    const struck: PostalFormRow[] = [];
    for (const form of forms) {
      if (!(await markPostalFormCancelled(trx, form.id, at, by))) throw new FulfilmentRefusal([`${form.reference}: changed while striking it; nothing was struck.`]);
      struck.push({ ...form, status: "cancelled", cancelled_at: at, cancelled_by: by, updated_at: at });
    }
    return struck;
  });
}
