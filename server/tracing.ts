import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { context, propagation, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import { NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import { BatchSpanProcessor, type SpanProcessor } from "@opentelemetry/sdk-trace-base";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { ATTR_SERVICE_NAME } from "@opentelemetry/semantic-conventions";
import type { Logger } from "#core/logger";
import { siteTracer } from "#core/tracing";
import { routeLabel } from "./metrics/http-metrics";
import type { ServerConfig } from "./config";

/**
 * Tracing (decision 0048): OpenTelemetry's trace SDK for Node, built by the container at
 * boot and only when OTEL_EXPORTER_OTLP_ENDPOINT is set (or a test hands in
 * its own span processor). It registers the tracer provider and an
 * AsyncLocalStorage context with OpenTelemetry's API, which every span goes
 * through (core/tracing.ts: provider HTTP calls in integrations/http, database
 * transactions in db/dialect.ts, and the request spans below); switched off, the API's spans cost next to
 * nothing and nothing is exported.
 *
 * No automatic instrumentation: it would record full URLs and statements.
 * No propagation either: a visitor's `traceparent` header is not trusted, and
 * providers are not sent ours.
 */
export interface Tracing {
  enabled: boolean;
  /** Exports what is left and unregisters from the API (so a later container may register its own). */
  shutdown(): Promise<void>;
}

export function buildTracing(
  config: Pick<ServerConfig, "OTEL_EXPORTER_OTLP_ENDPOINT" | "OTEL_SERVICE_NAME">,
  logger: Logger,
  spanProcessor?: SpanProcessor,
): Tracing {
  const endpoint = config.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!spanProcessor && !endpoint) return { enabled: false, shutdown: async () => {} };
  const processor = spanProcessor ?? new BatchSpanProcessor(new OTLPTraceExporter({ url: `${endpoint!.replace(/\/$/, "")}/v1/traces` }));
  // Traces only, from the trace SDK alone: logs are pino's and metrics Prometheus', so the
  // full Node SDK (with its log and metric pipelines and gRPC exporters) is not needed.
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: config.OTEL_SERVICE_NAME }),
    spanProcessors: [processor],
  });
  // Registers the provider and an AsyncLocalStorage context manager with the API; no propagator.
  provider.register({ propagator: null });
  if (endpoint) logger.info({ endpoint: new URL(endpoint).origin }, "tracing: exporting spans over OTLP");
  return {
    enabled: true,
    async shutdown() {
      try {
        await provider.shutdown();
      } finally {
        trace.disable();
        context.disable();
        propagation.disable();
      }
    },
  };
}

/**
 * A server span per request, active while the request is handled (so the
 * provider calls and transactions it makes are its children), named by the
 * route pattern once it is known (server/metrics/http-metrics.ts): never the
 * URL, its query string or its headers.
 */
export function tracedRequests(listener: RequestListener, tracing: Tracing): RequestListener {
  if (!tracing.enabled) return listener;
  return (req: IncomingMessage, res: ServerResponse) => {
    const method = req.method ?? "OTHER";
    const span = siteTracer().startSpan(method, { kind: SpanKind.SERVER, attributes: { "http.request.method": method } }, context.active());
    res.once("close", () => {
      const route = routeLabel(req);
      span.updateName(`${method} ${route}`);
      span.setAttribute("http.route", route);
      span.setAttribute("http.response.status_code", res.statusCode);
      if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
    context.with(trace.setSpan(context.active(), span), () => listener(req, res));
  };
}
