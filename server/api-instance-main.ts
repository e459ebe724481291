import type { ServerBuild } from "react-router";
import { loadConfigOrExit } from "./config";
import { buildContainer } from "./container";
import { createApp } from "./app";
import { listenSite } from "./http-server";

/**
 * One instance of the site without its pages, as its own process: the same
 * container (database, limits, payments, simulators, job runner) and the same
 * app as server/index.ts, but no React Router build, so a test can start
 * several with `tsx` in a second and no `npm run build` (the pages are not
 * what is shared between instances). Used by server/several-instances.test.ts.
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const container = await buildContainer(config);
  await container.paymentSetup.swishSimulator?.ready;
  const app = createApp({ container, build: () => Promise.reject<ServerBuild>(new Error("this instance serves no pages")) });
  const server = listenSite(app, config.PORT, config.HOST, () => {
    container.logger.info({ url: config.publicUrl, database: container.engine }, "instance is listening");
    if (config.JOBS_ENABLED) container.jobs.start(200);
  });
  const shutdown = () => {
    server.close(() => void container.close().then(() => process.exit(0)));
    server.closeAllConnections();
    setTimeout(() => process.exit(1), 5_000).unref();
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}

void main();
