import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { writeReadableStreamToWritable } from "@react-router/node";
import type { Logger } from "#core/logger";
import { simpleErrorPage } from "./error-pages";
import { PRIVATE_PAGES } from "#app/offline/sw-routing";
import { LIST_TOO_LARGE_MESSAGE, MAX_UPLOAD_BYTES } from "#core/list-orders/list-order";
import { COMPANY_LOGO_CEILING_BYTES, COMPANY_UPLOAD_TOO_LARGE } from "#core/companies/company-logo";
import { FUNDRAISER_PICTURE_CEILING_BYTES, PICTURE_UPLOAD_TOO_LARGE } from "#core/fundraisers/fundraiser-pictures";
import { NONCE_PLACEHOLDER } from "#app/context";
import { PlaceholderTokens, anonymousPageKey, gzipPiecesOf, harmlessCookiesOf, mayKeep, mentions, personalValues, withValues, type RenderedPageCache } from "./page-cache";
import { notFoundPagesFor, type KeptNotFoundRequest } from "./not-found-page";
import { donorPageKey, donorPlacesFit, donorShapeKey, standInDetails, type DonorPageCookies } from "./donor-kept-pages";
import { gzipPieces } from "./gzip-pieces";
import { prefersGzip } from "./prerendered-responses";

/**
 * Requests for pages (everything React Router answers): only GET, HEAD and
 * form posts. A form post is read here, before any route sees it, up to a
 * size limit, and must be a form the browser could have sent
 * (application/x-www-form-urlencoded, or multipart/form-data with its
 * boundary) that parses; anything else is answered here with a short Swedish
 * page – 405, 413 or 400 – and a warning in the log, never a 500 from deep in
 * an action. Every page route inherits this: an action may call
 * `request.formData()` without guarding it. A post whose browser says it came
 * from another site is refused here too, with 403 and a warning: React Router
 * would refuse it anyway, but as an error with a stack trace, so that anyone
 * could fill the error log (issue #30).
 */
export const PAGE_METHODS = ["GET", "HEAD", "POST"] as const;

/** Page forms are short (a gift, a greeting of a few hundred characters); 64 KB leaves ample room. */
export const PAGE_FORM_MAX_BYTES = 64 * 1024;

export type PageBodyCheck =
  | { ok: true; body: Buffer | null }
  | { ok: false; status: 400 | 403 | 405 | 413; reason: string; title: string; text: string };

/** Pages that take a file upload: a larger limit, and their own words when it is passed. */
export const UPLOAD_PAGES: Readonly<Record<string, { maxBytes: number; title: string; text: string }>> = {
  "/ge-en-gava/lista": { maxBytes: MAX_UPLOAD_BYTES + PAGE_FORM_MAX_BYTES, title: "Filen är för stor", text: LIST_TOO_LARGE_MESSAGE },
  // The company gift form: a logo (COMPANY_LOGO_MAX_KB, at most 1 MB) and a Christmas card list (1 MB); each file is then held to its own limit.
  "/foretag/ge-en-gava": { maxBytes: COMPANY_LOGO_CEILING_BYTES + MAX_UPLOAD_BYTES + PAGE_FORM_MAX_BYTES, title: "Filerna är för stora", text: COMPANY_UPLOAD_TOO_LARGE },
  "/foretag/ge-en-gava/gavobevis.png": { maxBytes: COMPANY_LOGO_CEILING_BYTES + PAGE_FORM_MAX_BYTES, title: "Logotypen är för stor", text: COMPANY_UPLOAD_TOO_LARGE },
  // A fundraiser's picture (FUNDRAISER_PICTURE_MAX_KB, at most 16 MB), on the start form and the organiser's page; the file is then held to its own limit.
  "/insamling": { maxBytes: FUNDRAISER_PICTURE_CEILING_BYTES + PAGE_FORM_MAX_BYTES, title: "Bilden är för stor", text: PICTURE_UPLOAD_TOO_LARGE },
};

/** Upload pages whose address holds a parameter (the organiser's page of a fundraiser). */
const UPLOAD_PAGE_PATTERNS: ReadonlyArray<readonly [RegExp, { maxBytes: number; title: string; text: string }]> = [
  [/^\/insamling\/[^/]+\/hantera$/, { maxBytes: FUNDRAISER_PICTURE_CEILING_BYTES + PAGE_FORM_MAX_BYTES, title: "Bilden är för stor", text: PICTURE_UPLOAD_TOO_LARGE }],
];

