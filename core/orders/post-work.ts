import type { Kysely } from "kysely";
import type { DB } from "#db/schema";
import type { DocumentRequest, PostBatchEntry } from "../documents/document-renderer";
import type { SiteConfig } from "../site/site-config";
import { postBatchEntry, postQueue, type PostQueueEntry } from "./fulfilment";
import { postalFormBatchEntry, postalFormQueue, type PostalFormQueueEntry } from "../postal-forms/postal-form-fulfilment";

/**
 * Everything staff post, in one queue: the ready order items that go by post
 * (memorial sheets, gift cards, certificates and diplomas – a list order's
 * too – and articles) and the paper forms ordered by post (decision 0023),
 * by the day they must arrive (those without a day last; items before forms
 * on the same day, each in its own queue's order). The back office's list,
 * its batch PDF and `npm run fulfilment -- pdf` all read this one order.
 */
export type PostWork = { type: "item"; entry: PostQueueEntry } | { type: "form"; entry: PostalFormQueueEntry };

export function postWorkReference(work: PostWork): string {
  return work.type === "item" ? work.entry.item.reference : work.entry.form.reference;
}

function dueDateOf(work: PostWork): string | null {
  return work.type === "item" ? work.entry.item.due_date : work.entry.form.expected_by;
}

export async function postWorkQueue(db: Kysely<DB>, now: Date): Promise<PostWork[]> {
  const work: PostWork[] = [
    ...(await postQueue(db, now)).map((entry) => ({ type: "item" as const, entry })),
    ...(await postalFormQueue(db, now)).map((entry) => ({ type: "form" as const, entry })),
  ];
  // Array.prototype.sort is stable: equal days keep the order above.
  return work.sort((a, b) => {
    const x = dueDateOf(a);
    const y = dueDateOf(b);
    if (x === y) return 0;
    if (x === null) return 1;
    if (y === null) return -1;
    return x < y ? -1 : 1;
  });
}

/** One print-ready document of the chosen work, in the order given: per envelope an address page, then what goes in it. */
export async function postBatch(db: Kysely<DB>, site: SiteConfig, work: readonly PostWork[]): Promise<Extract<DocumentRequest, { kind: "post-batch" }>> {
  const entries: PostBatchEntry[] = [];
  for (const w of work) entries.push(w.type === "item" ? await postBatchEntry(db, site, w.entry) : postalFormBatchEntry(w.entry, site));
  return { kind: "post-batch", data: { entries } };
}

/** How many pages the batch prints: an address page per envelope and each document's page. */
export function postBatchPageCount(batch: Extract<DocumentRequest, { kind: "post-batch" }>): number {
  return batch.data.entries.reduce((sum, entry) => sum + 1 + entry.documents.length, 0);
}
