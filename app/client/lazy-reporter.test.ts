import { describe, expect, it, vi } from "vitest";
import { createErrorReporter } from "../error-reporting/error-reporter";
import { createLazyReporter } from "./lazy-reporter";

describe("lazy reporter", () => {
  it("loads the real reporter only for the first error and hands over the breadcrumbs", async () => {
    const send = vi.fn();
    const real = createErrorReporter({
      dsn: "https://key@sentry.example/1",
      send,
      logger: { error: vi.fn(), warn: vi.fn() },
      platform: "javascript",
    });
    const load = vi.fn(async () => real);
    const reporter = createLazyReporter(load);
    reporter.addBreadcrumb({ category: "api", message: "SwishPoll ok" });
    expect(load).not.toHaveBeenCalled();

    await reporter.captureException(new Error("fel för anna@exempel.se"));
    await reporter.captureException(new Error("igen"));
    expect(load).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledTimes(2);
    const event = send.mock.calls[0]![0];
    expect(event.breadcrumbs.values).toEqual([expect.objectContaining({ message: "SwishPoll ok" })]);
    expect(event.message.formatted).toBe("Error: fel för [email]");
  });

  it("keeps only the last 100 breadcrumbs while waiting", async () => {
    const send = vi.fn();
    const real = createErrorReporter({ dsn: "https://k@s.example/1", send, logger: console, platform: "javascript" });
    const reporter = createLazyReporter(async () => real);
    for (let i = 0; i < 150; i++) reporter.addBreadcrumb({ message: `steg ${i}` });
    await reporter.captureException(new Error("x"));
    const crumbs = send.mock.calls[0]![0].breadcrumbs.values;
    expect(crumbs).toHaveLength(100);
    expect(crumbs[0].message).toBe("steg 50");
  });

  it("falls back to the console when the reporter cannot be loaded", async () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    const reporter = createLazyReporter(() => Promise.reject(new Error("offline")));
    const error = new Error("fel");
    await expect(reporter.captureException(error)).resolves.toBe("");
    expect(consoleError).toHaveBeenCalledWith(error);
    consoleError.mockRestore();
  });
});