/** The upload limit and words for a page's path (its `.data` twin alike), or undefined for an ordinary form. */
export function uploadPage(path: string): { maxBytes: number; title: string; text: string } | undefined {
  const page = path.replace(/\.data$/, "");
  return UPLOAD_PAGES[page] ?? UPLOAD_PAGE_PATTERNS.find(([pattern]) => pattern.test(page))?.[1];
}

const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

function refusal(status: 400 | 403 | 405 | 413, reason: string, title: string, text: string): PageBodyCheck {
  return { ok: false, status, reason, title, text };
}

const NOT_A_FORM = {
  title: "Formuläret kunde inte läsas",
  text: "Det som skickades gick inte att läsa som ett formulär. Gå tillbaka, ladda om sidan och försök igen.",
};

/** Reads the body up to `max` bytes; null when it is longer (the rest is not read). */
export async function readBodyUpTo(req: ExpressRequest, max: number): Promise<Buffer | null> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > max) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * React Router's own rule for a post (throwIfPotentialCSRFAttack): an Origin
 * header, unless absent or "null", must be the origin of the address asked
 * for. Applied here first, so that React Router never meets such a post.
 * The stricter same-site rule of the donor and staff pages
 * (`assertSameOrigin`) still runs in their actions.
 */
export function isCrossOriginPost(req: ExpressRequest): boolean {
  const origin = req.get("origin");
  if (origin === undefined || origin === "null") return false;
  try {
    return new URL(origin).origin !== requestUrl(req).origin;
  } catch {
    return true;
  }
}

/** Checks a page request's method, origin and form body; on success hands back the body that was read. */
export async function checkPageRequest(req: ExpressRequest, maxBytes: number, tooLarge?: { title: string; text: string }): Promise<PageBodyCheck> {
  const method = req.method.toUpperCase();
  if (method === "GET" || method === "HEAD") return { ok: true, body: null };
  if (method !== "POST") {
    return refusal(405, "method not allowed", "Det går inte att göra så här", "Sidan kan bara visas eller ta emot ett ifyllt formulär.");
  }
  if (isCrossOriginPost(req)) {
    return refusal(
      403,
      "cross-origin post",
      "Formuläret kom från en annan webbplats",
      "Det som skickades kom inte från ett formulär på vår webbplats, så vi har inte tagit emot det. Öppna sidan hos oss och fyll i formuläret där.",
    );
  }
  const contentType = req.headers["content-type"] ?? "";
  if (!FORM_TYPES.test(contentType)) return refusal(400, "not a form content type", NOT_A_FORM.title, NOT_A_FORM.text);
  if (/^multipart\//i.test(contentType) && !/;\s*boundary=("?)[^";]+\1/i.test(contentType)) {
    return refusal(400, "multipart without boundary", NOT_A_FORM.title, NOT_A_FORM.text);
  }
  const body = await readBodyUpTo(req, maxBytes);
  if (body === null) {
    return refusal(
      413,
      "form body too large",
      tooLarge?.title ?? "Formuläret var för stort",
      tooLarge?.text ?? "Det som skickades var större än vad ett formulär här kan vara. Gå tillbaka och försök igen med kortare texter.",
    );
  }
  try {
    await new Response(new Uint8Array(body), { headers: { "content-type": contentType } }).formData();
  } catch {
    return refusal(400, "form body does not parse", NOT_A_FORM.title, NOT_A_FORM.text);
  }
  return { ok: true, body };
}

/** The stand-ins a page is rendered with to be kept: nonce, fresh tokens, and on a page kept for logged-in donors their details. */
export interface RenderStandIns {
  nonce: string;
  freshToken: () => string;
  donorDetails?: Readonly<Record<string, string>>;
}

export interface PageHandlerOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "production" | "development";
  /** `render`: the stand-ins for a page rendered to be kept (server/page-cache.ts); otherwise the request's own nonce and tokens. */
  getLoadContext(req: ExpressRequest, res: ExpressResponse, render?: RenderStandIns): RouterContextProvider | Promise<RouterContextProvider>;
  logger: Logger;
  maxBodyBytes?: number;
  /** Pages kept for anonymous visitors; absent, every page is rendered for its request. */
  pageCache?: RenderedPageCache;
  /**
   * The gift form kept for logged-in donors too (server/donor-kept-pages.ts): the session cookie's name, and
   * the details the form fills in for the donor of a cookie header (null: no session, rendered as any page).
   */
  donorPages?: { cookies: DonorPageCookies; details(cookieHeader: string | undefined): Promise<Record<string, string> | null> };
}

/**
 * React Router behind the checks above. It replaces @react-router/express's
 * handler (whose request and response plumbing it follows) because that one
 * streams the raw request into the route: the body has to be read here first
 * to be checked, and is then handed to React Router as it was sent.
 */
