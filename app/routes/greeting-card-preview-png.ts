import type { Route } from "./+types/greeting-card-preview-png";
import { clientIpContext, containerContext } from "../context";
import { fieldErrors } from "../../core/gifts/gift-form";
import { greetingCardPreviewDocument, greetingCardPreviewSchema } from "../../core/cards/greeting-card-document";

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
  const container = context.get(containerContext);
  const headers = { "Cache-Control": "no-store" };
  const counted = await container.previewLimiter.take(context.get(clientIpContext) || "unknown");
  if (!counted.allowed) {
    return Response.json(
      { error: { code: "rate_limited", message: "Du har gjort för många försök på kort tid. Vänta en minut och försök igen." } },
      { status: 429, headers: { ...headers, "Retry-After": String(counted.secondsLeft) } },
    );
  }
  const parsed = greetingCardPreviewSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) {
    return Response.json(
      { error: { code: "validation_failed", message: "Förhandsvisningen kunde inte göras. Rätta fälten och försök igen.", fields: fieldErrors(parsed.error) } },
      { status: 400, headers },
    );
  }
  const card = container.cards.cardByCode(parsed.data.cardCode);
  if (!card) return Response.json({ error: { code: "card_not_found", message: "Det kortet finns inte." } }, { status: 404, headers });
  const png = await container.documents.render({ kind: "greeting-card", data: greetingCardPreviewDocument(card, parsed.data) }, "png");
  return new Response(new Uint8Array(png), { headers: { ...headers, "Content-Type": "image/png" } });
}
