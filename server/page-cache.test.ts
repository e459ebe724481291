import { describe, expect, it } from "vitest";
import { NONCE_PLACEHOLDER } from "#app/context";
import { PlaceholderTokens, RenderedPageCache, anonymousPageKey, mayKeep, personalise, type CompiledPage } from "./page-cache";

const request = (path: string, headers: Record<string, string> = {}, method = "GET") => {
  const queryAt = path.indexOf("?");
  return { method, path: queryAt === -1 ? path : path.slice(0, queryAt), originalUrl: path, headers };
};
const page = (html = "<p>x</p>"): CompiledPage => ({ status: 200, headers: [["content-type", "text/html"]], body: new PlaceholderTokens().compile(html) });

describe("anonymousPageKey", () => {
  it("keys a listed page by path, query, device and consent", () => {
    expect(anonymousPageKey(request("/ge-en-gava"))).toBe("/ge-en-gava?|other|");
    expect(anonymousPageKey(request("/forskning/projekt?omrade=hjarta", { "user-agent": "Mozilla/5.0 (iPhone)" }))).toBe("/forskning/projekt?omrade=hjarta|phone|");
    expect(anonymousPageKey(request("/ge-en-gava", { cookie: "hl_consent=necessary; hl_identity=abc" }))).toBe("/ge-en-gava?|other|necessary");
    // Searches are counted before the cache (server/submitted-searches.ts), so result pages are kept too.
    expect(anonymousPageKey(request("/sok?query=hj%C3%A4rta&page=1"))).toBe("/sok?query=hj%C3%A4rta&page=1|other|");
  });

  it("renders for the visitor anything personal, unlisted, not a GET, or with a long query", () => {
    expect(anonymousPageKey(request("/ge-en-gava", { cookie: "__Host-hl_session=s" }))).toBeNull();
    expect(anonymousPageKey(request("/ge-en-gava", { cookie: "hl_consent=all; hl_bankid=b" }))).toBeNull();
    expect(anonymousPageKey(request("/mina-sidor"))).toBeNull();
    expect(anonymousPageKey(request("/ge-en-gava/betalning/0123456789ABCDEFGHJKMNPQRS"))).toBeNull();
    expect(anonymousPageKey(request("/ge-en-gava", {}, "POST"))).toBeNull();
    expect(anonymousPageKey(request(`/forskning/projekt?q=${"a".repeat(300)}`))).toBeNull();
  });

  it("keeps the login pages only for a visitor with no sign-in under way and no session", () => {
    expect(anonymousPageKey(request("/logga-in?returnTo=%2Fmina-sidor", { "user-agent": "Mozilla/5.0 (Linux; Android 14)" }))).toBe("/logga-in?returnTo=%2Fmina-sidor|phone|");
    expect(anonymousPageKey(request("/admin/logga-in"))).toBe("/admin/logga-in?|other|");
    // A started BankID sign-in (its browser cookie), a donor's or a member of staff's session: rendered for them.
    expect(anonymousPageKey(request("/logga-in", { cookie: "hl_consent=all; hl_bankid=b" }))).toBeNull();
    expect(anonymousPageKey(request("/admin/logga-in", { cookie: "__Host-hl_bankid=b" }))).toBeNull();
    expect(anonymousPageKey(request("/admin/logga-in", { cookie: "hl_staff=s" }))).toBeNull();
    expect(anonymousPageKey(request("/logga-in", { cookie: "__Host-hl_session=s" }))).toBeNull();
  });
});

