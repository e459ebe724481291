// Bundles the Express server (server/, core/, db/, integrations/) into one file
// next to React Router's build. Packages stay external and load from node_modules.
import { build } from "esbuild";

await build({
  entryPoints: ["server/index.ts"],
  outfile: `${process.env.BUILD_DIR ?? "build"}/server-main.js`,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
