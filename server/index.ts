import type { ServerBuild } from "react-router";
import type { startSite } from "./start-site";

/**
 * `npm run dev`: Vite in middleware mode with hot reloading. The server's own
 * modules are loaded through Vite too (not by this process's loader), so that
 * in development as in production the server and the routes share one module
 * graph (decision 0036). Production starts from build/server-main.js instead.
 */
async function main() {
  const vite = await import("vite");
  const viteServer = await vite.createServer({ server: { middlewareMode: true } });
  const site = (await viteServer.ssrLoadModule("/server/start-site.ts")) as { startSite: typeof startSite };
  await site.startSite({
    build: () => viteServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    viteMiddleware: viteServer.middlewares,
  });
}

void main();
