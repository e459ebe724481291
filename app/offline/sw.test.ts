import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { beforeEach, describe, expect, it } from "vitest";
import * as routing from "./sw-routing";

/**
 * Runs public/sw.js in a sandbox with fake caches and fetch: checks that its
 * copy of the routing rules matches sw-routing.ts, and how it answers.
 */
const source = fs.readFileSync(path.resolve(__dirname, "../../public/sw.js"), "utf8");
const origin = "https://www.exempel.se";

interface FakeResponse {
  status: number;
  type: string;
  body: string;
  headers: Headers;
  clone(): FakeResponse;
}

function response(body: string, init: { status?: number; type?: string; cacheControl?: string } = {}): FakeResponse {
  const headers = new Headers(init.cacheControl ? { "cache-control": init.cacheControl } : {});
  const r: FakeResponse = { status: init.status ?? 200, type: init.type ?? "basic", body, headers, clone: () => r };
  return r;
}

class FakeCache {
  entries = new Map<string, unknown>();
  async match(key: string) {
    return this.entries.get(key);
  }
  async put(key: string, value: unknown) {
    this.entries.delete(key);
    this.entries.set(key, value);
  }
  async keys() {
    return [...this.entries.keys()];
  }
  async delete(key: string) {
    return this.entries.delete(key);
  }
}

function loadWorker() {
  const listeners = new Map<string, (event: unknown) => void>();
  const stores = new Map<string, FakeCache>();
  let network: (request: { url: string }) => Promise<FakeResponse> = async () => response("network");
  let claimed = false;
  const context = vm.createContext({
    URL,
    Headers,
    Response,
    Promise,
    self: {
      location: { origin },
      addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
      skipWaiting: async () => {},
      clients: { claim: async () => void (claimed = true) },
    },
    caches: {
      open: async (name: string) => {
        if (!stores.has(name)) stores.set(name, new FakeCache());
        return stores.get(name);
      },
      keys: async () => [...stores.keys()],
      delete: async (name: string) => stores.delete(name),
    },
    fetch: (request: { url: string }) => network(request),
  });
  vm.runInContext(source, context);

  const dispatchFetch = async (request: { method: string; url: string; mode: string }) => {
    let answer: Promise<unknown> | undefined;
    const pending: Promise<unknown>[] = [];
    listeners.get("fetch")?.({
      request,
      respondWith: (p: Promise<unknown>) => (answer = p),
      waitUntil: (p: Promise<unknown>) => pending.push(p),
    });
    const result = answer ? await answer : undefined;
    await Promise.all(pending);
    return result as FakeResponse | Response | undefined;
  };

  return {
    context,
    stores,
    listeners,
    dispatchFetch,
    setNetwork: (fn: typeof network) => (network = fn),
    get claimed() {
      return claimed;
    },
  };
}

let worker: ReturnType<typeof loadWorker>;
beforeEach(() => {
  worker = loadWorker();
});

