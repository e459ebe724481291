import crypto from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { SpanKind } from "@opentelemetry/api";
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from "@opentelemetry/sdk-trace-base";
import { postJson, startTestServer, type TestServer } from "#tests/support/test-server";
import { testEngines } from "#tests/support/test-databases";
import { loadServerConfig } from "./config";
import { buildTracing } from "./tracing";
import { silentLogger } from "#core/logger";

const context = { session: "s1", identity: "i1", currentUrl: "http://127.0.0.1/ge-en-gava", requestgroup: "g1" };

/** What a donor typed or was sent: none of it may appear in any span's name or attributes. */
const PERSONAL = {
  name: "Tracy Spårsson",
  email: "tracy.sparsson@exempel.se",
  personnummer: "19811228-9874",
  phone: "0701740605",
  token: "q-token-0f3a9c2d7e",
};

function everyValue(span: ReadableSpan): string[] {
  return [span.name, ...Object.entries(span.attributes).flatMap(([key, value]) => [key, String(value)])];
}

/** The personal values found in any span (each with the span it was in), compared case-insensitively and without separators. */
function personalDataIn(spans: ReadableSpan[]): string[] {
  const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9@åäö]/g, "");
  const needles = [...Object.values(PERSONAL), PERSONAL.personnummer.replace("-", ""), "tracy", "spårsson", "sparsson"].map(squash);
  return spans.flatMap((span) =>
    everyValue(span).flatMap((value) => needles.filter((needle) => squash(value).includes(needle)).map((needle) => `${needle} in ${span.name}`)),
  );
}

describe.each(testEngines)("tracing on %s", (engine) => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.dispose();
    server = undefined;
  });

  it("makes a server span per request named by its route, a child span per provider call and a span per transaction, with no personal data", async () => {
    const exporter = new InMemorySpanExporter();
    server = await startTestServer({ engine, spanProcessor: new SimpleSpanProcessor(exporter) });
    exporter.reset(); // the migrations' transactions

    const query = new URLSearchParams({ token: PERSONAL.token, email: PERSONAL.email });
    const init = await postJson(`${server.url}/api/SwishInit?${query}`, {
      context,
      payload: {
        amount: 250,
        name: PERSONAL.name,
        email: PERSONAL.email,
        personnummer: PERSONAL.personnummer,
        payerPhone: PERSONAL.phone,
        idempotencyKey: crypto.randomUUID(),
      },
    });
    expect(init.status).toBe(201);
    const lookup = await fetch(`${server.url}/api/LookupIdentity?personnummer=${PERSONAL.personnummer}`);
    expect(lookup.status).toBeLessThan(500);
    const spans = exporter.getFinishedSpans();

    const request = spans.find((s) => s.kind === SpanKind.SERVER && s.attributes["http.route"] === "/api/SwishInit");
    expect(request?.name).toBe("POST /api/SwishInit");
    expect(request?.attributes["http.response.status_code"]).toBe(201);

    // Swish (simulated on this same server) is called over HTTP, within the gift's request.
    const swishCall = spans.find((s) => s.kind === SpanKind.CLIENT && s.parentSpanContext?.spanId === request!.spanContext().spanId);
    expect(swishCall?.name).toBe("PUT 127.0.0.1");
    expect(swishCall?.attributes["http.response.status_code"]).toBe(201);
    expect(swishCall?.spanContext().traceId).toBe(request!.spanContext().traceId);

    // The gift and its payment are written in transactions, children of the request.
    const transactions = spans.filter((s) => s.name === "db.transaction" && s.parentSpanContext?.spanId === request!.spanContext().spanId);
    expect(transactions.length).toBeGreaterThan(0);
    expect(transactions[0]!.attributes).toMatchObject({ "db.system.name": engine === "postgres" ? "postgresql" : "sqlite", "db.transaction.outcome": "commit" });

    const identity = spans.find((s) => s.kind === SpanKind.SERVER && s.attributes["http.route"] === "/api/LookupIdentity");
    expect(identity).toBeDefined();
    // No span says who gave, whatever was in the body, the query string or the provider's URL.
    expect(spans.length).toBeGreaterThan(4);
    expect(personalDataIn(spans)).toEqual([]);
  });
});

describe("the check for personal data in spans", () => {
  it("finds a personnummer, e-mail address or token wherever a span would carry them", () => {
    const span = (attributes: Record<string, string>) => ({ name: "GET page", attributes }) as unknown as ReadableSpan;
    expect(personalDataIn([span({ "url.full": `http://x/?pnr=${PERSONAL.personnummer.replace("-", "")}` })])).not.toEqual([]);
    expect(personalDataIn([span({ "url.query": `email=${encodeURIComponent(PERSONAL.email)}` })])).not.toEqual([]);
    expect(personalDataIn([span({ "user.name": "TRACY SPÅRSSON" })])).not.toEqual([]);
    expect(personalDataIn([span({ "http.route": "/api/SwishInit" })])).toEqual([]);
  });
});

describe("tracing switched off", () => {
  it("builds no SDK without an OTLP endpoint, which is the default", () => {
    const config = loadServerConfig({ NODE_ENV: "test" });
    expect(config.OTEL_EXPORTER_OTLP_ENDPOINT).toBeUndefined();
    expect(buildTracing(config, silentLogger).enabled).toBe(false);
  });
});
