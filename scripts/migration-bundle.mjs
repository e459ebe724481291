// Bundles scripts/db-migrate.ts into <buildDir>/migrate/db-migrate.js for the
// container's start script (scripts/container-start.mjs): the runtime image
// has no tsx, and the server build exports only the site. A small separate
// bundle; dependencies stay in node_modules, as for the server.
import path from "node:path";

export async function buildMigrationBundle(buildDir, { logLevel = "warn" } = {}) {
  const { build } = await import("vite");
  await build({
    configFile: false,
    publicDir: false,
    logLevel,
    build: {
      ssr: "scripts/db-migrate.ts",
      outDir: path.join(buildDir, "migrate"),
      emptyOutDir: true,
      target: "node20",
      rollupOptions: { output: { entryFileNames: "db-migrate.js" } },
    },
  });
}
