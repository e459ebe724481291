import type { ErrorRequestHandler } from "express";
import type { AppContainer } from "./container";
import type { Logger } from "#core/logger";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);

/** A small self-contained Swedish page for answers given outside React Router (no scripts, no styles). */
export function simpleErrorPage(title: string, text: string): string {
  return `<!doctype html><html lang="sv"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><p><a href="/">Till startsidan</a></p></main></body></html>`;
}

/** The status an Express error carries when it is the client's fault (http-errors: 404 from static files, 400/413 from body parsers). */
export function clientErrorStatus(error: unknown): number | null {
  if (typeof error !== "object" || error === null) return null;
  const status = (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode;
  return typeof status === "number" && Number.isInteger(status) && status >= 400 && status < 500 ? status : null;
}

const CLIENT_ERROR_TEXT: Record<number, [string, string]> = {
  404: ["Sidan finns inte", "Vi hittar inte det du letar efter. Den kan ha flyttats eller tagits bort."],
  413: ["Det som skickades var för stort", "Gå tillbaka och försök igen med mindre innehåll."],
};

/**
 * The last resort when something fails outside React Router's error
 * boundaries. A client error that a middleware passed on (a missing file under
 * /assets is a 404 after every deploy, for pages cached before it) keeps its
 * status and is a warning; anything else is our fault: a 500, logged and
 * reported.
 */
export function finalErrorHandler(container: { logger: Logger; errorReporter: Pick<AppContainer["errorReporter"], "enabled" | "captureException"> }): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const clientStatus = clientErrorStatus(error);
    if (clientStatus !== null) {
      container.logger.warn({ path: req.path, status: clientStatus, reason: (error as Error).message }, "request refused");
      if (res.headersSent) return;
      const [title, text] = CLIENT_ERROR_TEXT[clientStatus] ?? ["Det gick inte att läsa det som skickades", "Gå tillbaka och försök igen."];
      res.status(clientStatus).setHeader("Cache-Control", "no-store");
      res.type("text/html").send(simpleErrorPage(title, text));
      return;
    }
    container.logger.error({ err: error, path: req.path }, "unhandled request error");
    // Without a DSN the log line above is the report; the reporter would only log it again.
    if (container.errorReporter.enabled) {
      void container.errorReporter.captureException(error, { url: req.originalUrl, tags: { handler: "express" } });
    }
    if (res.headersSent) return;
    res.status(500).type("text/html").send(simpleErrorPage("Något gick fel hos oss", "Försök igen om en stund."));
  };
}
