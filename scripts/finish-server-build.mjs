// Puts the production server's entry next to React Router's build. The server
// itself is part of React Router's server build (server/site-build.ts, decision
// 0036); server-main.js installs the resolve hook that makes Node load React
// Router's production files (scripts/server-entry/), then imports that build.
import fs from "node:fs";
import path from "node:path";
import { buildMigrationBundle } from "./migration-bundle.mjs";

const buildDir = process.env.BUILD_DIR ?? "build";

fs.copyFileSync("scripts/server-entry/server-main.mjs", path.join(buildDir, "server-main.js"));
fs.copyFileSync("scripts/server-entry/production-resolve.mjs", path.join(buildDir, "production-resolve.mjs"));

// The migration step on its own, for the container's start script.
await buildMigrationBundle(buildDir);
