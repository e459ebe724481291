// The production server's entry (copied to <build>/server-main.js by
// scripts/finish-server-build.mjs). The resolve hook must be in place before the
// first import of react-router, so the server build is imported after it.
// server/site.js (the Express server) and server/index.js (React Router's build)
// are two entries of one Rollup build and share its modules (decision 0036);
// server/render-worker.js is the third, the document render pool's worker
// thread (decision 0039), found here beside the others.
import path from "node:path";
import { register } from "node:module";
import { fileURLToPath } from "node:url";

register("./production-resolve.mjs", import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const build = await import("./server/index.js");
const { startSite } = await import("./server/site.js");
await startSite({ build, clientDir: path.join(here, "client"), renderWorkerFile: path.join(here, "server", "render-worker.js") });
