// Build step: writes the approved research projects to <BUILD_DIR>/research-projects.json,
// the snapshot that seeds the research cache (and so the research pages and the
// search index) when a freshly deployed server starts. Run after `react-router build`.
//
// In simulator mode (the default) the simulator is served on a free local port for
// the few milliseconds the fetch takes, so the real client and protocol are used.
// A portal outage never fails the build: the previous snapshot is kept if there is
// one, otherwise the server fetches the list on first use.
import type { AddressInfo } from "node:net";
import express from "express";
import { systemClock } from "#core/clock";
import { ResearchPortalClient } from "#integrations/research-portal/client";
import { writeResearchSnapshot } from "#integrations/research-portal/build-snapshot";
import { createResearchPortalSimulator } from "#integrations/research-portal/simulator/research-portal-simulator";
import { loadServerConfig, readEnvironment } from "#server/config";
import { researchSnapshotFile } from "#server/search-setup";

const config = loadServerConfig(readEnvironment());
const file = researchSnapshotFile(config);
const logger = {
  debug: () => {},
  info: (obj: object, msg?: string) => console.log(msg ?? "", obj),
  warn: (obj: object, msg?: string) => console.warn(msg ?? "", obj),
  error: (obj: object, msg?: string) => console.error(msg ?? "", obj),
};

let close = async () => {};
let baseUrl = config.RESEARCH_PORTAL_URL as string;
if (config.RESEARCH_PORTAL_MODE === "simulator") {
  const app = express();
  app.use("/_sim/research-portal", createResearchPortalSimulator());
  const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/_sim/research-portal`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
}

try {
  const client = new ResearchPortalClient({ baseUrl, product: config.RESEARCH_PORTAL_PRODUCT, logger });
  const { snapshot, fresh } = await writeResearchSnapshot({ source: client, file, clock: systemClock, logger });
  console.log(`research snapshot: ${snapshot.projects.length} projects ${fresh ? "fetched" : "kept from the previous build"} → ${file}`);
} catch (error) {
  console.warn(`research snapshot: the portal did not answer (${(error as Error).message}); the server will fetch the list on first use`);
} finally {
  await close();
}
