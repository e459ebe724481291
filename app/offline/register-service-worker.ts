import { type UpdateFlag, serviceWorkerUpdate } from "./update-flag";

export const SERVICE_WORKER_URL = "/sw.js";
export const INSECURE_CONTEXT_MESSAGE = "Service workers can only be used over HTTPS, or on localhost for development";

interface WorkerLike {
  state: string;
  addEventListener(type: "statechange", listener: () => void): void;
}

interface RegistrationLike {
  installing: WorkerLike | null;
  waiting?: WorkerLike | null;
  addEventListener(type: "updatefound", listener: () => void): void;
}

interface ServiceWorkerContainerLike {
  controller: unknown;
  register(url: string, options?: { scope?: string }): Promise<RegistrationLike>;
  addEventListener?(type: "controllerchange", listener: () => void): void;
}

export interface RegisterServiceWorkerDeps {
  location: { protocol: string; hostname: string };
  navigator: { serviceWorker?: ServiceWorkerContainerLike };
  logger: { error(message: string, ...details: unknown[]): void };
  updateFlag?: UpdateFlag;
}

export type RegistrationResult = "registered" | "unsupported" | "insecure" | "failed";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

export function isSecureForServiceWorker(location: { protocol: string; hostname: string }): boolean {
  return location.protocol === "https:" || LOCAL_HOSTS.has(location.hostname);
}

/**
 * Registers /sw.js (spec sections 7 and 8): only over https or on localhost,
 * otherwise logs the spec's message; a failed registration is only logged.
 * When a new worker is installed while an old one controls the page, the
 * update flag is set and the next navigation becomes a full page load.
 */
export async function registerServiceWorker(deps: RegisterServiceWorkerDeps): Promise<RegistrationResult> {
  const container = deps.navigator.serviceWorker;
  if (!container) return "unsupported";
  if (!isSecureForServiceWorker(deps.location)) {
    deps.logger.error(INSECURE_CONTEXT_MESSAGE);
    return "insecure";
  }
  const flag = deps.updateFlag ?? serviceWorkerUpdate;
  const hadController = Boolean(container.controller);
  try {
    const registration = await container.register(SERVICE_WORKER_URL, { scope: "/" });
    const watch = (worker: WorkerLike | null | undefined) => {
      if (!worker) return;
      const check = () => {
        if ((worker.state === "installed" || worker.state === "activated") && container.controller)
          flag.markUpdateReady();
      };
      check();
      worker.addEventListener("statechange", check);
    };
    if (registration.waiting && container.controller) flag.markUpdateReady();
    registration.addEventListener("updatefound", () => watch(registration.installing));
    // A new worker that takes over (skipWaiting + clients.claim) while an old one ran the page.
    container.addEventListener?.("controllerchange", () => {
      if (hadController) flag.markUpdateReady();
    });
    return "registered";
  } catch (error) {
    deps.logger.error("Error during service worker registration:", error);
    return "failed";
  }
}
