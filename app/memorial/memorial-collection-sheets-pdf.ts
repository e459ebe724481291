import { data } from "react-router";
import type { Route } from "./+types/memorial-collection-sheets-pdf";
import { containerContext } from "../context";
import { countDocumentRender, renderForVisitor } from "../components/documents/visitor-render.server";
import { DOCUMENT_CONTENT_TYPES } from "#core/documents/document-renderer";
import { isSlug } from "#core/memorial/collection-slug";
import { collectionSheetsDocument, collectionSheetsFileName, verifyManageAccess } from "#core/memorial/collection-service";

/**
 * Every sheet of a closed memorial collection in one PDF, for its organiser:
 * /minnesinsamling/:slug/hantera/minnesblad.pdf?token=… (the manage link's
 * token). A forged or altered token is 401, an unknown address 404, a
 * collection still open 409, each with a short Swedish text.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  await countDocumentRender(context);
  const container = context.get(containerContext);
  if (!isSlug(params.slug)) throw data(null, { status: 404 });
  const token = new URL(request.url).searchParams.get("token");
  const access = await verifyManageAccess(container.db, container.collections.linkKey, params.slug, token, container.clock.now());
  const text = (body: string, status: number) =>
    new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });
  if (!access.ok) return text("Länken fungerar inte. Använd länken i mejlet ni fick när insamlingen startades.", access.reason === "expired" ? 410 : 401);
  if (access.collection.status !== "closed") return text("Minnesbladen samlas i en PDF när ni avslutar insamlingen.", 409);
  const { document } = await collectionSheetsDocument(container.db, access.collection, access.memorial);
  const body = await renderForVisitor(context, document, "pdf");
  return new Response(new Uint8Array(body), {
    headers: {
      "Content-Type": DOCUMENT_CONTENT_TYPES.pdf,
      "Content-Disposition": `attachment; filename="${collectionSheetsFileName(access.memorial.name)}"`,
      "Cache-Control": "private, no-store",
      "Referrer-Policy": "no-referrer",
    },
  });
}
