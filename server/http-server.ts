import http from "node:http";

/**
 * How long an idle keep-alive connection stays open. Node's default of 5 s is
 * shorter than clients keep theirs (browsers, proxies and load balancers about
 * 60 s): a client that sends on a connection just as the server closes it gets
 * a reset instead of an answer. Longer than the usual 60 s, so the client
 * always closes first.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** The site's HTTP server for a request listener (server/app.ts), listening on port and host. */
export function listenSite(listener: http.RequestListener, port: number, host: string, onListening: () => void): http.Server {
  const server = http.createServer({ keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS, headersTimeout: KEEP_ALIVE_TIMEOUT_MS + 1_000 }, listener);
  return server.listen(port, host, onListening);
}
