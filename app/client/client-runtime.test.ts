import { describe, expect, it, vi } from "vitest";
import { ALL_GRANTED, NECESSARY_ONLY } from "../consent/consent";
import { ApiError } from "../error-reporting/api-call";
import { createClientRuntime } from "./client-runtime";
import { createClientShell } from "./client-shell";
import { createConsentStore } from "./consent-store";
import { documentCookieJar, parseCookies } from "../consent/cookie-jar";
import type { PublicClientConfig } from "./public-config";

/** A browser just big enough for the runtime: cookies, listeners, fetch and a <head>. */
function fakeBrowser(initialCookies: Record<string, string> = {}) {
  const cookies = new Map(Object.entries(initialCookies));
  const doc = {
    get cookie() {
      return [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    },
    set cookie(text: string) {
      const [pair, ...attributes] = text.split("; ");
      const [name, value] = (pair as string).split("=") as [string, string];
      if (attributes.some((a) => a === "Max-Age=0")) cookies.delete(name);
      else cookies.set(name, value);
    },
    referrer: "",
    title: "Om oss",
    visibilityState: "visible",
    head: {
      appended: [] as unknown[],
      appendChild(node: unknown) {
        this.appended.push(node);
      },
    },
    querySelector: () => null,
    getElementById: () => null,
    createElement: () => ({}) as Record<string, unknown>,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  };
  const fetch = vi.fn(async () => new Response(null, { status: 204 }));
  const win = {
    location: {
      href: "http://127.0.0.1/om-oss",
      pathname: "/om-oss",
      search: "",
      protocol: "http:",
      hostname: "127.0.0.1",
      reload: vi.fn(),
    },
    navigator: { userAgent: "Testläsare/1.0" },
    performance: { now: () => 1000 },
    fetch,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dataLayer: undefined as unknown[] | undefined,
  };
  return { cookies, doc, win, fetch };
}

function setUp(options: { cookies?: Record<string, string>; config?: Partial<PublicClientConfig> } = {}) {
  const browser = fakeBrowser(options.cookies);
  const store = createConsentStore(documentCookieJar(browser.doc, { secure: false }), { secure: false });
  const shell = createClientShell(store);
  const chat = { close: vi.fn(), remove: vi.fn() };
  const runtime = createClientRuntime({
    win: browser.win as unknown as Window,
    doc: browser.doc as unknown as Document,
    config: { sentryDsn: null, gtmContainerId: null, ...options.config },
    shell,
    chatWidget: () => chat,
  });
  return { ...browser, store, shell, chat, runtime };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
/** Lets the tracking chunk load (a dynamic import) and its first effects run. */
async function settle(runtime: { settled(): Promise<void> }) {
  await flush();
  await runtime.settled();
  await flush();
}
const webEventBodies = (fetch: ReturnType<typeof vi.fn>) =>
  fetch.mock.calls
    .filter(([url]) => url === "/api/RegisterWebEvent")
    .map(([, init]) => JSON.parse((init as RequestInit).body as string));

describe("client runtime", () => {
  it("tracks nothing before consent: no cookies, no data layer, no web events", async () => {
    const { runtime, win, cookies, fetch } = setUp();
    runtime.start();
    runtime.navigated("http://127.0.0.1/");
    await flush();
    expect(win.dataLayer ?? []).toEqual([]);
    expect([...cookies.keys()]).toEqual([]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("on consent sets the tracking cookies and registers a page view; navigations push events", async () => {
    const { runtime, store, win, cookies, fetch } = setUp();
    runtime.start();
    store.choose(ALL_GRANTED);
    await settle(runtime);
    expect([...cookies.keys()].sort()).toEqual(["hl_consent", "hl_identity", "hl_session", "hl_timestamp"]);
    const [pageView] = webEventBodies(fetch);
    expect(pageView.payload).toMatchObject({ type: "pageview", currentUrl: "http://127.0.0.1/om-oss" });
    expect(pageView.context.session).toBe(parseCookies(`hl_session=${cookies.get("hl_session")}`).get("hl_session"));

    runtime.navigated("http://127.0.0.1/");
    await flush();
    expect(win.dataLayer).toContainEqual({ event: "virtualPageView", page: "/om-oss", title: "Om oss" });
    const types = webEventBodies(fetch).map((body) => body.payload.type);
    // Leaving the first page sends its time on page (once), the new page gets a page view.
    expect(types).toEqual(["pageview", "timeonpage", "pageview"]);
    expect(webEventBodies(fetch)[2].payload.referrer).toBe("http://127.0.0.1/");
  });

  it("on withdrawal removes the tracking cookies and closes and removes the chat", async () => {
    const { runtime, store, cookies, chat } = setUp({ cookies: { hl_consent: "v1.s1.m1" } });
    runtime.start();
    await settle(runtime);
    expect(cookies.has("hl_session")).toBe(true);
    store.choose(NECESSARY_ONLY);
    expect([...cookies.keys()]).toEqual(["hl_consent"]);
    expect(chat.close).toHaveBeenCalledTimes(1);
    expect(chat.remove).toHaveBeenCalledTimes(1);
  });

  it("loads the tag manager only with consent and a configured container", async () => {
    const without = setUp({ config: { gtmContainerId: "GTM-AB12CD" } });
    without.runtime.start();
    expect(without.doc.head.appended).toHaveLength(0);
    without.store.choose(ALL_GRANTED);
    await settle(without.runtime);
    expect(without.doc.head.appended).toEqual([
      expect.objectContaining({ src: "https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD" }),
    ]);
    // It cannot be unloaded, so withdrawing reloads the page.
    without.store.choose(NECESSARY_ONLY);
    expect(without.win.location.reload).toHaveBeenCalledTimes(1);

    const noContainer = setUp({ cookies: { hl_consent: "v1.s1.m1" } });
    noContainer.runtime.start();
    await settle(noContainer.runtime);
    expect(noContainer.doc.head.appended).toHaveLength(0);
  });

  it("gives API calls to the shell, which reports failures under the spec's event name with consent only", async () => {
    const consenting = setUp({ cookies: { hl_consent: "v1.s1.m1" } });
    consenting.runtime.start();
    await settle(consenting.runtime);
    const failing = () => Promise.reject(new ApiError("SwishPoll", 503));
    await expect(consenting.shell.apiCall("SwishPoll", "SwishPollFailed", failing)).rejects.toThrow("HTTP 503");
    expect(consenting.win.dataLayer).toContainEqual({ event: "SwishPollFailed", nonInteraction: true });

    const refusing = setUp({ cookies: { hl_consent: "v1.s0.m0" } });
    refusing.runtime.start();
    await settle(refusing.runtime);
    await expect(refusing.shell.apiCall("SwishPoll", "SwishPollFailed", failing)).rejects.toThrow("HTTP 503");
    expect(refusing.win.dataLayer ?? []).toEqual([]);
  });

  it("removes tracking cookies left from an earlier consent, without loading the tracking code", async () => {
    const { runtime, cookies } = setUp({
      cookies: { hl_consent: "v1.s0.m0", hl_session: "session-12345678", hl_identity: "identity-12345678" },
    });
    runtime.start();
    await settle(runtime);
    expect([...cookies.keys()]).toEqual(["hl_consent"]);
    expect(await runtime.services.tracking()).toBeNull();
  });
});
