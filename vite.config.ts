import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { loadBuildTimeSiteSettings, readEnvironment } from "./server/config";

export default defineConfig({
  plugins: [reactRouter()],
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
