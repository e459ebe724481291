import type { Route } from "./+types/gift-document-preview-png";
import { data } from "react-router";
import { giftDocumentPreviewRequest, giftDocumentPreviewSchema } from "#core/gift-documents/gift-document-preview";
import { giftDocumentKindOf } from "./kind-from-path";
import { previewError, previewImage } from "../components/preview/preview-image.server";

/**
 * A gift card's, gift certificate's or diploma's preview as an image address,
 * for its order page without JavaScript ("Förhandsgranska" re-renders the page
 * with an <img> here); the kind is the page's:
 *
 *   GET /ge-en-gava/gavokort/forhandsgranska.png?cardCode=JUL_24_12&occasion=fodelsedag&recipientName=…&text=…&signature=…&amountKr=250
 *   GET /ge-en-gava/gavobevis/forhandsgranska.png?design=lager&…
 *
 * The same fields, PNG and per-visitor limit as POST /api/Gift/Preview with
 * kind "gift_document" (server/api/gift-preview-api.ts). Bad input is a 400,
 * a gift card's unknown card a 404, both with the API's error shape.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const documentKind = giftDocumentKindOf(request);
  if (!documentKind) throw data(null, { status: 404 });
  const withKind = new URL(request.url);
  withKind.searchParams.set("documentKind", documentKind);
  return previewImage(
    new Request(withKind),
    context,
    giftDocumentPreviewSchema,
    (preview, container) =>
      giftDocumentPreviewRequest(preview, (code) => container.cards.cardByCode(code), container.clock.now()) ??
      previewError(404, "card_not_found", "Det kortet finns inte."),
  );
}
