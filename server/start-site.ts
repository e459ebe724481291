import type { ServerBuild } from "react-router";
import type express from "express";
import { loadConfigOrExit } from "./config";
import { buildContainer } from "./container";
import { createApp } from "./app";
import { listenSite } from "./http-server";

export interface SiteStartOptions {
  /** Production: the server build this module was built into. Development: a loader that asks Vite for it. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Production: build/client. In development Vite serves the client files. */
  clientDir?: string;
  /** Development: Vite's middleware, mounted before React Router. */
  viteMiddleware?: express.RequestHandler;
  /** Production: build/server/render-worker.js, the render pool's worker (decision 0039). From source the pool finds its own. */
  renderWorkerFile?: string;
}

/**
 * Reads the configuration, builds the container, listens, and starts the jobs
 * and the search index. The same function starts production (from the server
 * build, server/site-build.ts) and development (loaded through Vite by
 * server/index.ts), so that in both the server and the routes share one module
 * graph: one copy of every core module, class and piece of module state.
 */
export async function startSite(options: SiteStartOptions): Promise<void> {
  const config = loadConfigOrExit();

  const { renderWorkerFile, ...appOptions } = options;
  const container = await buildContainer(config, { renderWorkerFile });
  const app = createApp({ container, ...appOptions });

  const server = listenSite(app, config.PORT, config.HOST, () => {
    container.logger.info({ url: config.publicUrl, database: container.engine }, "site is listening");
    if (config.JOBS_ENABLED) container.jobs.start();
    // After listening: the research simulator is served by this very process.
    container.search.start();
  });

  const shutdown = (signal: string) => {
    container.logger.info({ signal }, "shutting down");
    // Live streams never end by themselves: end them first, or close would wait for them.
    void container.live.fanOut.close();
    server.close(() => {
      void container.close().then(() => process.exit(0));
    });
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}
