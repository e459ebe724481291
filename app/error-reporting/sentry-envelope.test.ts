import { describe, expect, it, vi } from "vitest";
import type { ReportEvent } from "./report-event";
import { buildEnvelope, envelopeEndpoint, parseDsn, sentryEnvelopeTransport } from "./sentry-envelope";

const event: ReportEvent = {
  event_id: "0123456789abcdef0123456789abcdef",
  timestamp: 1_768_471_200,
  platform: "javascript",
  level: "error",
  message: { formatted: "Fel: å" },
};

describe("Sentry DSN", () => {
  it("parses a DSN and names its envelope endpoint with the key in the query", () => {
    const dsn = parseDsn("https://abc123@o1.ingest.sentry.io/4505");
    expect(dsn).toEqual({
      protocol: "https",
      publicKey: "abc123",
      host: "o1.ingest.sentry.io",
      port: "",
      path: "",
      projectId: "4505",
    });
    expect(envelopeEndpoint(dsn!)).toBe(
      "https://o1.ingest.sentry.io/api/4505/envelope/?sentry_version=7&sentry_key=abc123&sentry_client=hl-site-reporter%2F1.0",
    );
  });

  it("keeps a self-hosted server's port and path prefix", () => {
    const dsn = parseDsn("http://pub:secret@127.0.0.1:9000/sentry/7");
    expect(envelopeEndpoint(dsn!)).toMatch(/^http:\/\/127\.0\.0\.1:9000\/sentry\/api\/7\/envelope\/\?/);
  });

  it.each(["", "not a dsn", "https://sentry.io/42", "https://key@sentry.io/", "ftp://key@sentry.io/42"])(
    "rejects %j",
    (value) => {
      expect(parseDsn(value)).toBeNull();
    },
  );
});

describe("envelope", () => {
  it("has a header, an item header with the payload's byte length, and the event", () => {
    const dsn = parseDsn("https://pub:secret@sentry.exempel.se/42")!;
    const lines = buildEnvelope(event, dsn, new Date("2026-01-15T10:00:00.000Z")).split("\n");
    expect(JSON.parse(lines[0]!)).toEqual({
      event_id: event.event_id,
      sent_at: "2026-01-15T10:00:00.000Z",
      dsn: "https://pub@sentry.exempel.se/42",
    });
    const payloadBytes = new TextEncoder().encode(lines[2]!).length;
    expect(JSON.parse(lines[1]!)).toEqual({ type: "event", length: payloadBytes });
    expect(payloadBytes).toBeGreaterThan(lines[2]!.length);
    expect(JSON.parse(lines[2]!)).toEqual(event);
    expect(lines[3]).toBe("");
  });

  it("is posted to the endpoint, and a refusal is an error", async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 200 }));
    const transport = sentryEnvelopeTransport(
      "https://pub@sentry.exempel.se/42",
      fetch as unknown as typeof globalThis.fetch,
    );
    await transport(event);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/^https:\/\/sentry\.exempel\.se\/api\/42\/envelope\/\?sentry_version=7&sentry_key=pub/);
    expect(init.method).toBe("POST");
    expect(String(init.body).split("\n")).toHaveLength(4);

    fetch.mockResolvedValueOnce(new Response(null, { status: 429 }));
    await expect(transport(event)).rejects.toThrow("HTTP 429");
  });

  it("refuses to start with an invalid DSN", () => {
    expect(() => sentryEnvelopeTransport("nonsense", fetch)).toThrow("Invalid Sentry DSN");
  });
});
