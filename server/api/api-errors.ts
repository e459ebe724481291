import type { ErrorRequestHandler, Response } from "express";
import type { z } from "zod";
import { fieldErrors } from "#core/gifts/gift-form";
import { PAYMENT_STARTS_LIMITED_MESSAGE, PaymentStartsLimitedError } from "#core/payments/payment-start-limits";
import { DOCUMENTS_BUSY_MESSAGE, DocumentsBusyError } from "#core/documents/documents-busy";
import { RECIPIENT_MAIL_LIMITED_MESSAGE, RecipientMailLimitedError } from "#core/mail/recipient-limit";

/** Every API error has this shape: `{ error: { code, message, fields? } }`, message in Swedish. */
export interface ApiErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

export function sendApiError(res: Response, status: number, code: string, message: string, fields?: Record<string, string>): void {
  const body: ApiErrorBody = { error: { code, message, ...(fields ? { fields } : {}) } };
  res.status(status).json(body);
}

export function sendValidationError(res: Response, error: z.ZodError, prefix = ""): void {
  const fields = Object.fromEntries(
    Object.entries(fieldErrors(error)).map(([key, message]) => [prefix && key !== "form" ? `${prefix}.${key}` : key, message]),
  );
  sendApiError(res, 400, "validation_failed", "Uppgifterna är inte kompletta. Rätta fälten och försök igen.", fields);
}

/** Private documents the API sends (PDF, PNG): never stored by a browser or proxy, never indexed. */
export const PRIVATE_DOCUMENT_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" } as const;

/** Malformed JSON and too-large bodies get the same JSON shape as everything else; a full render queue is a 503 (decision 0039). */
export function apiErrorHandler(logger: { error(obj: object, msg?: string): void }): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) return next(error);
    const status = (error as { status?: number }).status;
    const type = (error as { type?: string }).type;
    if (type === "entity.parse.failed") return sendApiError(res, 400, "invalid_json", "Förfrågan är inte giltig JSON.");
    if (type === "entity.too.large") return sendApiError(res, 413, "too_large", "Förfrågan är för stor.");
    if (error instanceof PaymentStartsLimitedError) {
      res.setHeader("Retry-After", "60");
      return sendApiError(res, 429, "rate_limited", PAYMENT_STARTS_LIMITED_MESSAGE);
    }
    if (error instanceof DocumentsBusyError) {
      res.setHeader("Retry-After", String(error.retryAfterSeconds));
      return sendApiError(res, 503, "busy", DOCUMENTS_BUSY_MESSAGE);
    }
    if (error instanceof RecipientMailLimitedError) {
      res.setHeader("Retry-After", "3600");
      return sendApiError(res, 429, "recipient_limited", RECIPIENT_MAIL_LIMITED_MESSAGE, error.fields);
    }
    if (status && status >= 400 && status < 500) return sendApiError(res, status, "bad_request", "Förfrågan kunde inte tolkas.");
    logger.error({ err: error, path: req.path }, "API request failed");
    sendApiError(res, 500, "internal_error", "Något gick fel hos oss. Försök igen om en stund.");
  };
}
