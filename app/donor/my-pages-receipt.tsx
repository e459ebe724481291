import { data } from "react-router";
import type { Route } from "./+types/my-pages-receipt";
import { requireDonor } from "./donor-session.server";
import { countDocumentRender, renderForVisitor } from "../components/documents/visitor-render.server";
import { findGiftByOrderReference } from "#core/payments/payment-repository";
import { isOrderReference } from "#core/payments/order-reference";
import { receiptDocument } from "#core/gifts/receipt-document";

/**
 * A receipt to download from Mina sidor, as PDF. Only for the donor's own paid
 * gifts: the gift's personnummer must be the logged-in donor's.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await countDocumentRender(context);
  const { container, session } = await requireDonor(context, request);
  const ref = params.orderReference;
  const gift = isOrderReference(ref) || /^DEMO\d{4}$/.test(ref) ? await findGiftByOrderReference(container.db, ref) : undefined;
  if (!gift || gift.status !== "paid" || !session.donor.personnummer || gift.donor_personnummer !== session.donor.personnummer) {
    throw data("Kvittot finns inte.", { status: 404 });
  }
  const pdf = await renderForVisitor(context, receiptDocument(gift, container.site), "pdf");
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="kvitto-${gift.order_reference}.pdf"`,
      "Cache-Control": "no-store",
    },
  });
}
