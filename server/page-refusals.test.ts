import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { handleError } from "#app/entry.server";
import { containerContext } from "#app/context";
import type { AppContainer } from "./container";
import type { Logger } from "#core/logger";
import { pageRequestHandler } from "./page-requests";
import { finalErrorHandler } from "./error-pages";

/**
 * Issue #30: a post from another site, or to a page without an action, was
 * logged at error level with a stack trace – anyone could fill the error log.
 * The page handler and the app's real handleError (app/entry.server.tsx) run
 * here in front of a small route table of their own: a page with an action
 * (/skicka), pages without one (/ and /sida), and a page whose loader fails
 * for real, which must still be an error.
 */
function recordingLogger() {
  const lines: Array<{ level: string; obj: Record<string, unknown>; msg?: string }> = [];
  const at = (level: string) => (obj: object, msg?: string) => void lines.push({ level, obj: obj as Record<string, unknown>, msg });
  const logger: Logger = { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
  return { logger, lines };
}

const Page = () => null;

/** Just enough of a React Router build: the routes above, the app's handleError and a document renderer that shows the status. */
function smallBuild(): ServerBuild {
  const route = (id: string, path: string | undefined, module: Record<string, unknown>, parentId?: string) => ({
    id,
    parentId,
    path,
    index: undefined,
    caseSensitive: undefined,
    module: { default: Page, ...module },
  });
  return {
    entry: {
      module: {
        default: (_request: Request, status: number, headers: Headers) => {
          headers.set("Content-Type", "text/html; charset=utf-8");
          return new Response(`<!doctype html><p>status ${status}</p>`, { status, headers });
        },
        handleError,
      },
    },
    routes: {
      root: route("root", "", {}),
      send: route("send", "skicka", { action: () => ({ ok: true }) }, "root"),
      page: route("page", "sida", { loader: () => ({ text: "en sida" }) }, "root"),
      broken: route("broken", "trasig", { loader: () => { throw new Error("the database is gone"); } }, "root"),
    },
    assets: { entry: { imports: [], module: "/entry.js" }, routes: {}, url: "/manifest.js", version: "1" },
    future: { v8_middleware: true, v8_splitRouteModules: true, v8_viteEnvironmentApi: false, v8_passThroughRequests: false, v8_trailingSlashAwareDataRequests: true },
    basename: "/",
    publicPath: "/",
    assetsBuildDirectory: "",
    isSpaMode: false,
    ssr: true,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}

describe("posts a page cannot take are the visitor's doing, not errors in the log", () => {
  const log = recordingLogger();
  let server: Server;
  let url = "";

  beforeAll(async () => {
    const container = { logger: log.logger, errorReporter: { enabled: false } } as unknown as AppContainer;
    const app = express();
    app.use(
      pageRequestHandler({
        build: smallBuild(),
        mode: "production",
        logger: log.logger,
        getLoadContext: () => {
          const context = new RouterContextProvider();
          context.set(containerContext, container);
          return context;
        },
      }),
    );
    app.use(finalErrorHandler(container));
    server = await new Promise((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  const post = (path: string, origin?: string) =>
    fetch(`${url}${path}`, {
      method: "POST",
      body: new URLSearchParams({ namn: "Astrid" }),
      headers: origin ? { origin } : {},
    });

  /** What the log got for the requests `run` makes. */
  async function logged(run: () => Promise<void>) {
    const before = log.lines.length;
    await run();
    return log.lines.slice(before);
  }

  it("takes a post from the site itself, and one without an Origin (a script, a provider)", async () => {
    const lines = await logged(async () => {
      expect((await post("/skicka", url)).status).toBe(200);
      expect((await post("/skicka")).status).toBe(200);
    });
    expect(lines).toEqual([]);
  });

  it("refuses a post from another site with 403 and a short Swedish page, logged as a warning without a stack", async () => {
    const lines = await logged(async () => {
      for (const path of ["/skicka", "/skicka.data", "/sida", "/"]) {
        for (const origin of ["https://evil.example", "not a url", `${url.replace("127.0.0.1", "localhost")}`]) {
          const answer = await post(path, origin);
          expect(answer.status, `${path} from ${origin}`).toBe(403);
          expect(answer.headers.get("cache-control")).toBe("no-store");
          expect(await answer.text()).toContain("Formuläret kom från en annan webbplats");
        }
      }
    });
    expect(lines.length).toBe(12);
    for (const line of lines) {
      expect(line.level).toBe("warn");
      expect(line.obj).toMatchObject({ status: 403, reason: "cross-origin post" });
      expect(line.obj.err).toBeUndefined();
    }
  });

  it("answers a post to a page without an action with 405, logged as a warning without a stack", async () => {
    const lines = await logged(async () => {
      for (const path of ["/sida", "/", "/sida.data"]) expect((await post(path, url)).status, path).toBe(405);
    });
    expect(lines.length).toBe(3);
    for (const line of lines) {
      expect(line.level).toBe("warn");
      expect(line.obj).toMatchObject({ status: 405, method: "POST" });
      expect(line.obj.err).toBeUndefined();
      expect(JSON.stringify(line.obj)).not.toMatch(/\n\s+at /);
    }
  });

  it("still logs a real failure as an error, with its stack", async () => {
    const lines = await logged(async () => {
      expect((await fetch(`${url}/trasig`)).status).toBe(500);
    });
    expect(lines.map((l) => l.level)).toEqual(["error"]);
    expect((lines[0]!.obj.err as Error).stack).toContain("the database is gone");
  });
});
