import { data } from "react-router";
import type { Route } from "./+types/company-certificate-file";
import { containerContext } from "../context";
import { countDocumentRender, renderForVisitor } from "../components/documents/visitor-render.server";
import { DOCUMENT_CONTENT_TYPES } from "#core/documents/document-renderer";
import { certificateFileName, christmasCardRequest, companyCertificateRequest, findCompanyChristmas } from "#core/companies/company-christmas";

/**
 * A company gift's documents by its unguessable reference (decision 0046):
 * gavobevis.png, the certificate's preview, from the moment the gift is
 * given; gavobevis.pdf, the certificate to download and print, once it is
 * paid; julkort.png, the Christmas card as the list's first recipient gets
 * it. Anything else, 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  await countDocumentRender(context);
  const container = context.get(containerContext);
  const found = await findCompanyChristmas(container.db, params.orderReference);
  if (!found) throw data(null, { status: 404 });
  const paid = found.gift.status === "paid";
  const format = params.file.endsWith(".pdf") ? "pdf" : "png";
  const first = found.cards[0];
  const document =
    params.file === "gavobevis.png" || (params.file === "gavobevis.pdf" && paid)
      ? companyCertificateRequest(found)
      : params.file === "julkort.png" && first
        ? christmasCardRequest(container.cards, first)
        : null;
  if (!document) throw data(null, { status: 404 });
  const body = await renderForVisitor(context, document, format);
  const filename = params.file === "julkort.png" ? "julkort.png" : certificateFileName(found.companyName, format);
  return new Response(new Uint8Array(body), {
    headers: {
      "Content-Type": DOCUMENT_CONTENT_TYPES[format],
      "Content-Disposition": `${format === "pdf" ? "attachment" : "inline"}; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
