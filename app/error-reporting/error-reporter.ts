import type { Logger } from "#core/logger";
import type { Breadcrumb, ErrorTransport, ReportEvent, ReportLevel } from "./report-event";
import { RingBuffer } from "./ring-buffer";
import { scrubDeep, scrubText, truncate } from "./scrub";

/** Spec section 9. */
export const MAX_BREADCRUMBS = 100;
export const MAX_MESSAGE_LENGTH = 250;
const MAX_STACK_LENGTH = 4000;

export interface ReportContext {
  tags?: Record<string, string>;
  extra?: Record<string, unknown>;
  url?: string;
  level?: ReportLevel;
}

export interface ErrorReporterOptions {
  /** Without a DSN reports are only logged. */
  dsn?: string | null;
  /** Where scrubbed events go when a DSN is configured, e.g. sentryEnvelopeTransport(dsn, fetch). */
  send: ErrorTransport;
  logger: Pick<Logger, "error" | "warn">;
  platform: "javascript" | "node";
  release?: string;
  environment?: string;
  now?: () => Date;
  eventId?: () => string;
}

export interface ErrorReporter {
  readonly enabled: boolean;
  addBreadcrumb(breadcrumb: Omit<Breadcrumb, "timestamp"> & { timestamp?: number }): void;
  /** Returns the event id. Never throws, never rejects. */
  captureException(error: unknown, context?: ReportContext): Promise<string>;
  captureMessage(message: string, context?: ReportContext): Promise<string>;
  breadcrumbs(): Breadcrumb[];
}

/**
 * One reporter for browser and server: keeps the last 100 breadcrumbs, cuts
 * messages to 250 characters and scrubs personal data from messages,
 * breadcrumbs and extra data before anything leaves.
 */
export function createErrorReporter(options: ErrorReporterOptions): ErrorReporter {
  const enabled = Boolean(options.dsn);
  const now = options.now ?? (() => new Date());
  const eventId = options.eventId ?? (() => globalThis.crypto.randomUUID().replace(/-/g, ""));
  const crumbs = new RingBuffer<Breadcrumb>(MAX_BREADCRUMBS);
  const seconds = () => now().getTime() / 1000;

  const dispatch = async (event: ReportEvent): Promise<string> => {
    if (!enabled) {
      options.logger.error(
        {
          event_id: event.event_id,
          message: event.message?.formatted,
          exception: event.exception,
          tags: event.tags,
          extra: event.extra,
        },
        "error report (no DSN configured, not sent)",
      );
      return event.event_id;
    }
    try {
      await options.send(event);
    } catch (error) {
      options.logger.warn(
        { event_id: event.event_id, reason: scrubText(String(error)) },
        "error report could not be sent",
      );
    }
    return event.event_id;
  };

  const baseEvent = (level: ReportLevel, context: ReportContext | undefined): ReportEvent => {
    const event: ReportEvent = {
      event_id: eventId(),
      timestamp: seconds(),
      platform: options.platform,
      level: context?.level ?? level,
      breadcrumbs: { values: crumbs.toArray() },
    };
    if (context?.tags) event.tags = scrubDeep(context.tags);
    if (context?.extra) event.extra = scrubDeep(context.extra);
    if (context?.url) event.request = { url: scrubText(context.url) };
    if (options.release) event.release = options.release;
    if (options.environment) event.environment = options.environment;
    return event;
  };

  return {
    enabled,
    addBreadcrumb(breadcrumb) {
      const clean: Breadcrumb = { ...breadcrumb, timestamp: breadcrumb.timestamp ?? seconds() };
      if (clean.message !== undefined) clean.message = cleanMessage(clean.message);
      if (clean.data !== undefined) clean.data = scrubDeep(clean.data);
      crumbs.push(clean);
    },
    captureException(error, context) {
      try {
        const event = baseEvent("error", context);
        const { type, value, stack } = describeError(error);
        event.exception = { values: [{ type, value: cleanMessage(value) }] };
        event.message = { formatted: cleanMessage(`${type}: ${value}`) };
        if (stack) event.extra = { ...event.extra, stack: truncate(scrubText(stack), MAX_STACK_LENGTH) };
        return dispatch(event);
      } catch {
        return Promise.resolve("");
      }
    },
    captureMessage(message, context) {
      try {
        const event = baseEvent("info", context);
        event.message = { formatted: cleanMessage(message) };
        return dispatch(event);
      } catch {
        return Promise.resolve("");
      }
    },
    breadcrumbs: () => crumbs.toArray(),
  };
}

/** Scrub first, then cut, so a cut never leaves half a personnummer behind. */
function cleanMessage(message: string): string {
  return truncate(scrubText(message), MAX_MESSAGE_LENGTH);
}

function describeError(error: unknown): { type: string; value: string; stack?: string } {
  if (error instanceof Error) return { type: error.name || "Error", value: error.message, stack: error.stack };
  if (typeof error === "string") return { type: "Error", value: error };
  try {
    return { type: "Error", value: JSON.stringify(error) ?? String(error) };
  } catch {
    return { type: "Error", value: String(error) };
  }
}

/** core's Logger shape on top of the browser console. */
export const consoleLogger: Pick<Logger, "error" | "warn"> = {
  error: (obj, msg) => console.error(msg ?? "", obj),
  warn: (obj, msg) => console.warn(msg ?? "", obj),
};