describe("a kept page", () => {
  it("gets this response's nonce and fresh tokens in every place its stand-ins were, different for each visitor", () => {
    const standIns = new PlaceholderTokens();
    const key = standIns.next();
    const other = standIns.next();
    const html = `<script nonce="${NONCE_PLACEHOLDER}"></script><input value="${key}"><i>${other}</i><script nonce="${NONCE_PLACEHOLDER}">["${key}"]</script>`;
    const body = standIns.compile(html);
    const first = personalise(body, "n1");
    const second = personalise(body, "n2");
    expect(first).not.toContain(NONCE_PLACEHOLDER);
    expect(first).not.toContain(key);
    expect(first.match(/nonce="n1"/g)).toHaveLength(2);
    const tokensOf = (text: string) => [...text.matchAll(/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/g)].map((m) => m[0]);
    const [a, b, c] = tokensOf(first);
    // The same stand-in is the same token within one page (the form's hidden field and its hydration data)…
    expect(a).toBe(c);
    expect(a).not.toBe(b);
    // …and no two visitors share one.
    expect(tokensOf(second)).not.toContain(a);
    expect(second.match(/nonce="n2"/g)).toHaveLength(2);
  });

  it("is not mistaken for text that only looks like a stand-in", () => {
    const standIns = new PlaceholderTokens();
    standIns.next();
    const html = "<p>00000000-0000-4000-8000-000000000000 and __CSP_NONCE_ not quite</p>";
    expect(personalise(standIns.compile(html), "n")).toBe(html);
  });

  it("kept for many addresses (the not-found page), gets the visitor's path and query where the stand-in's were", () => {
    const standIns = new PlaceholderTokens();
    const standIn = { pathname: "/nf-0123-~!%2D", search: "?nf-0123=x" };
    const html = `<input name="returnTo" value="/nf-0123-~!%2D?nf-0123=x"><script nonce="${NONCE_PLACEHOLDER}">restore("/nf-0123-~!%2D")</script>`;
    const body = standIns.compile(html, standIn);
    expect(body.parts.join("")).not.toContain("nf-0123");
    expect(personalise(body, "n", undefined, { pathname: "/finns%C3%A5", search: "?utm_source=x" })).toBe(
      '<input name="returnTo" value="/finns%C3%A5?utm_source=x"><script nonce="n">restore("/finns%C3%A5")</script>',
    );
    expect(personalise(body, "n", undefined, { pathname: "/a/b", search: "" })).toBe('<input name="returnTo" value="/a/b"><script nonce="n">restore("/a/b")</script>');
    expect(() => personalise(body, "n")).toThrow(/address/);
    // The stand-in anywhere else (here percent-encoded) is left in the text, where the server looks for it before keeping the page.
    expect(standIns.compile(`<a href="/sok?from=%2Fnf-0123-~!%252D">`, standIn).parts.join("")).toContain("nf-0123");
  });

  it("is kept only for a 200 HTML answer without cookies or private caching", () => {
    const answer = (status: number, headers: Record<string, string>) => ({ status, headers: new Headers(headers) });
    expect(mayKeep(answer(200, { "content-type": "text/html; charset=utf-8" }))).toBe(true);
    expect(mayKeep(answer(404, { "content-type": "text/html" }))).toBe(false);
    expect(mayKeep(answer(200, { "content-type": "text/html", "set-cookie": "a=b" }))).toBe(false);
    expect(mayKeep(answer(200, { "content-type": "text/html", "cache-control": "private, no-store" }))).toBe(false);
    expect(mayKeep(answer(200, { "content-type": "text/html", "cache-control": "no-store" }))).toBe(false);
    // A private page says no-store to every browser, and every response of it says so again: that alone does not make it personal.
    expect(mayKeep(answer(200, { "content-type": "text/html", "cache-control": "no-store", "x-robots-tag": "noindex" }), true)).toBe(true);
    expect(mayKeep(answer(200, { "content-type": "text/html", "cache-control": "private, no-store" }), true)).toBe(false);
    expect(mayKeep(answer(200, { "content-type": "text/html", "cache-control": "no-store", "set-cookie": "hl_bankid=b" }), true)).toBe(false);
    expect(mayKeep(answer(200, { "content-type": "application/json" }))).toBe(false);
    // The not-found page is kept as what it is, a 404; nothing else is.
    expect(mayKeep(answer(404, { "content-type": "text/html" }), false, 404)).toBe(true);
    expect(mayKeep(answer(200, { "content-type": "text/html" }), false, 404)).toBe(false);
    expect(mayKeep(answer(500, { "content-type": "text/html" }), false, 404)).toBe(false);
    expect(mayKeep(answer(404, { "content-type": "text/html", "set-cookie": "a=b" }), false, 404)).toBe(false);
  });
});

describe("RenderedPageCache", () => {
  it("forgets a page after its time to live on the server's clock, and when the clock goes back", () => {
    let now = 1_000;
    const cache = new RenderedPageCache({ maxEntries: 10, ttlMs: 30_000, now: () => now });
    cache.set("a", page());
    now += 29_999;
    expect(cache.get("a")).toBeDefined();
    now += 1;
    expect(cache.get("a")).toBeUndefined();
    cache.set("b", page());
    now -= 5_000;
    expect(cache.get("b")).toBeUndefined();
  });

  it("holds at most maxEntries, dropping the least recently used", () => {
    const cache = new RenderedPageCache({ maxEntries: 2, ttlMs: 60_000, now: () => 0 });
    cache.set("a", page());
    cache.set("b", page());
    cache.get("a");
    cache.set("c", page());
    expect(cache.size).toBe(2);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBeDefined();
    expect(cache.get("c")).toBeDefined();
  });

  it("drops every kept variant of the pages whose source changed, and nothing else", () => {
    const cache = new RenderedPageCache({ maxEntries: 10, ttlMs: 60_000, now: () => 0 });
    cache.set("/sok?query=a|other|", page());
    cache.set("/sok?query=b|phone|all", page());
    cache.set("/sokning?|other|", page());
    cache.set("/ge-en-gava?|other|", page());
    cache.dropPages(["/sok"]);
    expect(cache.get("/sok?query=a|other|")).toBeUndefined();
    expect(cache.get("/sok?query=b|phone|all")).toBeUndefined();
    expect(cache.get("/sokning?|other|")).toBeDefined();
    expect(cache.get("/ge-en-gava?|other|")).toBeDefined();
  });

  it("does not keep a page whose rendering began before a drop (it may show the old source)", () => {
    const cache = new RenderedPageCache({ maxEntries: 10, ttlMs: 60_000, now: () => 0 });
    const before = cache.generation;
    cache.dropPages(["/sok"]);
    cache.set("/sok?query=a|other|", page(), before);
    expect(cache.get("/sok?query=a|other|")).toBeUndefined();
    cache.set("/sok?query=a|other|", page(), cache.generation);
    expect(cache.get("/sok?query=a|other|")).toBeDefined();
  });

  it("keeps nothing when turned off", () => {
    const cache = new RenderedPageCache({ maxEntries: 0, ttlMs: 30_000, now: () => 0 });
    cache.set("a", page());
    expect(cache.enabled).toBe(false);
    expect(cache.get("a")).toBeUndefined();
  });
});
