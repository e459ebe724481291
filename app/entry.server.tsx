import { PassThrough, pipeline } from "node:stream";
import { RouterContextProvider, ServerRouter, isRouteErrorResponse, type EntryContext } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import { containerContext, nonceContext } from "./context";
import type { AppContainer } from "#server/container";
import { NonceProvider } from "./nonce";
import { hydrateAfterFirstPaint } from "./document/hydrate-after-first-paint";

export const streamTimeout = 5_000;

/**
 * Renders the whole document before sending it (onAllReady): our pages have no
 * slow streamed parts, and a complete document means no layout shift and one
 * HTML response that pre-rendering can store as a file.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(nonceContext);

  return new Promise<Response>((resolve, reject) => {
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          // pipeline, not .pipe: a failure in the rewrite ends the response instead of leaving it open.
          pipeline(pipe(hydrateAfterFirstPaint()), body, () => {});
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          console.error(error);
        },
      },
    );
  });
}

/**
 * Errors thrown in loaders, actions and rendering go to the server's logger and,
 * when SENTRY_DSN is set, to error reporting. Pre-rendering at build time has no container
 * and uses the console. Aborted requests are the visitor leaving, not errors.
 *
 * React Router's own refusals of what a visitor sent – 405 for a post to a page
 * without an action, 400 for a malformed one – arrive here too, carrying an
 * internal Error: they are the visitor's doing, a warning without a stack and
 * no report, or anyone could fill the error log by posting to any page (issue #30).
 */
export function handleError(error: unknown, { request, context }: { request: Request; context: RouterContextProvider }): void {
  if (request.signal.aborted) return;
  let container: AppContainer | undefined;
  try {
    container = context.get(containerContext);
  } catch {
    container = undefined;
  }
  if (!container) {
    console.error(error);
    return;
  }
  const path = new URL(request.url).pathname;
  if (isRouteErrorResponse(error) && error.status >= 400 && error.status < 500) {
    container.logger.warn({ path, method: request.method, status: error.status, reason: error.statusText }, "page request refused");
    return;
  }
  container.logger.error({ err: error, path }, "request failed");
  // Without a DSN the log line above is the report; the reporter would only log it again.
  if (container.errorReporter.enabled) {
    void container.errorReporter.captureException(error, { url: request.url, tags: { handler: "react-router" } });
  }
}