export function pageRequestHandler(options: PageHandlerOptions): RequestHandler {
  const handle = createRequestHandler(options.build, options.mode);
  const maxBytes = options.maxBodyBytes ?? PAGE_FORM_MAX_BYTES;
  return async (req, res, next) => {
    try {
      const upload = uploadPage(req.path);
      const check = await checkPageRequest(req, upload?.maxBytes ?? maxBytes, upload);
      if (!check.ok) {
        options.logger.warn({ path: req.path, method: req.method, status: check.status, reason: check.reason }, "page request refused");
        if (check.status === 405) res.setHeader("Allow", PAGE_METHODS.join(", "));
        // Whatever is left of a refused body is not read; close the connection rather than drain it.
        if (!req.complete) res.setHeader("Connection", "close");
        res.setHeader("Cache-Control", "no-store");
        res.status(check.status).type("text/html").send(simpleErrorPage(check.title, check.text));
        return;
      }
      const cacheKey = options.pageCache?.enabled ? anonymousPageKey(req) : null;
      if (cacheKey !== null && options.pageCache) {
        // The fetch Request is made only when the page must be rendered: a kept page does not need it.
        await sendKeptPage(options.pageCache, { key: cacheKey }, req, res, async (render) =>
          handle(fetchRequest(req, res, check.body), await options.getLoadContext(req, res, render)),
        );
        return;
      }
      // A logged-in donor's gift form: kept for their shape of details, with their own put in (server/donor-kept-pages.ts).
      const donorKey = options.pageCache?.enabled && options.donorPages ? donorPageKey(req, options.donorPages.cookies) : null;
      const details = donorKey !== null ? await options.donorPages!.details(req.headers.cookie) : null;
      if (donorKey !== null && details && options.pageCache) {
        await sendKeptPage(
          options.pageCache,
          { key: donorShapeKey(donorKey, details), donor: details },
          req,
          res,
          // With the harmless cookies only: the page rendered to keep knows nothing of the visitor but their device and consent.
          async (render) => handle(fetchRequest(req, res, null, undefined, { onlyHarmlessCookies: true }), await options.getLoadContext(req, res, render)),
          async () => sendResponse(res, await handle(fetchRequest(req, res, null), await options.getLoadContext(req, res)), isPrivatePage(req.path)),
        );
        return;
      }
      // An unknown address: the not-found page kept for its shape, with the visitor's address put in (server/not-found-page.ts).
      const notFound = options.pageCache?.enabled ? (await notFoundPagesOf(options.build))?.keptRequest(req) : null;
      if (notFound && options.pageCache) {
        await sendKeptPage(
          options.pageCache,
          { key: notFound.key, status: 404, notFound },
          req,
          res,
          async (render) => handle(fetchRequest(req, res, null, notFound.standInUrl), await options.getLoadContext(req, res, render)),
          // Rendered for the stand-in but not to be kept: not this visitor's page, so theirs is rendered as any other.
          async () => sendResponse(res, await handle(fetchRequest(req, res, null), await options.getLoadContext(req, res)), isPrivatePage(req.path)),
        );
        return;
      }
      const loadContext = await options.getLoadContext(req, res);
      const response = await handle(fetchRequest(req, res, check.body), loadContext);
      await sendResponse(res, response, isPrivatePage(req.path));
    } catch (error) {
      next(error);
    }
  };
}

/**
 * A page for an anonymous visitor: the kept one, or rendered now with stand-ins
 * for the nonce and tokens and kept when it may be; either way personalised
 * with this response's nonce and fresh tokens. From its second response on, a
 * kept page is sent gzip'd from pieces compressed once (server/gzip-pieces.ts)
 * to a browser that takes gzip; the compression middleware leaves an encoded
 * response alone (and compresses the first one as it does any page).
 *
 * The not-found page (`kept.notFound`) is rendered for a stand-in address and
 * gets the visitor's own address put in too; one rendered that may not be
 * kept is not the visitor's page, and `renderOwn` answers instead.
 */
