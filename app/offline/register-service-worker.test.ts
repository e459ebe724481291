import { describe, expect, it, vi } from "vitest";
import { INSECURE_CONTEXT_MESSAGE, registerServiceWorker } from "./register-service-worker";
import { createUpdateFlag } from "./update-flag";

type Listener = () => void;

function fakeWorker(state = "installing") {
  const listeners: Listener[] = [];
  return {
    state,
    addEventListener: (_type: "statechange", l: Listener) => listeners.push(l),
    setState(next: string) {
      this.state = next;
      listeners.forEach((l) => l());
    },
  };
}

function setup(options: { protocol?: string; hostname?: string; controller?: unknown; fail?: boolean } = {}) {
  const registrationListeners: Listener[] = [];
  const containerListeners: Listener[] = [];
  const registration = {
    installing: null as ReturnType<typeof fakeWorker> | null,
    waiting: null,
    addEventListener: (_type: "updatefound", l: Listener) => registrationListeners.push(l),
  };
  const register = vi.fn(async () => {
    if (options.fail) throw new Error("SecurityError");
    return registration;
  });
  const container = {
    controller: options.controller ?? null,
    register,
    addEventListener: (_type: "controllerchange", l: Listener) => containerListeners.push(l),
  };
  const logger = { error: vi.fn() };
  const updateFlag = createUpdateFlag();
  const run = () =>
    registerServiceWorker({
      location: { protocol: options.protocol ?? "https:", hostname: options.hostname ?? "www.exempel.se" },
      navigator: { serviceWorker: container },
      logger,
      updateFlag,
    });
  return {
    run,
    register,
    logger,
    updateFlag,
    registration,
    updateFound: () => registrationListeners.forEach((l) => l()),
    controllerChange: () => containerListeners.forEach((l) => l()),
  };
}

describe("registerServiceWorker", () => {
  it("registers /sw.js over https", async () => {
    const { run, register, logger } = setup();
    expect(await run()).toBe("registered");
    expect(register).toHaveBeenCalledWith("/sw.js", { scope: "/" });
    expect(logger.error).not.toHaveBeenCalled();
  });

  it.each(["localhost", "127.0.0.1"])("registers over http on %s", async (hostname) => {
    const { run, register } = setup({ protocol: "http:", hostname });
    expect(await run()).toBe("registered");
    expect(register).toHaveBeenCalledOnce();
  });

  it("logs the spec's message over plain http elsewhere", async () => {
    const { run, register, logger } = setup({ protocol: "http:", hostname: "www.exempel.se" });
    expect(await run()).toBe("insecure");
    expect(register).not.toHaveBeenCalled();
    expect(logger.error).toHaveBeenCalledExactlyOnceWith(
      "Service workers can only be used over HTTPS, or on localhost for development",
    );
    expect(INSECURE_CONTEXT_MESSAGE).toBe(
      "Service workers can only be used over HTTPS, or on localhost for development",
    );
  });

  it("only logs a failed registration", async () => {
    const { run, logger } = setup({ fail: true });
    await expect(run()).resolves.toBe("failed");
    expect(logger.error).toHaveBeenCalledOnce();
  });

  it("does nothing in browsers without service workers", async () => {
    const logger = { error: vi.fn() };
    expect(
      await registerServiceWorker({ location: { protocol: "https:", hostname: "x" }, navigator: {}, logger }),
    ).toBe("unsupported");
    expect(logger.error).not.toHaveBeenCalled();
  });

  it("marks an update ready when a new worker is installed while an old one controls the page", async () => {
    const { run, updateFlag, registration, updateFound } = setup({ controller: {} });
    const listener = vi.fn();
    updateFlag.onUpdateReady(listener);
    await run();
    const worker = fakeWorker();
    registration.installing = worker;
    updateFound();
    expect(updateFlag.isUpdateReady()).toBe(false);
    worker.setState("installed");
    expect(updateFlag.isUpdateReady()).toBe(true);
    expect(listener).toHaveBeenCalledOnce();
  });

  it("does not call the first installation an update", async () => {
    const { run, updateFlag, registration, updateFound, controllerChange } = setup({ controller: null });
    await run();
    const worker = fakeWorker();
    registration.installing = worker;
    updateFound();
    worker.setState("installed");
    worker.setState("activated");
    controllerChange();
    expect(updateFlag.isUpdateReady()).toBe(false);
  });

  it("marks an update ready when a new worker takes control", async () => {
    const { run, updateFlag, controllerChange } = setup({ controller: {} });
    await run();
    controllerChange();
    expect(updateFlag.isUpdateReady()).toBe(true);
  });
});

describe("update flag", () => {
  it("tells late listeners at once and early ones once", () => {
    const flag = createUpdateFlag();
    const early = vi.fn();
    const unsubscribed = vi.fn();
    flag.onUpdateReady(early);
    flag.onUpdateReady(unsubscribed)();
    flag.markUpdateReady();
    flag.markUpdateReady();
    const late = vi.fn();
    flag.onUpdateReady(late);
    expect(early).toHaveBeenCalledOnce();
    expect(unsubscribed).not.toHaveBeenCalled();
    expect(late).toHaveBeenCalledOnce();
  });
});
