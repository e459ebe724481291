/**
 * Sends a small JSON body that must survive the page being closed:
 * `navigator.sendBeacon` when it accepts it, else `fetch` with keepalive.
 * Never throws and never rejects.
 */
export interface BeaconDeps {
  sendBeacon?: (url: string, data: Blob) => boolean;
  fetch?: typeof fetch;
}

export function sendJsonBeacon(url: string, body: unknown, deps: BeaconDeps): "beacon" | "fetch" | "none" {
  const json = JSON.stringify(body);
  if (deps.sendBeacon) {
    try {
      if (deps.sendBeacon(url, new Blob([json], { type: "application/json" }))) return "beacon";
    } catch {
      // Some browsers refuse non-form content types; fall through to fetch.
    }
  }
  if (deps.fetch) {
    deps
      .fetch(url, {
        method: "POST",
        body: json,
        headers: { "content-type": "application/json" },
        keepalive: true,
        credentials: "same-origin",
      })
      .catch(() => {
        // Nothing left to tell: the page is going away.
      });
    return "fetch";
  }
  return "none";
}

/** The browser's functions, bound (sendBeacon throws "Illegal invocation" when called unbound). */
export function browserBeaconDeps(nav: Navigator, fetchImpl: typeof fetch): BeaconDeps {
  return {
    sendBeacon: typeof nav.sendBeacon === "function" ? nav.sendBeacon.bind(nav) : undefined,
    fetch: fetchImpl,
  };
}
