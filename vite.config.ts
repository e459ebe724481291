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

export default defineConfig({
  plugins: [zodWithoutEvalInTheBrowser(), reactRouter()],
  define: {
    // Pre-rendered pages take the site settings present at build time, read and
    // validated by the server's own configuration loader (decision 0009); at run
    // time the server hands loaders its values instead (app/site-settings-context.server.ts).
    __BUILD_SITE_SETTINGS__: JSON.stringify(loadBuildTimeSiteSettings(readEnvironment())),
  },
  build: {
    // Our CSS is small; one stylesheet per route keeps the critical path short.
    cssCodeSplit: true,
  },
});
