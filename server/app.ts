import path from "node:path";
import { fundraiserLive } from "./live/fundraiser-live";
import { teamLive } from "./live/team-live";
import { FUNDRAISER_PICTURE_ROUTE, fundraiserPictures } from "./fundraiser-pictures";
import compression from "compression";
import type { RequestListener } from "node:http";
import express from "express";
import type { ServerBuild } from "react-router";
import type { AppContainer } from "./container";
import { canonicalRedirects } from "./redirects";
import { cspNonce, permissionsPolicy, securityHeaders } from "./security-headers";
import { clientBuildFiles, loadPrerenderedPages } from "./static-files";
import { headersFrom, prerenderedResponses } from "./prerendered-responses";
import { healthRouter } from "./health";
import { apiRouter } from "./api/api-router";
import { testRoutes } from "./test-routes";
import { MEMORIAL_SIMULATOR_PATH } from "./memorial-services";
import { styleNonceForHtml } from "#integrations/simulator-kit/style-nonce";
import { pageRequestHandler } from "./page-requests";
import { countSubmittedSearches, SUBMITTED_SEARCH_PATHS } from "./submitted-searches";
import { finalErrorHandler } from "./error-pages";
import { rememberVisitor } from "./request-visitor";
import { faviconIco } from "./favicon";
import { donorDetails } from "#app/donor/gift-prefill.server";
import { createLoadContext } from "#app/load-context.server";
import { metricsRouter } from "./metrics/metrics-route";
import { timedRequests } from "./metrics/http-metrics";
import { tracedRequests } from "./tracing";
import { reducedModeGate } from "./reduced-mode";

export interface AppOptions {
  container: AppContainer;
  /** Production: the built server bundle. Development: a loader that asks Vite for it. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Production: build/client. In development Vite serves the client files. */
  clientDir?: string;
  /** Development: Vite's middleware, mounted before React Router. */
  viteMiddleware?: express.RequestHandler;
}

/**
 * The site's request listener, for `http.createServer`. The order matters:
 * pre-rendered pages first, answered whole in front of Express (with the same
 * security headers, made once), then in Express canonical redirects (cheap, no
 * body), compression and security headers, static files, the health checks and
 * metrics, the JSON API, and last React Router for pages. Every request is
 * timed for /metrics by its route pattern (server/metrics/http-metrics.ts),
 * and a span when tracing is on (server/tracing.ts). In reduced mode what is
 * optional is answered first and cheaply (server/reduced-mode.ts).
 */
export function createApp(options: AppOptions): RequestListener {
  const { container } = options;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", container.config.TRUST_PROXY_HOPS);

  const headers = [
    securityHeaders({
      https: container.config.publicUrl.startsWith("https://"),
      sentryDsn: container.config.SENTRY_DSN,
      gtmContainerId: container.config.GTM_CONTAINER_ID,
      extraFormActions: container.paymentSetup.formActionOrigins,
    }),
    permissionsPolicy(),
  ];
  app.use(rememberVisitor());
  app.use(canonicalRedirects());
  app.use(compression());
  app.use(cspNonce());
  app.use(headers);

  if (options.viteMiddleware) app.use(options.viteMiddleware);
  if (options.clientDir) {
    app.use(clientBuildFiles(options.clientDir));
    app.use("/favicon.ico", faviconIco(path.join(options.clientDir, "icons", "icon-48.png")));
  }

  app.use(healthRouter(container));
  app.use(metricsRouter(container.metrics.registry, container.config.METRICS_TOKEN));
  for (const simulator of container.paymentSetup.simulators) app.use(simulator.path, styleNonceForHtml(), simulator.router);
  if (container.researchSimulator) app.use("/_sim/research-portal", container.researchSimulator);
  if (container.memorial.simulator) app.use(MEMORIAL_SIMULATOR_PATH, container.memorial.simulator.router);
  if (container.donors.bankIdSimulator) app.use("/_sim/bankid", styleNonceForHtml(), container.donors.bankIdSimulator.router);
  app.use("/api", apiRouter(container));
  app.get("/insamling/:slug/live", fundraiserLive(container));
  app.get("/insamling/lag/:slug/live", teamLive(container));
  app.get(FUNDRAISER_PICTURE_ROUTE, fundraiserPictures(container));
  app.use("/_test", testRoutes(container));
  app.get("/__version", async (_req, res) => {
    const build = await resolveBuild(options.build);
    res.setHeader("Cache-Control", "no-store");
    res.json({ version: build.assets.version });
  });

  app.get(SUBMITTED_SEARCH_PATHS, countSubmittedSearches(container.search));
  app.use(
    pageRequestHandler({
      build: options.build,
      mode: container.config.NODE_ENV === "production" ? "production" : "development",
      logger: container.logger,
      getLoadContext: (req, res, render) =>
        createLoadContext(container, render?.nonce ?? (res.locals.nonce as string), req.ip ?? "", render),
      pageCache: container.pageCache,
      donorPages: {
        cookies: { session: container.donors.sessions.cookie, bankIdBrowser: container.donors.bankId.browserCookie },
        // Read as the form's loader would (app/donor/gift-prefill.server.ts): the same session look-up, the same details.
        details: async (cookieHeader) => {
          const session = await container.donors.sessions.current(cookieHeader);
          return session ? donorDetails(session.donor) : null;
        },
      },
    }),
  );

  app.use(finalErrorHandler(container));

  const observed = (listener: RequestListener) =>
    tracedRequests(timedRequests(reducedModeGate(listener, container.reducedMode), container.metrics.httpDuration), container.tracing);
  if (!options.clientDir) return observed(app);
  // Pre-rendered pages first, before Express: their headers are these same middleware's, made once (server/prerendered-responses.ts).
  const answerPrerendered = prerenderedResponses(loadPrerenderedPages(options.clientDir), headersFrom(headers));
  return observed((req, res) => {
    if (!answerPrerendered(req, res)) void app(req, res);
  });
}

async function resolveBuild(build: AppOptions["build"]): Promise<ServerBuild> {
  return typeof build === "function" ? build() : build;
}
