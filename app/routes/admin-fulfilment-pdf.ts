import { data } from "react-router";
import type { Route } from "./+types/admin-fulfilment-pdf";
import { ADMIN_HEADERS, requireStaff } from "../admin/staff-guard.server";
import { selectedReferences } from "../admin/fulfilment.server";
import { postQueue } from "../../core/orders/fulfilment";
import { postalFormQueue, postBatchWithForms } from "../../core/postal-forms/postal-form-fulfilment";

/** A GET has nothing selected: back to the list. */
export function loader() {
  return new Response(null, { status: 303, headers: { Location: "/admin/leverans" } });
}

/**
 * One print-ready PDF of the chosen items in queue order: for each, an
 * address page for a C5 window envelope, then the document (the document
 * engine's post-batch); then for each chosen form ordered by post, its
 * address page with a short letter (the form itself comes from stock).
 * Only what is still waiting to be posted is printed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { container, audit } = await requireStaff(context, request, "insamling");
  const chosen = new Set(selectedReferences(await request.formData()));
  const now = container.clock.now();
  const entries = (await postQueue(container.db, now)).filter((e) => chosen.has(e.item.reference));
  const forms = (await postalFormQueue(container.db, now)).filter((e) => chosen.has(e.form.reference));
  const batch = await postBatchWithForms(container.db, container.site, entries, forms);
  const letters = batch.data.letters ?? [];
  if (batch.data.items.length === 0 && letters.length === 0) {
    await audit({ action: "fulfilment.print", outcome: "refused", details: { reason: "nothing_to_print", asked: chosen.size } });
    throw data("Inget av det valda väntar på att skrivas ut. Gå tillbaka, ladda om listan och välj igen.", { status: 400 });
  }
  const pdf = await container.documents.render(batch, "pdf");
  if (batch.data.items.length > 0) await audit({ action: "fulfilment.print", subjectType: "order_items", details: { references: batch.data.items.map((i) => i.reference) } });
  if (letters.length > 0) await audit({ action: "fulfilment.print", subjectType: "postal_form_requests", details: { references: letters.map((l) => l.reference) } });
  const day = container.clock.now().toISOString().slice(0, 10);
  return new Response(new Uint8Array(pdf), {
    headers: {
      ...ADMIN_HEADERS,
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="utskick-${day}.pdf"`,
    },
  });
}
