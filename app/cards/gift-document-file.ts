import { data } from "react-router";
import type { Route } from "./+types/gift-document-file";
import { containerContext } from "../context";
import { countDocumentRender, renderForVisitor } from "../components/documents/visitor-render.server";
import { DOCUMENT_CONTENT_TYPES } from "#core/documents/document-renderer";
import { findGiftDocumentOrder, itemDocument } from "#core/gift-documents/gift-document-order";
import { giftDocumentFileName } from "#core/gift-documents/gift-documents";
import { giftDocumentKindOf } from "./kind-from-path";

/**
 * A paid order's document for its donor: …/:ref/gavokort-anna.pdf (or .png)
 * for the order's (first) document, …/:ref/ITEMREFERENCE.pdf for one
 * recipient of a list order. Before payment, and for anything unknown, 404.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  await countDocumentRender(context);
  const container = context.get(containerContext);
  const kind = giftDocumentKindOf(request);
  const match = /^(.+)\.(pdf|png)$/.exec(params.file);
  const found = kind && match ? await findGiftDocumentOrder(container.db, params.orderReference, kind) : null;
  if (!kind || !match || !found || found.gift.status !== "paid") throw data(null, { status: 404 });
  const [, name, format] = match as unknown as [string, string, "pdf" | "png"];
  const first = found.items[0]!;
  const item =
    found.items.find((candidate) => candidate.reference === name) ??
    (giftDocumentFileName(kind, first.recipient_name, format) === params.file ? first : undefined);
  if (!item) throw data(null, { status: 404 });
  const body = await renderForVisitor(context, itemDocument(found, item), format);
  return new Response(new Uint8Array(body), {
    headers: {
      "Content-Type": DOCUMENT_CONTENT_TYPES[format],
      "Content-Disposition": `${format === "pdf" ? "attachment" : "inline"}; filename="${giftDocumentFileName(kind, item.recipient_name, format)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
