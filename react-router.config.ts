import type { Config } from "@react-router/dev/config";
import { contentRoutePaths } from "./core/content/content-library";

/**
 * Content pages are pre-rendered to HTML at build time (they change only with a
 * deploy); every other route is rendered on the server per request. The v8
 * future flags are on so the move to React Router 8 stays small.
 */
export default {
  ssr: true,
  // BUILD_DIR lets several builds live side by side (parallel test runs); default "build".
  buildDirectory: process.env.BUILD_DIR ?? "build",
  prerender: async () => ["/", ...contentRoutePaths("content")],
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
