import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import express from "express";
import { Links, Meta, Outlet, RouterContextProvider, Scripts, useLoaderData, type LoaderFunctionArgs, type ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import handleRequest from "#app/entry.server";
import { nonceContext, prefillStandInContext } from "#app/context";
import { silentLogger } from "#core/logger";
import { RenderedPageCache } from "./page-cache";
import { pageRequestHandler } from "./page-requests";
import { cspNonce } from "./security-headers";
import { donorPageKey } from "./donor-kept-pages";
import { gzipGet, testPageBuild } from "#tests/support/test-page-build";

/**
 * The gift form kept for logged-in donors (decision 0058), through the site's
 * own document rendering (app/entry.server.tsx: React, React Router's
 * `<Scripts>` and its data stream) on a two-route build shaped like the gift
 * form: the loader fills a donor's details in as the form's does, and the page
 * shows them in inputs, in text and in the loader data the browser hydrates
 * with. A donor's kept page must be, byte for byte, the page rendered for
 * them – whatever their name holds.
 */
const SESSION = "hl_session";
const BANKID = "hl_bankid";
/** Test donors by session id: the details a gift form fills in (app/donor/gift-prefill.server.ts `donorDetails`). */
const DONORS: Record<string, Record<string, string>> = {
  astrid: { name: "Astrid Lindqvist", email: "astrid@exempel.se", personnummer: "19400101-1234", street: "Storgatan 1", postalCode: "111 22", city: "Umeå" },
  odd: {
    name: `Märta "Mia" O'Brien-Åkesson & <b>Söner</b> </script><script>alert(1)</script> \u2028\u2029 \\ 😀`,
    email: "mia+gåva@exempel.se",
    personnummer: "19400101-1234",
  },
  // The same shape as "odd" (no address): one kept page for both.
  plain: { name: "Per Persson", email: "per@exempel.se", personnummer: "19500505-5555" },
  protected: { name: "Skyddad Person" },
};

function detailsOf(cookieHeader: string | null | undefined): Record<string, string> | null {
  const id = /(?:^|;\s*)hl_session=([^;]+)/.exec(cookieHeader ?? "")?.[1];
  return id ? (DONORS[id] ?? null) : null;
}

function Root() {
  return (
    <html lang="sv">
      <head>
        <Meta />
        <Links />
      </head>
      <body>
        <Outlet />
        <Scripts />
      </body>
    </html>
  );
}

/** How many times the page's loader ran: once per page rendered, none for a kept page's answer. */
let renders = 0;
/** The Cookie headers the page rendered to be kept was rendered with. */
const cookiesSeenByStandInRenders: Array<string | null> = [];

async function giftLoader({ request, context }: LoaderFunctionArgs) {
  renders += 1;
  // As app/donor/gift-prefill.server.ts: the stand-ins when the page is rendered to be kept, else the session's donor.
  const standIns = (context as RouterContextProvider).get(prefillStandInContext);
  if (standIns) cookiesSeenByStandInRenders.push(request.headers.get("cookie"));
  const prefill = standIns ?? detailsOf(request.headers.get("cookie"));
  const amount = new URL(request.url).searchParams.get("belopp") ?? "250";
  return new Response(JSON.stringify({ prefill, amount }), {
    headers: { "Content-Type": "application/json", ...(prefill ? { "Cache-Control": "private, no-store" } : {}) },
  });
}

function GiftPage() {
  const { prefill, amount } = useLoaderData() as { prefill: Record<string, string> | null; amount: string };
  return (
    <form method="post">
      <h1>Ge en gåva</h1>
      <input name="amount" defaultValue={amount} />
      {["name", "email", "personnummer", "street", "postalCode", "city"].map((field) => (
        <input key={field} name={field} defaultValue={prefill?.[field]} />
      ))}
      {prefill?.name ? <p>Du ger som {prefill.name}.</p> : null}
    </form>
  );
}

function fakeBuild(): ServerBuild {
  const entryRoute = (id: string, path: string, parentId?: string, hasLoader = false) => ({
    id,
    path,
    parentId,
    module: `/${id}.js`,
    hasLoader,
    hasAction: false,
    hasClientLoader: false,
    hasClientAction: false,
    hasClientMiddleware: false,
    hasErrorBoundary: false,
    imports: [],
    css: [],
  });
  return testPageBuild({
    entry: { default: handleRequest },
    routes: {
      root: { id: "root", path: "", module: { default: Root } },
      gift: { id: "gift", path: "ge-en-gava", parentId: "root", module: { default: GiftPage, loader: giftLoader, headers: ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders } },
    },
    assetRoutes: { root: entryRoute("root", ""), gift: entryRoute("gift", "ge-en-gava", "root", true) },
  });
}

describe("the gift form kept for logged-in donors", () => {
  let server: Server;
  let url: string;
  const cache = new RenderedPageCache({ maxEntries: 20, ttlMs: 60_000, now: () => 0 });
  let lookups = 0;
  beforeAll(async () => {
    const app = express();
    app.use(cspNonce());
    app.use(
      pageRequestHandler({
        build: fakeBuild(),
        mode: "production",
        logger: silentLogger,
        getLoadContext: (_req, res, render) => {
          const context = new RouterContextProvider();
          context.set(nonceContext, render?.nonce ?? (res.locals.nonce as string));
          if (render?.donorDetails) context.set(prefillStandInContext, render.donorDetails);
          return context;
        },
        pageCache: cache,
        donorPages: {
          cookies: { session: SESSION, bankIdBrowser: BANKID },
          details: async (cookieHeader) => {
            lookups += 1;
            return detailsOf(cookieHeader);
          },
        },
      }),
    );
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  /** The answer with its nonce taken out, and whether it was rendered for it (else: a kept page, filled in). */
  async function answer(path: string, cookie: string) {
    const rendersBefore = renders;
    const response = await fetch(`${url}${path}`, { headers: { cookie } });
    const html = await response.text();
    const nonce = /nonce="([^"]+)"/.exec(html)?.[1] ?? "";
    return { status: response.status, html: nonce ? html.replaceAll(nonce, "NONCE") : html, rendered: renders > rendersBefore, cacheControl: response.headers.get("cache-control") };
  }

  it("is, for every donor, byte for byte the page rendered for them, and holds none of their details", async () => {
    for (const [id, details] of Object.entries(DONORS)) {
      for (const path of ["/ge-en-gava", "/ge-en-gava?belopp=500"]) {
        // A cookie not known harmless: the page is rendered for this request, as before decision 0058.
        const own = await answer(path, `${SESSION}=${id}; other=1`);
        expect(own.rendered, `${id} ${path}`).toBe(true);
        expect(own.html).toContain("Du ger som");
        for (let i = 0; i < 2; i++) {
          // As a browser brings it after a BankID login: the session and BankID's browser binding.
          const kept = await answer(path, `hl_consent=necessary; ${SESSION}=${id}; ${BANKID}=b`);
          const fresh = await answer(path, `hl_consent=necessary; ${SESSION}=${id}; other=1`);
          // The first is rendered for stand-ins and kept; every answer after is the kept page.
          if (i > 0) expect(kept.rendered, `${id} ${path}`).toBe(false);
          expect(kept.status).toBe(200);
          expect(kept.cacheControl).toBe("private, no-store");
          expect(kept.html, `${id} ${path}`).toBe(fresh.html);
        }
        const gzip = await gzipGet(`${url}${path}`, { cookie: `hl_consent=necessary; ${SESSION}=${id}` });
        expect(gzip.encoding).toBe("gzip");
        const unzipped = zlib.gunzipSync(gzip.body).toString("utf8");
        const nonce = /nonce="([^"]+)"/.exec(unzipped)?.[1] ?? "";
        expect(unzipped.replaceAll(nonce, "NONCE")).toBe((await answer(path, `hl_consent=necessary; ${SESSION}=${id}; other=1`)).html);
      }
      void details;
    }
    // Rendered to be kept with the consent cookie only: nothing of the visitor's but their consent reached the page.
    expect(cookiesSeenByStandInRenders).toHaveLength(6);
    expect(new Set(cookiesSeenByStandInRenders)).toEqual(new Set(["hl_consent=necessary"]));
    // One page per shape of details, query and consent – not per donor: odd and plain share theirs.
    const donorKeys = [...(cache as unknown as { entries: Map<string, unknown> }).entries.keys()];
    expect(donorKeys).toHaveLength(6);
    // Nothing kept holds any donor's details, in any form they are written in.
    const keptText = JSON.stringify([...(cache as unknown as { entries: Map<string, unknown> }).entries.values()]);
    for (const details of Object.values(DONORS)) {
      for (const value of Object.values(details)) expect(keptText).not.toContain(value.slice(0, 8));
    }
  });

  it("puts each donor's own details in: never another's", async () => {
    await answer("/ge-en-gava", `${SESSION}=plain`);
    const odd = await answer("/ge-en-gava", `${SESSION}=odd`);
    expect(odd.rendered).toBe(false);
    expect(odd.html).toContain('value="mia+gåva@exempel.se"');
    expect(odd.html).not.toContain("Per Persson");
    expect(odd.html).not.toContain("<b>Söner</b>");
    expect(odd.html).toContain("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(odd.html).not.toMatch(/<\/script><script>alert/);
  });

  it("renders for the visitor anything else: no session, an unknown query, another cookie, a post", async () => {
    const before = lookups;
    for (let i = 0; i < 2; i++) {
      expect((await answer("/ge-en-gava?extra=abc", `${SESSION}=astrid`)).rendered).toBe(true);
      expect((await answer("/ge-en-gava", `${SESSION}=nobody`)).rendered).toBe(true);
      expect((await answer("/ge-en-gava", `${SESSION}=astrid; hl_letter=x`)).rendered).toBe(true);
    }
    // Only the unknown session was looked up: the others are not pages kept for donors.
    expect(lookups - before).toBe(2);
    expect(donorPageKey({ method: "POST", path: "/ge-en-gava", originalUrl: "/ge-en-gava", headers: { cookie: `${SESSION}=a` } }, { session: SESSION, bankIdBrowser: BANKID })).toBeNull();
    expect(donorPageKey({ method: "GET", path: "/mina-sidor", originalUrl: "/mina-sidor", headers: { cookie: `${SESSION}=a` } }, { session: SESSION, bankIdBrowser: BANKID })).toBeNull();
    expect(donorPageKey({ method: "GET", path: "/ge-en-gava", originalUrl: "/ge-en-gava", headers: {} }, { session: SESSION, bankIdBrowser: BANKID })).toBeNull();
    // A consent cookie or query holding a line break's place cannot make a donor's key an anonymous visitor's.
    expect(donorPageKey({ method: "GET", path: "/ge-en-gava", originalUrl: "/ge-en-gava?belopp=1", headers: { cookie: `${SESSION}=a; hl_consent=all` } }, { session: SESSION, bankIdBrowser: BANKID })).toBe(
      "/ge-en-gava?belopp=1\nother|all",
    );
  });
});
