import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "react-router";
import { ConfigError, loadServerConfig, readEnvironment } from "./config";
import { buildContainer } from "./container";
import { createApp } from "./app";
import { listenSite } from "./http-server";

/**
 * Starts the site. In production it serves the build next to this file
 * (build/server-main.js → build/server/index.js and build/client); in
 * development it runs Vite in middleware mode with hot reloading.
 */
async function main() {
  let config;
  try {
    config = loadServerConfig(readEnvironment());
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const container = await buildContainer(config);
  const production = config.NODE_ENV === "production";
  let app;
  if (production) {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const build = (await import(/* @vite-ignore */ path.join(here, "server", "index.js"))) as ServerBuild;
    app = createApp({ container, build, clientDir: path.join(here, "client") });
  } else {
    const vite = await import("vite");
    const viteServer = await vite.createServer({ server: { middlewareMode: true } });
    app = createApp({
      container,
      build: () => viteServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
      viteMiddleware: viteServer.middlewares,
    });
  }

  const server = listenSite(app, config.PORT, config.HOST, () => {
    container.logger.info({ url: config.publicUrl, database: container.engine }, "site is listening");
    if (config.JOBS_ENABLED) container.jobs.start();
    // After listening: the research simulator is served by this very process.
    container.search.start();
  });

  const shutdown = (signal: string) => {
    container.logger.info({ signal }, "shutting down");
    server.close(() => {
      void container.close().then(() => process.exit(0));
    });
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

void main();
