import { SpanStatusCode, trace, type Span, type Tracer } from "@opentelemetry/api";

/**
 * The site's spans (decision 0048) are made through OpenTelemetry's API, which
 * does nothing until the server registers an SDK at boot (server/tracing.ts,
 * only when an OTLP endpoint is configured). Whoever makes a span names what it
 * is – a route pattern, a provider's host, a transaction – and never puts a URL,
 * query string, token, name, e-mail address or personnummer in its attributes.
 */
export const TRACER_NAME = "site";

export function siteTracer(): Tracer {
  return trace.getTracer(TRACER_NAME);
}

/** Ends a span as failed with the error's class name only: messages can quote a donor's input. */
export function endSpanWithError(span: Span, error: unknown): void {
  const type = error instanceof Error ? error.name : "unknown";
  span.setAttribute("error.type", type);
  span.setStatus({ code: SpanStatusCode.ERROR, message: type });
  span.end();
}