describe("public/sw.js", () => {
  it("mirrors sw-routing.ts", () => {
    const sw = worker.context as unknown as typeof routing & Record<string, unknown>;
    const paths = [
      "/",
      "/om-oss",
      "/apiguiden",
      "/om-oss.data",
      "/assets/a-1.js",
      "/api",
      "/api/x",
      "/_sim/x",
      "/healthz",
      "/__version",
      "/manifest.webmanifest",
    ];
    for (const path of paths) {
      for (const method of ["GET", "POST", "HEAD"]) {
        for (const mode of ["navigate", "cors", "no-cors", "same-origin"]) {
          for (const base of [origin, "https://annan.example"]) {
            const request = { method, url: `${base}${path}`, mode };
            expect(sw.strategyFor(request, origin), `${method} ${base}${path} ${mode}`).toBe(
              routing.strategyFor(request, origin),
            );
          }
        }
      }
    }
    const pagePaths = [
      "/",
      "/om-oss",
      "/orderinfo",
      "/order/diplom/X",
      "/gavokort/X",
      "/d/JUL_24/x",
      "/_internal/X/y",
      "/_test/x",
      "/mina-sidor",
      "/mina-uppgifter",
      "/cookie-installningar",
      "/dokument",
    ];
    const infos = [
      { status: 200, type: "basic", cacheControl: null },
      { status: 200, type: "basic", cacheControl: "no-cache" },
      { status: 200, type: "basic", cacheControl: "private" },
      { status: 200, type: "basic", cacheControl: "no-store" },
      { status: 200, type: "opaqueredirect", cacheControl: null },
      { status: 500, type: "basic", cacheControl: null },
    ];
    for (const p of pagePaths) {
      for (const info of infos) {
        expect(sw.mayCachePage(`${origin}${p}`, info), `${p} ${JSON.stringify(info)}`).toBe(
          routing.mayCachePage(`${origin}${p}`, info),
        );
      }
    }
    const names = ["hl-assets-v0", "hl-pages-v1", "hl-assets-v1", "x"];
    expect(sw.cachesToDelete(names)).toEqual(routing.cachesToDelete(names));
    expect(vm.runInContext("ASSET_CACHE", worker.context)).toBe(routing.ASSET_CACHE);
    expect(vm.runInContext("PAGE_CACHE", worker.context)).toBe(routing.PAGE_CACHE);
  });

  it("serves assets from the cache after the first fetch", async () => {
    let calls = 0;
    worker.setNetwork(async () => response(`asset ${++calls}`));
    const request = { method: "GET", url: `${origin}/assets/a-1.js`, mode: "cors" };
    expect(((await worker.dispatchFetch(request)) as FakeResponse).body).toBe("asset 1");
    expect(((await worker.dispatchFetch(request)) as FakeResponse).body).toBe("asset 1");
    expect(calls).toBe(1);
  });

  it("always serves pages from the network when it answers, and stores them", async () => {
    let version = 0;
    worker.setNetwork(async () => response(`page ${++version}`, { cacheControl: "no-cache" }));
    const request = { method: "GET", url: `${origin}/om-oss?utm_source=x`, mode: "navigate" };
    expect(((await worker.dispatchFetch(request)) as FakeResponse).body).toBe("page 1");
    expect(((await worker.dispatchFetch(request)) as FakeResponse).body).toBe("page 2");
    expect(((await worker.stores.get(routing.PAGE_CACHE)?.match(`${origin}/om-oss`)) as FakeResponse).body).toBe(
      "page 2",
    );
  });

  it("falls back to the stored page, or an offline page, when the network fails", async () => {
    worker.setNetwork(async () => response("fresh"));
    await worker.dispatchFetch({ method: "GET", url: `${origin}/om-oss`, mode: "navigate" });
    worker.setNetwork(async () => {
      throw new TypeError("Failed to fetch");
    });
    expect(
      ((await worker.dispatchFetch({ method: "GET", url: `${origin}/om-oss`, mode: "navigate" })) as FakeResponse).body,
    ).toBe("fresh");
    const offline = (await worker.dispatchFetch({
      method: "GET",
      url: `${origin}/forskning`,
      mode: "navigate",
    })) as Response;
    expect(offline.status).toBe(503);
    expect(await offline.text()).toContain("Ingen internetanslutning");
  });

  it("does not store private pages", async () => {
    worker.setNetwork(async () => response("order"));
    await worker.dispatchFetch({ method: "GET", url: `${origin}/gavokort/ABC`, mode: "navigate" });
    expect(worker.stores.get(routing.PAGE_CACHE)?.entries.size ?? 0).toBe(0);
  });

  it("does not answer for the API", async () => {
    expect(
      await worker.dispatchFetch({ method: "GET", url: `${origin}/api/MyData/Fetch`, mode: "cors" }),
    ).toBeUndefined();
  });

  it("deletes old caches and claims the pages on activate", async () => {
    const caches = worker.context.caches as { open(name: string): Promise<unknown>; keys(): Promise<string[]> };
    await caches.open("hl-assets-v0");
    await caches.open(routing.ASSET_CACHE);
    await caches.open("someone-else");
    const pending: Promise<unknown>[] = [];
    worker.listeners.get("activate")?.({ waitUntil: (p: Promise<unknown>) => pending.push(p) });
    await Promise.all(pending);
    expect(await caches.keys()).toEqual([routing.ASSET_CACHE, "someone-else"]);
    expect(worker.claimed).toBe(true);
  });
});
