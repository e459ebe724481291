import type { Route } from "./+types/memorial-sheet-preview-png";
import { clientIpContext, containerContext } from "../context";
import { fieldErrors } from "../../core/gifts/gift-form";
import { memorialSheetDocument, memorialSheetPreviewSchema } from "../../core/memorial/memorial-sheet";

/**
 * The memorial sheet's preview as an image address, for the memorial gift page
 * without JavaScript (an <img> whose address the form's GET "Förhandsgranska"
 * builds):
 *
 *   GET /ge-en-gava/minnesgava/forhandsgranska.png?design=duva&deceasedName=Märta Öberg
 *       &birthYear=1938&dateOfDeath=2026-11-14&greeting=…&signature=…&showAmount=on&amountOre=50000
 *
 * The same fields, limits and PNG as POST /api/Gift/Preview
 * (server/api/gift-preview-api.ts, which documents them), the same per-visitor
 * limit; bad input is a 400 with the API's error shape.
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
  const query = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = memorialSheetPreviewSchema.safeParse(query);
  if (!parsed.success) {
    return Response.json(
      { error: { code: "validation_failed", message: "Förhandsvisningen kunde inte göras. Rätta fälten och försök igen.", fields: fieldErrors(parsed.error) } },
      { status: 400, headers },
    );
  }
  const png = await container.documents.render(memorialSheetDocument(parsed.data), "png");
  return new Response(new Uint8Array(png), { headers: { ...headers, "Content-Type": "image/png" } });
}
