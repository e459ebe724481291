import type { Route } from "./+types/fundraiser-share-png";
import { countDocumentRender, renderForVisitor } from "../components/documents/visitor-render.server";
import { DOCUMENT_CONTENT_TYPES } from "#core/documents/document-renderer";
import { fundraiserFor, publicFundraiserView } from "./fundraiser-page.server";
import { containerContext } from "../context";
import { pictureBytes } from "#core/fundraisers/fundraiser-pictures";

/**
 * GET /insamling/{slug}/dela.png: the page's share image (1200 × 630; the
 * page's og:image) with its title, organiser and progress – on the
 * organiser's picture when staff have approved one – rendered by the
 * document render pool and counted per visitor like every document
 * (decision 0039). Only for a page that shows: otherwise 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  await countDocumentRender(context);
  const fundraiser = await fundraiserFor(context, params.slug);
  const view = await publicFundraiserView(context, fundraiser);
  if (view.visibility !== "visible") return new Response("Insamlingen finns inte.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  // The organiser's picture, once staff approved it, fills the image (decision 0053).
  const photo = view.fundraiser.photo ? await pictureBytes(context.get(containerContext).db, fundraiser.id, view.fundraiser.photo.id, "share") : null;
  const png = await renderForVisitor(
    context,
    {
      kind: "fundraiser-share",
      data: {
        title: view.fundraiser.title,
        kindLabel: view.fundraiser.kindLabel,
        organiserName: view.fundraiser.organiserName,
        amountOre: view.total?.amountOre ?? null,
        goalOre: view.total ? view.fundraiser.goalOre : null,
        percent: view.total?.percent ?? null,
        picture: photo ? `data:image/jpeg;base64,${Buffer.from(photo).toString("base64")}` : null,
      },
    },
    "png",
  );
  // Link previews fetch it once and keep it; a few minutes old is fine for a total.
  return new Response(new Uint8Array(png), { headers: { "Content-Type": DOCUMENT_CONTENT_TYPES.png, "Cache-Control": "public, max-age=300" } });
}
