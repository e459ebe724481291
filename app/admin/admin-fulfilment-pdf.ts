import { data } from "react-router";
import type { Route } from "./+types/admin-fulfilment-pdf";
import { ADMIN_HEADERS, requireStaff } from "./staff-guard.server";
import { selectedReferences } from "./fulfilment.server";
import { countDocumentRender, renderForVisitor } from "../components/documents/visitor-render.server";
import { postBatch, postWorkQueue, postWorkReference } from "#core/orders/post-work";

/** A GET has nothing selected: back to the list. */
export function loader() {
  return new Response(null, { status: 303, headers: { Location: "/admin/leverans" } });
}

/**
 * One print-ready PDF of the chosen work in the queue's order (the list's
 * order): for each envelope an address page for a window envelope, then
 * what goes in it – a memorial sheet, gift card, certificate or diploma (a
 * list order's too; A4 ones on an A4 address page for a C4 envelope) – or,
 * for a form ordered by post or an article, the address page as its
 * covering letter (the form comes from stock). Only what is still waiting
 * to be posted is printed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { container, audit } = await requireStaff(context, request, "insamling");
  await countDocumentRender(context);
  const chosen = new Set(selectedReferences(await request.formData()));
  const work = (await postWorkQueue(container.db, container.clock.now())).filter((w) => chosen.has(postWorkReference(w)));
  if (work.length === 0) {
    await audit({ action: "fulfilment.print", outcome: "refused", details: { reason: "nothing_to_print", asked: chosen.size } });
    throw data("Inget av det valda väntar på att skrivas ut. Gå tillbaka, ladda om listan och välj igen.", { status: 400 });
  }
  const pdf = await renderForVisitor(context, await postBatch(container.db, container.site, work), "pdf");
  const items = work.filter((w) => w.type === "item").map(postWorkReference);
  const forms = work.filter((w) => w.type === "form").map(postWorkReference);
  if (items.length > 0) await audit({ action: "fulfilment.print", subjectType: "order_items", details: { references: items } });
  if (forms.length > 0) await audit({ action: "fulfilment.print", subjectType: "postal_form_requests", details: { references: forms } });
  const day = container.clock.now().toISOString().slice(0, 10);
  return new Response(new Uint8Array(pdf), {
    headers: {
      ...ADMIN_HEADERS,
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="utskick-${day}.pdf"`,
    },
  });
}
