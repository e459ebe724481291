import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import express from "express";
import { RouterContextProvider, data, type ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routeConfig from "#app/routes";
import { nonceContext } from "#app/context";
import { loadContentLibrary } from "#core/content/content-library";
import { silentLogger } from "#core/logger";
import { CONTENT_DIR } from "#app/site.server";
import { RenderedPageCache } from "./page-cache";
import { pageRequestHandler } from "./page-requests";
import { cspNonce } from "./security-headers";
import { gzipGet, testPageBuild } from "#tests/support/test-page-build";
import { CONTENT_PAGE_ROUTE_ID, notFoundPages, routerSearch, type NotFoundPages } from "./not-found-page";

interface ConfigEntry {
  id?: string;
  file: string;
  path?: string;
  index?: boolean;
  children?: ConfigEntry[];
}

/** app/routes.ts as the build's route table: ids as React Router gives them (the file without its extension). */
function routeTable(entries: readonly ConfigEntry[]): ServerBuild["routes"] {
  const table: Record<string, { id: string; parentId?: string; path?: string; index?: boolean }> = { root: { id: "root", path: "" } };
  const add = (list: readonly ConfigEntry[], parentId: string) => {
    for (const entry of list) {
      const id = entry.id ?? entry.file.replace(/\.[^/.]+$/, "");
      table[id] = { id, parentId, ...(entry.path !== undefined ? { path: entry.path } : {}), ...(entry.index ? { index: true } : {}) };
      add(entry.children ?? [], id);
    }
  };
  add(entries, "root");
  return table as unknown as ServerBuild["routes"];
}

const siteRoutes = routeTable(routeConfig as ConfigEntry[]);
const manifest = { mode: "lazy" as const, manifestPath: "/__manifest" };

describe("which unknown addresses get the kept not-found page", () => {
  const pages = notFoundPages({ routes: siteRoutes, routeDiscovery: manifest }, loadContentLibrary(CONTENT_DIR)) as NotFoundPages;

  it("understands the site's routes: one parameter route (the content pages') and the catch-all", () => {
    expect(pages).not.toBeNull();
    expect(siteRoutes[CONTENT_PAGE_ROUTE_ID]?.path).toBe(":slug");
  });

  it("keeps one page for one-segment addresses and one for deeper ones, whatever their characters that need no escaping", () => {
    expect(pages.shapeOf("/finns-inte-har", "")).toBe("one-segment");
    expect(pages.shapeOf("/wp-login.php", "")).toBe("one-segment");
    expect(pages.shapeOf("/finns%C3%A5", "")).toBe("one-segment");
    expect(pages.shapeOf("/Finns-Inte", "utm_source=nyhetsbrev")).toBe("one-segment");
    expect(pages.shapeOf("/wp-admin/setup-config.php", "step=1")).toBe("deeper");
    expect(pages.shapeOf("/a/b/c/d", "q=a/b?c")).toBe("deeper");
    expect(pages.shapeOf("/a~!$()*+,;=:@/b", "")).toBe("deeper");
    expect(pages.shapeOf(`/${"a".repeat(511)}`, "")).toBe("one-segment");
  });

  it("renders for its visitor an address that would need escaping, is long, or that the URL parser or React Router would read otherwise", () => {
    for (const [pathname, query] of [
      ["/a/'b", ""],
      ['/a"b', ""],
      ["/a<b", ""],
      ["/a>b", ""],
      ["/a\\b", ""],
      ["/a b", ""],
      ["/a&b", ""],
      ["/a", "x=1&y=2"],
      ["/a", "x='1'"],
      ["/a", 'x="1"'],
      ["/a", "x=<"],
      [`/${"a".repeat(512)}`, ""],
      ["/a", `q=${"a".repeat(199)}`],
      ["/a/", ""],
      ["/a//b", ""],
      ["/", ""],
      ["/a/%zz", ""],
      ["/a/%C3", ""], // not UTF-8
      ["/a/../b", ""],
      ["/a/%2e%2E/b", ""],
      ["/a/./b", ""],
      ["/a.data", ""], // React Router's single fetch
      ["/a/b%2Edata", ""],
      ["/__manifest", "p=/a"],
    ] as const) {
      expect(pages.shapeOf(pathname, query), `${pathname}?${query}`).toBeNull();
    }
  });

  it("renders for its visitor an address whose first segment a route or a content page claims, in any case", () => {
    for (const pathname of [
      "/ge-en-gava/finns-inte", // the gift form's section in the header
      "/GE-EN-GAVA/x",
      "/insamling/finns-inte/alls", // the fundraisers' own 404, from a loader
      "/d/KORT/ref/x", // a greeting card's page, a splat
      "/order/x", // claimed by deeper routes only
      "/en/finns-inte", // the English frame
      "/en/a/b",
      "/sok/x",
      "/mina-sidor/x",
      "/om-oss", // a content page (pre-rendered) …
      "/OM-OSS", // … whose header link a NavLink marks without regard to case
      "/om-oss/x",
      "/om%2Doss/x", // React Router decodes it: the content page
      "/about/x", // an English page's slug
    ]) {
      expect(pages.shapeOf(pathname, ""), pathname).toBeNull();
    }
  });

  it("is the page of an anonymous visitor's GET: never with a session, a BankID sign-in under way, or any cookie not known harmless", () => {
    const request = (originalUrl: string, headers: Record<string, string> = {}, method = "GET") => ({ method, originalUrl, headers });
    const kept = pages.keptRequest(request("/finns-inte?utm_source=x", { cookie: "hl_consent=necessary; hl_identity=a" }));
    expect(kept).toMatchObject({ key: "404:one-segment|other|necessary", visitor: { pathname: "/finns-inte", search: "?utm_source=x" } });
    expect(pages.keptRequest(request("/a/b", { "user-agent": "Mozilla/5.0 (iPhone)" }))?.key).toBe("404:deeper|phone|");
    // The stand-in is an address of the same shape, and the page shows its query as React Router writes it.
    expect(pages.shapeOf(kept!.standInUrl.split("?")[0]!, kept!.standInUrl.split("?").slice(1).join("?"))).toBe("one-segment");
    expect(kept!.standIn.search).toBe(routerSearch(kept!.standInUrl.split("?").slice(1).join("?")));
    expect(kept!.standInUrl).toContain(kept!.marker);
    expect(pages.keptRequest(request("/finns-inte", { cookie: "__Host-hl_session=s" }))).toBeNull();
    expect(pages.keptRequest(request("/finns-inte", { cookie: "hl_consent=all; hl_bankid=b" }))).toBeNull();
    expect(pages.keptRequest(request("/finns-inte", { cookie: "hl_staff=s" }))).toBeNull();
    expect(pages.keptRequest(request("/finns-inte", { cookie: "other=1" }))).toBeNull();
    expect(pages.keptRequest(request("/finns-inte", {}, "HEAD"))).toBeNull();
    expect(pages.keptRequest(request("/finns-inte", {}, "POST"))).toBeNull();
  });

  it("shows the query as React Router hands it to the page: read and written again, without its _routes", () => {
    expect(routerSearch("")).toBe("");
    expect(routerSearch("utm_source=nyhetsbrev")).toBe("?utm_source=nyhetsbrev");
    expect(routerSearch("q=a/b?c~!%2D%c3%a5")).toBe("?q=a%2Fb%3Fc%7E%21-%C3%A5");
    expect(routerSearch("_routes=root")).toBe("");
    expect(routerSearch("flag")).toBe("?flag=");
  });

  it("keeps nothing for a route table with another parameter first segment, and no one-segment page beside another parameter route", () => {
    const table = (extra: Record<string, { id: string; parentId: string; path: string }>) =>
      notFoundPages({ routes: { ...siteRoutes, ...extra } as ServerBuild["routes"] }, []);
    expect(table({ lang: { id: "lang", parentId: "root", path: ":lang/om" } })).toBeNull();
    expect(table({ optional: { id: "optional", parentId: "root", path: "en?/om" } })).toBeNull();
    const withShortLinks = notFoundPages(
      { routes: { ...siteRoutes, [CONTENT_PAGE_ROUTE_ID]: undefined, short: { id: "short", parentId: "root", path: ":code" } } as unknown as ServerBuild["routes"] },
      [],
    );
    expect(withShortLinks?.shapeOf("/abc", "")).toBeNull();
    expect(withShortLinks?.shapeOf("/abc/def", "")).toBe("deeper");
  });
});

/**
 * A build of three routes like the site's (`:slug` answering 404, the catch-all) whose entry renders the
 * address where the site's page has it: in a form's returnTo (escaped for an attribute, as React does) and
 * in a script's JSON string. `alsoEncoded` puts it a third time, percent-encoded, as a later change might.
 */
function fakeBuild(alsoEncoded = false): ServerBuild {
  const notFound = () => {
    throw data(null, { status: 404 });
  };
  const attribute = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const route = (id: string, path: string | undefined, parentId?: string) => ({
    id,
    path,
    parentId,
    module: { default: () => null, ErrorBoundary: () => null, ...(parentId ? { loader: notFound } : {}) },
  });
  const routes = { root: route("root", ""), [CONTENT_PAGE_ROUTE_ID]: route(CONTENT_PAGE_ROUTE_ID, ":slug", "root"), "content/not-found": route("content/not-found", "*", "root") };
  return testPageBuild({
    entry: {
      default: (_request: Request, status: number, headers: Headers, context: { staticHandlerContext: { location: { pathname: string; search: string } } }, loadContext: RouterContextProvider) => {
        const nonce = loadContext.get(nonceContext);
        const { pathname, search } = context.staticHandlerContext.location;
        headers.set("Content-Type", "text/html; charset=utf-8");
        const html = [
          `<!DOCTYPE html><style nonce="${nonce}"></style><h1>Sidan kunde inte hittas</h1>`,
          `<form><input type="hidden" name="returnTo" value="${attribute(pathname + search)}"></form>`,
          alsoEncoded ? `<a href="/sok?from=${encodeURIComponent(pathname)}">Sök</a>` : "",
          `<script nonce="${nonce}">restore("react-router-scroll-positions", ${JSON.stringify(pathname)})</script>`,
        ].join("");
        return new Response(html, { status, headers });
      },
    },
    routes,
  });
}

describe("the kept not-found page, served", () => {
  const servers: Server[] = [];
  async function serve(build: ServerBuild, cache: RenderedPageCache): Promise<string> {
    const app = express();
    app.use(cspNonce());
    app.use(
      pageRequestHandler({
        build,
        mode: "production",
        logger: silentLogger,
        getLoadContext: (_req, res, render) => {
          const context = new RouterContextProvider();
          context.set(nonceContext, render?.nonce ?? (res.locals.nonce as string));
          return context;
        },
        pageCache: cache,
      }),
    );
    const server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    servers.push(server);
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }
  const newCache = () => new RenderedPageCache({ maxEntries: 10, ttlMs: 60_000, now: () => 0 });
  let url: string;
  let cache: RenderedPageCache;
  beforeAll(async () => {
    cache = newCache();
    url = await serve(fakeBuild(), cache);
  });
  afterAll(() => servers.forEach((server) => server.close()));

  /** The answer with its nonce taken out, and whether it came whole (a kept page) or streamed (rendered now). */
  async function answer(path: string, headers: Record<string, string> = {}) {
    const response = await fetch(`${url}${path}`, { headers });
    const html = await response.text();
    const nonce = /'?nonce="([^"]+)"/.exec(html)?.[1] ?? "";
    return { status: response.status, html: html.replaceAll(nonce, "NONCE"), nonce, whole: response.headers.has("content-length"), type: response.headers.get("content-type") };
  }

  it("is, for every address of either shape, the page rendered for that address, with a nonce of its own", async () => {
    for (const path of ["/finns-inte-har", "/finns%C3%A5", "/Finns?utm_source=nyhetsbrev", "/wp-admin/setup-config.php?step=1", "/a/b%20c/~!$()*+,;=:@?q=a/b?c%2D"]) {
      const fresh = await answer(path, { cookie: "fresh=1" }); // a cookie not known harmless: rendered for this request
      expect(fresh.whole, path).toBe(false);
      const nonces = new Set<string>();
      for (let i = 0; i < 2; i++) {
        const kept = await answer(path);
        expect(kept.whole, path).toBe(true);
        expect(kept.status, path).toBe(404);
        expect(kept.type).toBe("text/html; charset=utf-8");
        expect(kept.html, path).toBe(fresh.html);
        nonces.add(kept.nonce);
      }
      expect(nonces.size).toBe(2);
    }
    // One page per shape (and device and consent), not per address.
    expect(cache.size).toBe(2);
  });

  it("is the same page gzip'd from its pieces, the address of any length between them", async () => {
    for (const path of ["/x", `/${"lang".repeat(100)}`, "/a/b?c=d"]) {
      const fresh = await answer(path, { cookie: "fresh=1" });
      await answer(path);
      const response = await gzipGet(`${url}${path}`);
      expect(response.encoding).toBe("gzip");
      const html = zlib.gunzipSync(response.body).toString("utf8");
      const nonce = /nonce="([^"]+)"/.exec(html)?.[1] ?? "";
      expect(html.replaceAll(nonce, "NONCE")).toBe(fresh.html);
    }
  });

  it("renders an address that needs escaping for its visitor, escaped", async () => {
    const fresh = await answer("/a/'b?x=1&y=2", { cookie: "fresh=1" });
    const rendered = await answer("/a/'b?x=1&y=2");
    expect(rendered.whole).toBe(false);
    expect(rendered.html).toBe(fresh.html);
    expect(rendered.html).toContain('value="/a/&#x27;b?x=1&amp;y=2"');
  });

  it("keeps nothing, and renders the visitor's own page, when the address appears anywhere else in the page", async () => {
    const encodedCache = newCache();
    const encodedUrl = await serve(fakeBuild(true), encodedCache);
    const response = await fetch(`${encodedUrl}/finns-inte-har`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('value="/finns-inte-har"');
    expect(html).toContain('href="/sok?from=%2Ffinns-inte-har"');
    expect(html).not.toMatch(/nf-[0-9a-f]{16}/);
    expect(encodedCache.size).toBe(0);
  });
});
