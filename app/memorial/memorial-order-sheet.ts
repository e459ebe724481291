import { data } from "react-router";
import type { Route } from "./+types/memorial-order-sheet";
import { containerContext } from "../context";
import { countDocumentRender, renderForVisitor } from "../components/documents/visitor-render.server";
import { DOCUMENT_CONTENT_TYPES } from "#core/documents/document-renderer";
import { findMemorialOrder } from "#core/memorial/memorial-order-view";
import { memorialSheetForItem, storedSheetContent } from "#core/memorial/memorial-sheet";
import { sheetFileName } from "#core/memorial/sheet-delivery";

const FILES = { "minnesblad.pdf": "pdf", "minnesblad.png": "png" } as const;

/**
 * The memorial sheet of a memorial gift, for its donor: /order/minnesblad/:ref/minnesblad.pdf
 * (print) and …/minnesblad.png (the image on the order page). The gift's
 * unguessable order reference is the key; anything else is 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  await countDocumentRender(context);
  const container = context.get(containerContext);
  const format = FILES[params.file as keyof typeof FILES];
  const found = format ? await findMemorialOrder(container.db, params.orderReference) : null;
  if (!format || !found) throw data(null, { status: 404 });
  const body = await renderForVisitor(context, memorialSheetForItem(found.item, found.gift.amount_ore), format);
  const name = sheetFileName(storedSheetContent(found.item.content).deceasedName, format);
  return new Response(new Uint8Array(body), {
    headers: {
      "Content-Type": DOCUMENT_CONTENT_TYPES[format],
      "Content-Disposition": `${format === "pdf" ? "attachment" : "inline"}; filename="${name}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
