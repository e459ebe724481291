import { data } from "react-router";
import type { Route } from "./+types/gift-invoice-pdf";
import { containerContext } from "../context";
import { countDocumentRender, renderForVisitor } from "../components/documents/visitor-render.server";
import { isOrderReference } from "#core/payments/order-reference";
import { findGiftByOrderReference, paymentsForGift } from "#core/payments/payment-repository";
import { invoiceDocument } from "#core/gifts/invoice";

/** The invoice PDF for a gift paid by invoice; the unguessable order reference is the key. */
export async function loader({ params, context }: Route.LoaderArgs) {
  await countDocumentRender(context);
  const container = context.get(containerContext);
  if (!isOrderReference(params.orderReference)) throw data(null, { status: 404 });
  const gift = await findGiftByOrderReference(container.db, params.orderReference);
  const invoice = gift ? (await paymentsForGift(container.db, gift.id)).filter((p) => p.provider === "Invoice").at(-1) : undefined;
  if (!gift || !invoice) throw data(null, { status: 404 });
  const pdf = await renderForVisitor(context, invoiceDocument({ gift, payment: invoice }), "pdf");
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="faktura-${gift.order_reference}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}
