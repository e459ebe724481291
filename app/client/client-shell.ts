import type { ApiCall } from "../error-reporting/api-call";
import type { ConsentStore } from "./consent-store";
import type { ReporterFacade } from "./lazy-reporter";
import type { TrackingRuntime } from "./tracking-runtime";

/** What the lazily loaded client services (client-services.tsx) provide once they run. */
export interface ClientServices {
  apiCall: ApiCall;
  reporter: ReporterFacade;
  /** The tracking runtime (data layer and friends) when consent allows tracking, else null. */
  tracking(): Promise<TrackingRuntime | null>;
}

/**
 * The part of the browser set-up that exists from the first render: the
 * consent store, and a way to reach the services (client-services.tsx).
 * Those load only when there is work for them: tracking with consent, an API
 * call, an error to report. A visitor reading content pages without having
 * consented never downloads them. A call made before they arrive waits for
 * them; if they cannot load (offline, a removed chunk after a deploy), calls
 * still go out, only without reporting.
 */
export interface ClientShell {
  consent: ConsentStore;
  /** The one wrapper for browser API calls; see app/error-reporting/api-call.ts. */
  apiCall: ApiCall;
  /** Asks for the services and resolves with them, or null if they failed to load. */
  services(): Promise<ClientServices | null>;
  /** Reports an error through the services (loading them if needed). */
  captureError(error: unknown, url: string, handler: string): void;
  /** Whether something has asked for the services. */
  isNeeded(): boolean;
  /** Called once, when the services are first asked for; returns an unsubscribe. */
  onNeeded(listener: () => void): () => void;
  provide(services: ClientServices): void;
  fail(reason: unknown): void;
}

export function createClientShell(consent: ConsentStore): ClientShell {
  let settle: (services: ClientServices | null) => void = () => {};
  let settled = false;
  const ready = new Promise<ClientServices | null>((resolve) => {
    settle = (services) => {
      if (settled) return;
      settled = true;
      resolve(services);
    };
  });
  let needed = false;
  const listeners = new Set<() => void>();
  const need = () => {
    if (needed) return;
    needed = true;
    for (const listener of [...listeners]) listener();
    listeners.clear();
  };
  const services = () => {
    need();
    return ready;
  };

  const apiCall: ApiCall = async (name, failureEvent, fn, options) => {
    const loaded = await services();
    if (loaded) return loaded.apiCall(name, failureEvent, fn, options);
    return fn(options?.signal ?? new AbortController().signal);
  };

  return {
    consent,
    apiCall,
    services,
    captureError(error, url, handler) {
      void services().then((loaded) => {
        if (loaded) void loaded.reporter.captureException(error, { url, tags: { handler } });
        else console.error(error);
      });
    },
    isNeeded: () => needed,
    onNeeded(listener) {
      if (needed) {
        listener();
        return () => {};
      }
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    provide: (loaded) => settle(loaded),
    fail: (reason) => {
      console.error("Client services could not be loaded", reason);
      settle(null);
    },
  };
}
