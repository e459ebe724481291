import type { RouterContextProvider } from "react-router";
import { clientIpContext, containerContext } from "../../context";
import type { DocumentFormat, DocumentRequest } from "#core/documents/document-renderer";
import { DOCUMENTS_BUSY_MESSAGE, DocumentsBusyError } from "#core/documents/documents-busy";

export const DOCUMENTS_LIMITED_MESSAGE = "Du har hämtat många dokument på kort tid. Vänta en minut och försök igen.";

/** A refusal a browser shows as it is (the address was a PDF or an image): short Swedish text, never stored or indexed. */
function refusal(status: number, text: string, retryAfterSeconds: number): Response {
  return new Response(text, {
    status,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex, nofollow",
      "Retry-After": String(retryAfterSeconds),
    },
  });
}

/**
 * Counts one document against the visitor's limit (RATE_LIMIT_DOCUMENTS_PER_MINUTE,
 * decision 0039); over it, throws a 429 with Retry-After. Called before the
 * route looks anything up, so that guessing references is counted too.
 */
export async function countDocumentRender(context: Readonly<RouterContextProvider>): Promise<void> {
  const container = context.get(containerContext);
  const counted = await container.renderLimiter.take(context.get(clientIpContext) || "unknown");
  if (!counted.allowed) throw refusal(429, DOCUMENTS_LIMITED_MESSAGE, counted.secondsLeft);
}

/** Renders a document for the visitor asking; when the render queue is full, throws a 503 with Retry-After rather than wait. */
export async function renderForVisitor(context: Readonly<RouterContextProvider>, request: DocumentRequest, format: DocumentFormat): Promise<Buffer> {
  try {
    return await context.get(containerContext).documents.render(request, format);
  } catch (error) {
    if (error instanceof DocumentsBusyError) throw refusal(503, DOCUMENTS_BUSY_MESSAGE, error.retryAfterSeconds);
    throw error;
  }
}
