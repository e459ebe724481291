import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { clientIpContext, containerContext } from "../../context";
import { fieldErrors } from "#core/gifts/gift-form";
import type { DocumentRequest } from "#core/documents/document-renderer";
import { DOCUMENTS_BUSY_MESSAGE, DocumentsBusyError } from "#core/documents/documents-busy";
import type { AppContainer } from "#server/container";

const HEADERS = { "Cache-Control": "no-store" };

/** An answer with the preview API's error shape (server/api/api-errors.ts). */
export function previewError(status: number, code: string, message: string, fields?: Record<string, string>): Response {
  return Response.json({ error: { code, message, ...(fields ? { fields } : {}) } }, { status, headers: HEADERS });
}

/** Counts one preview for the visitor (RATE_LIMIT_PREVIEWS_PER_MINUTE); over the limit, the 429 to answer. */
export async function previewLimited(context: Readonly<RouterContextProvider>): Promise<Response | null> {
  const counted = await context.get(containerContext).previewLimiter.take(context.get(clientIpContext) || "unknown");
  if (counted.allowed) return null;
  const limited = previewError(429, "rate_limited", "Du har gjort för många försök på kort tid. Vänta en minut och försök igen.");
  limited.headers.set("Retry-After", String(counted.secondsLeft));
  return limited;
}

/**
 * A document's preview as an image address, for the order pages without
 * JavaScript (memorial sheet, greeting card, gift documents): the per-visitor
 * preview limit, the query parsed by the same schema as POST /api/Gift/Preview
 * (bad input a 400 with the API's error shape), then the document as a PNG –
 * or, when the render queue is full, a 503 with Retry-After (decision 0039).
 * `document` answers the document to render, or a Response (a card not found).
 */
export async function previewImage<S extends z.ZodType>(
  request: Request,
  context: Readonly<RouterContextProvider>,
  schema: S,
  document: (value: z.output<S>, container: AppContainer) => DocumentRequest | Response,
): Promise<Response> {
  const container = context.get(containerContext);
  const limited = await previewLimited(context);
  if (limited) return limited;
  const parsed = schema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return previewError(400, "validation_failed", "Förhandsvisningen kunde inte göras. Rätta fälten och försök igen.", fieldErrors(parsed.error));
  const toRender = document(parsed.data, container);
  if (toRender instanceof Response) return toRender;
  let png: Buffer;
  try {
    png = await container.documents.render(toRender, "png");
  } catch (error) {
    if (!(error instanceof DocumentsBusyError)) throw error;
    const busy = previewError(503, "busy", DOCUMENTS_BUSY_MESSAGE);
    busy.headers.set("Retry-After", String(error.retryAfterSeconds));
    return busy;
  }
  return new Response(new Uint8Array(png), { headers: { ...HEADERS, "Content-Type": "image/png" } });
}
