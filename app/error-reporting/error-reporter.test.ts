import { describe, expect, it, vi } from "vitest";
import { MAX_BREADCRUMBS, createErrorReporter } from "./error-reporter";
import type { ReportEvent } from "./report-event";

function setup(dsn: string | undefined = "https://key@sentry.exempel.se/42") {
  const sent: ReportEvent[] = [];
  const logger = { error: vi.fn(), warn: vi.fn() };
  let n = 0;
  const reporter = createErrorReporter({
    dsn,
    send: (event) => {
      sent.push(event);
    },
    logger,
    platform: "javascript",
    release: "abc123",
    now: () => new Date("2026-01-15T10:00:00.000Z"),
    eventId: () => `${++n}`.padStart(32, "0"),
  });
  return { reporter, sent, logger };
}

describe("error reporter", () => {
  it("keeps the last 100 breadcrumbs", async () => {
    const { reporter, sent } = setup();
    for (let i = 0; i < 130; i++) reporter.addBreadcrumb({ category: "nav", message: `steg ${i}` });
    await reporter.captureMessage("hej");
    const crumbs = sent[0]?.breadcrumbs?.values ?? [];
    expect(crumbs).toHaveLength(MAX_BREADCRUMBS);
    expect(crumbs[0]?.message).toBe("steg 30");
    expect(crumbs[99]?.message).toBe("steg 129");
    expect(crumbs[0]?.timestamp).toBe(Date.parse("2026-01-15T10:00:00.000Z") / 1000);
  });

  it("cuts messages to 250 characters", async () => {
    const { reporter, sent } = setup();
    reporter.addBreadcrumb({ message: "x".repeat(400) });
    await reporter.captureException(new Error("y".repeat(400)));
    expect(sent[0]?.exception?.values[0]?.value).toHaveLength(250);
    expect(sent[0]?.message?.formatted).toHaveLength(250);
    expect(sent[0]?.breadcrumbs?.values[0]?.message).toHaveLength(250);
  });

  it("scrubs messages, breadcrumbs, extra data and the address before sending", async () => {
    const { reporter, sent } = setup();
    reporter.addBreadcrumb({
      category: "api",
      message: "POST /api/Brite/Initiate?ssn=199001011234",
      data: { email: "a@b.se" },
    });
    await reporter.captureException(new Error("Ingen givare för 19900101-1234 / anna@exempel.se"), {
      extra: { token: "abc", note: "ring 900101-1234" },
      url: "https://www.exempel.se/mina-uppgifter?token=hemligt",
    });
    const json = JSON.stringify(sent[0]);
    expect(json).not.toMatch(/199001011234|19900101-1234|900101-1234|anna@exempel|a@b\.se|hemligt|"abc"/);
    expect(sent[0]?.exception?.values[0]).toEqual({
      type: "Error",
      value: "Ingen givare för [personnummer] / [email]",
    });
    expect(sent[0]?.request?.url).toBe("https://www.exempel.se/mina-uppgifter?token=[redacted]");
    expect(sent[0]?.release).toBe("abc123");
  });

  it("only logs when no DSN is configured", async () => {
    const send = vi.fn();
    const logger = { error: vi.fn(), warn: vi.fn() };
    const reporter = createErrorReporter({ send, logger, platform: "node" });
    expect(reporter.enabled).toBe(false);
    await reporter.captureException(new Error("boom 19900101-1234"));
    expect(send).not.toHaveBeenCalled();
    expect(logger.error).toHaveBeenCalledOnce();
    expect(JSON.stringify(logger.error.mock.calls[0])).not.toContain("19900101-1234");
  });

  it("never throws when sending fails", async () => {
    const logger = { error: vi.fn(), warn: vi.fn() };
    const reporter = createErrorReporter({
      dsn: "https://key@sentry.exempel.se/42",
      send: () => Promise.reject(new Error("offline")),
      logger,
      platform: "javascript",
    });
    await expect(reporter.captureMessage("hej")).resolves.toMatch(/^[0-9a-f]{32}$/);
    expect(logger.warn).toHaveBeenCalledOnce();
  });

  it("reports values that are not errors", async () => {
    const { reporter, sent } = setup();
    await reporter.captureException({ code: 7 });
    await reporter.captureException("plain text");
    expect(sent.map((e) => e.exception?.values[0]?.value)).toEqual(['{"code":7}', "plain text"]);
  });
});
