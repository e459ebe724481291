import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";
import { loadBuildTimeSiteSettings, readEnvironment } from "./server/config";

/**
 * In the browser build "zod" is app/client/zod-without-eval.ts, which sets
 * Zod up for our CSP before any schema is made, and only pages that make
 * schemas load Zod at all (see that file).
 */
function zodWithoutEvalInTheBrowser(): Plugin {
  const shim = path.resolve("app/client/zod-without-eval.ts");
  return {
    name: "zod-without-eval-in-the-browser",
    enforce: "pre",
    resolveId(source, importer) {
      if (source === "zod" && this.environment.name === "client" && importer !== shim) return shim;
      return null;
    },
  };
}

/**
 * The server build has three entries in one Rollup graph: React Router's
 * server build (index.js, which pre-rendering and React Router's tooling
 * read), the Express server that serves it (site.js, server/site-build.ts) and
 * the document render pool's worker thread (render-worker.js,
 * documents/render-worker.ts; decision 0039). Modules they share – all of
 * core/ – are bundled once, into shared chunks, so every class and piece of
 * module state exists once in production (decision 0036). React Router names
 * every server entry "index.js"; this names the other two apart.
 */
const SITE_ENTRY = "site";
const RENDER_WORKER_ENTRY = "render-worker";
const NAMED_ENTRIES = new Set([SITE_ENTRY, RENDER_WORKER_ENTRY]);
function serverEntriesNamed(): Plugin {
  return {
    name: "server-entries-named",
    apply: (_config, env) => env.isSsrBuild === true,
    outputOptions(output) {
      const routesEntry = output.entryFileNames;
      return { ...output, entryFileNames: (chunk) => (NAMED_ENTRIES.has(chunk.name) ? `${chunk.name}.js` : typeof routesEntry === "function" ? routesEntry(chunk) : (routesEntry ?? "index.js")) };
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [zodWithoutEvalInTheBrowser(), reactRouter(), serverEntriesNamed()],
  define: {
    // Pre-rendered pages take the site settings present at build time, read and
    // validated by the server's own configuration loader (decision 0009); at run
    // time the server hands loaders its values instead (app/site-settings-context.server.ts).
    __BUILD_SITE_SETTINGS__: JSON.stringify(loadBuildTimeSiteSettings(readEnvironment())),
  },
  build: {
    // Our CSS is small; one stylesheet per route keeps the critical path short.
    cssCodeSplit: true,
    rollupOptions: isSsrBuild
      ? { input: { index: "virtual:react-router/server-build", [SITE_ENTRY]: "server/site-build.ts", [RENDER_WORKER_ENTRY]: "documents/render-worker.ts" } }
      : undefined,
  },
}));
