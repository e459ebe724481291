import http from "node:http";
import https from "node:https";
import { SpanKind, SpanStatusCode } from "@opentelemetry/api";
import { endSpanWithError, siteTracer } from "#core/tracing";

/**
 * The one way our provider clients talk HTTP. Built on node:http(s) rather than
 * global fetch because Swish and BankID need mutual TLS (a client certificate in
 * PKCS#12 and a pinned CA), which fetch cannot take without an extra dispatcher.
 */
export interface TlsOptions {
  /** PKCS#12 bundle with the client certificate and key. */
  pfx?: Buffer;
  passphrase?: string;
  /** CA certificate(s) the provider's server certificate must chain to. */
  ca?: Buffer | string;
}

export interface HttpRequest {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  url: string;
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
  tls?: TlsOptions;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export class HttpTimeoutError extends Error {
  constructor(url: string, timeoutMs: number) {
    super(`Request to ${new URL(url).origin} timed out after ${timeoutMs} ms`);
    this.name = "HttpTimeoutError";
  }
}

/**
 * Sends one request to a provider, inside a client span (decision 0048) named
 * by method and host alone: the path and query can carry references and
 * personal data, so they are never recorded.
 */
export async function httpRequest(req: HttpRequest): Promise<HttpResponse> {
  const url = new URL(req.url);
  const port = Number(url.port || (url.protocol === "https:" ? 443 : 80));
  return siteTracer().startActiveSpan(
    `${req.method} ${url.hostname}`,
    { kind: SpanKind.CLIENT, attributes: { "http.request.method": req.method, "server.address": url.hostname, "server.port": port } },
    async (span) => {
      try {
        const response = await send(url, req);
        span.setAttribute("http.response.status_code", response.status);
        if (response.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
        return response;
      } catch (error) {
        endSpanWithError(span, error);
        throw error;
      }
    },
  );
}

function send(url: URL, req: HttpRequest): Promise<HttpResponse> {
  const isHttps = url.protocol === "https:";
  const transport = isHttps ? https : http;
  const headers: Record<string, string> = { ...req.headers };
  if (req.body !== undefined) headers["content-length"] = String(Buffer.byteLength(req.body));

  return new Promise((resolve, reject) => {
    const request = transport.request(
      url,
      {
        method: req.method,
        headers,
        ...(isHttps && req.tls ? { pfx: req.tls.pfx, passphrase: req.tls.passphrase, ca: req.tls.ca } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }),
        );
        res.on("error", reject);
      },
    );
    request.setTimeout(req.timeoutMs, () => request.destroy(new HttpTimeoutError(req.url, req.timeoutMs)));
    request.on("error", reject);
    if (req.body !== undefined) request.write(req.body);
    request.end();
  });
}

/** Parses a JSON body, or returns undefined when the body is empty or not JSON. */
export function parseJsonBody(body: string): unknown {
  if (!body.trim()) return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}
