import type { ErrorTransport, ReportEvent } from "./report-event";

/**
 * Sentry's ingestion protocol, enough to send one event: the DSN
 * `{protocol}://{publicKey}[:{secret}]@{host}[:{port}]/{path/}{projectId}`
 * names the endpoint `{protocol}://{host}[:{port}]/{path/}api/{projectId}/envelope/`
 * and the key travels as `sentry_key` in the query (no custom headers, so
 * browsers need no CORS preflight). Works with sentry.io and self-hosted
 * Sentry-compatible servers. Note: the site's CSP must list the DSN's origin
 * in connect-src before the browser may post there.
 */
export interface Dsn {
  protocol: "http" | "https";
  publicKey: string;
  host: string;
  port: string;
  path: string;
  projectId: string;
}

export function parseDsn(dsn: string): Dsn | null {
  let url: URL;
  try {
    url = new URL(dsn);
  } catch {
    return null;
  }
  const protocol = url.protocol.replace(":", "");
  if (protocol !== "http" && protocol !== "https") return null;
  const segments = url.pathname.split("/").filter(Boolean);
  const projectId = segments.pop();
  if (!url.username || !projectId || !/^\d+$/.test(projectId)) return null;
  return {
    protocol,
    publicKey: decodeURIComponent(url.username),
    host: url.hostname,
    port: url.port,
    path: segments.join("/"),
    projectId,
  };
}

const SENTRY_VERSION = "7";
const CLIENT = "hl-site-reporter/1.0";

export function envelopeEndpoint(dsn: Dsn): string {
  const port = dsn.port ? `:${dsn.port}` : "";
  const path = dsn.path ? `/${dsn.path}` : "";
  const query = new URLSearchParams({
    sentry_version: SENTRY_VERSION,
    sentry_key: dsn.publicKey,
    sentry_client: CLIENT,
  });
  return `${dsn.protocol}://${dsn.host}${port}${path}/api/${dsn.projectId}/envelope/?${query.toString()}`;
}

/** The DSN without any secret, as the envelope header carries it. */
export function publicDsn(dsn: Dsn): string {
  const port = dsn.port ? `:${dsn.port}` : "";
  const path = dsn.path ? `/${dsn.path}` : "";
  return `${dsn.protocol}://${encodeURIComponent(dsn.publicKey)}@${dsn.host}${port}${path}/${dsn.projectId}`;
}

/** Envelope: header line, item header line (with the payload's byte length), payload line. */
export function buildEnvelope(event: ReportEvent, dsn: Dsn, sentAt: Date): string {
  const payload = JSON.stringify(event);
  const header = JSON.stringify({ event_id: event.event_id, sent_at: sentAt.toISOString(), dsn: publicDsn(dsn) });
  const itemHeader = JSON.stringify({ type: "event", length: new TextEncoder().encode(payload).length });
  return `${header}\n${itemHeader}\n${payload}\n`;
}

export function sentryEnvelopeTransport(
  dsnString: string,
  fetchImpl: typeof fetch,
  now: () => Date = () => new Date(),
): ErrorTransport {
  const dsn = parseDsn(dsnString);
  if (!dsn) throw new Error("Invalid Sentry DSN");
  const endpoint = envelopeEndpoint(dsn);
  return async (event) => {
    const response = await fetchImpl(endpoint, { method: "POST", body: buildEnvelope(event, dsn, now()) });
    if (!response.ok) throw new Error(`Sentry answered HTTP ${response.status}`);
  };
}
