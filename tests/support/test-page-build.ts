import http from "node:http";
import type { ServerBuild } from "react-router";

/**
 * A React Router build made in a test (server/not-found-page.test.ts, server/donor-kept-pages.test.tsx):
 * the entry, routes and browser manifest the test gives, and what every build says besides.
 */
export function testPageBuild(parts: { entry: unknown; routes: Record<string, unknown>; assetRoutes?: Record<string, unknown> }): ServerBuild {
  return {
    entry: { module: parts.entry },
    routes: parts.routes,
    assets: { entry: { module: "/entry.js", imports: [] }, routes: parts.assetRoutes ?? {}, url: "/manifest.js", version: "1" },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: { v8_middleware: true },
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}

/** The answer's bytes as sent, asking for gzip (fetch would decompress them). */
export function gzipGet(address: string, headers: Record<string, string> = {}): Promise<{ encoding: string | undefined; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(address, { headers: { "accept-encoding": "gzip", ...headers } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ encoding: response.headers["content-encoding"], body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}
