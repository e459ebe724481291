import type { Route } from "./+types/memorial-sheet-preview-png";
import { memorialSheetDocument, memorialSheetPreviewSchema } from "#core/memorial/memorial-sheet";
import { previewImage } from "../components/preview/preview-image.server";

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
  return previewImage(request, context, memorialSheetPreviewSchema, (sheet) => memorialSheetDocument(sheet));
}