async function sendKeptPage(
  cache: RenderedPageCache,
  kept: { key: string; status?: number; notFound?: KeptNotFoundRequest; donor?: Readonly<Record<string, string>> },
  req: ExpressRequest,
  res: ExpressResponse,
  render: (standIns: RenderStandIns) => Promise<globalThis.Response>,
  renderOwn?: () => Promise<void>,
): Promise<void> {
  const { key, status = 200, notFound, donor } = kept;
  let page = cache.get(key);
  if (page) {
    // Compressed on its second response, not when kept: a page nobody asks for again (a search made once) never pays for it.
    page.gzip ??= gzipPiecesOf(page);
  } else {
    const generation = cache.generation;
    const standIns = new PlaceholderTokens();
    const donorDetails = donor ? standInDetails(donor, standIns) : undefined;
    const response = await render({ nonce: NONCE_PLACEHOLDER, freshToken: standIns.next, donorDetails });
    // Its length is the personalised page's, set when it is sent.
    const headers = [...response.headers.entries()].filter(([name]) => name.toLowerCase() !== "content-length");
    page = { status: response.status, headers, body: standIns.compile(await response.text(), notFound?.standIn) };
    const keep =
      mayKeep(response, isPrivatePage(req.path), status, donor !== undefined) &&
      !(notFound && mentions(page, notFound.marker)) &&
      !(donor && !donorPlacesFit(page, Object.keys(donor), standIns));
    if (keep) cache.set(key, page, generation);
    // Rendered for stand-ins but not to be kept: not this visitor's page, so theirs is rendered as any other.
    else if ((notFound || donor) && renderOwn) return renderOwn();
  }
  if (res.destroyed || res.writableEnded) return;
  res.status(page.status);
  for (const [name, value] of page.headers) res.append(name, value);
  privateHeaders(res, isPrivatePage(req.path));
  res.vary("Accept-Encoding");
  const values = personalValues(page.body, res.locals.nonce as string, undefined, notFound?.visitor, donor);
  let body: Buffer;
  if (page.gzip && prefersGzip(req.headers)) {
    res.setHeader("Content-Encoding", "gzip");
    body = gzipPieces(page.gzip, values);
  } else {
    body = Buffer.from(withValues(page.body, values), "utf8");
  }
  // Sent with res.end, not res.send: that would hash the whole page for an ETag that can never match (the nonce differs every time).
  res.setHeader("Content-Length", body.length);
  res.end(body);
}

/** The not-found pages of the build (server/not-found-page.ts): in development the build is asked for anew, as React Router does. */
async function notFoundPagesOf(build: PageHandlerOptions["build"]) {
  return notFoundPagesFor(typeof build === "function" ? await build() : build);
}

/** The address React Router is handed for the request (behind a trusted proxy, the one the browser used). */
function requestUrl(req: ExpressRequest): URL {
  const [, forwardedPort] = req.app?.enabled("trust proxy") ? (req.get("X-Forwarded-Host")?.split(":") ?? []) : [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const port = [forwardedPort, hostPort].map((p) => Number.parseInt(p ?? "", 10)).find((p) => Number.isSafeInteger(p));
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  return new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
}

/**
 * The request as React Router gets it; `pathAndQuery`: for another address (the not-found page's stand-in);
 * `onlyHarmlessCookies`: the visitor's other cookies left out (the gift form rendered to keep for logged-in donors).
 */
function fetchRequest(req: ExpressRequest, res: ExpressResponse, body: Buffer | null, pathAndQuery?: string, cookies?: { onlyHarmlessCookies: true }): Request {
  const url = pathAndQuery ? new URL(pathAndQuery, requestUrl(req).origin) : requestUrl(req);
  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (values === undefined) continue;
    for (const value of Array.isArray(values) ? values : [values]) headers.append(key, value);
  }
  if (cookies?.onlyHarmlessCookies && headers.has("cookie")) {
    const harmless = harmlessCookiesOf(headers.get("cookie")!);
    if (harmless) headers.set("cookie", harmless);
    else headers.delete("cookie");
  }
  let controller: AbortController | null = new AbortController();
  const signal = controller.signal;
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  return new Request(url.href, { method: req.method, headers, signal, body: body === null ? undefined : new Uint8Array(body) });
}

/** A private page (app/offline/private-pages.ts), its route data or its document is never stored by a browser or proxy, nor indexed. */
export function isPrivatePage(pathname: string): boolean {
  return PRIVATE_PAGES.test(pathname.replace(/\.data$/, ""));
}

/** A private page, kept or rendered now: never stored by a browser or proxy, and not indexed unless its route says otherwise. */
function privateHeaders(res: ExpressResponse, privatePage: boolean): void {
  if (!privatePage) return;
  res.setHeader("Cache-Control", "no-store");
  // A route that says more (nofollow, or none of it) keeps its word; the rest are not indexed (issue #30).
  if (!res.hasHeader("X-Robots-Tag")) res.setHeader("X-Robots-Tag", "noindex, nofollow");
}

export async function sendResponse(res: ExpressResponse, response: globalThis.Response, privatePage: boolean): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  privateHeaders(res, privatePage);
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}
