import { data } from "react-router";
import type { Route } from "./+types/membership-card-pdf";
import { containerContext } from "../context";
import { countDocumentRender, renderForVisitor } from "../components/documents/visitor-render.server";
import { isOrderReference } from "#core/payments/order-reference";
import { findMembershipByOrderReference } from "#core/membership/membership-service";
import { MEMBER_CARD_FILE_NAME, memberCardRequest } from "#core/membership/member-card";

/** The member card of a paid membership fee, as a PDF; the fee's unguessable order reference is the key. */
export async function loader({ params, context }: Route.LoaderArgs) {
  await countDocumentRender(context);
  const container = context.get(containerContext);
  if (!isOrderReference(params.orderReference)) throw data(null, { status: 404 });
  const order = await findMembershipByOrderReference(container.db, params.orderReference);
  // Unpaid (no member number yet) and refunded fees have no card.
  const request = order && order.gift.status === "paid" ? memberCardRequest(order) : null;
  if (!request) throw data(null, { status: 404 });
  const pdf = await renderForVisitor(context, request, "pdf");
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${MEMBER_CARD_FILE_NAME}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
