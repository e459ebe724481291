import type { Route } from "./+types/greeting-card-preview-png";
import { greetingCardPreviewDocument, greetingCardPreviewSchema } from "#core/cards/greeting-card-document";
import { previewError, previewImage } from "../components/preview/preview-image.server";

/**
 * The greeting card's preview as an image address, for the page without
 * JavaScript ("Förhandsgranska" re-renders the page with an <img> here):
 *
 *   GET /ge-en-gava/gratulationskort/forhandsgranska.png?cardCode=JUL_24_12&greeting=…&recipientName=…&giverName=…
 *
 * The same fields, PNG and per-visitor limit as POST /api/Gift/Preview with
 * kind "greeting_card" (server/api/gift-preview-api.ts). Bad input is a 400,
 * an unknown card a 404, both with the API's error shape.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return previewImage(request, context, greetingCardPreviewSchema, (preview, container) => {
    const card = container.cards.cardByCode(preview.cardCode);
    if (!card) return previewError(404, "card_not_found", "Det kortet finns inte.");
    return { kind: "greeting-card", data: greetingCardPreviewDocument(card, preview) };
  });
}
