// Bundles the Express server (server/, core/, db/, integrations/) into one file
// next to React Router's build. Packages stay external and load from node_modules.
// server-main.js is a small entry that makes Node load React Router's production
// build (scripts/server-entry/) and then imports the bundle, server-app.js.
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const buildDir = process.env.BUILD_DIR ?? "build";

await build({
  entryPoints: ["server/index.ts"],
  outfile: path.join(buildDir, "server-app.js"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});

fs.copyFileSync("scripts/server-entry/server-main.mjs", path.join(buildDir, "server-main.js"));
fs.copyFileSync("scripts/server-entry/production-resolve.mjs", path.join(buildDir, "production-resolve.mjs"));
