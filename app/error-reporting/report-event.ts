/**
 * What the reporter sends: a subset of Sentry's event payload, so the same
 * object can go into an envelope (sentry-envelope.ts) or, once the Sentry SDK
 * is installed, straight to `Sentry.captureEvent(event)`.
 */
export type ReportLevel = "fatal" | "error" | "warning" | "info" | "debug";

export interface Breadcrumb {
  /** Seconds since the epoch, as Sentry wants it. */
  timestamp: number;
  category?: string;
  message?: string;
  level?: ReportLevel;
  type?: string;
  data?: Record<string, unknown>;
}

export interface ReportEvent {
  /** 32 lower-case hex digits. */
  event_id: string;
  timestamp: number;
  platform: "javascript" | "node";
  level: ReportLevel;
  logger?: string;
  message?: { formatted: string };
  exception?: { values: { type: string; value: string }[] };
  breadcrumbs?: { values: Breadcrumb[] };
  tags?: Record<string, string>;
  extra?: Record<string, unknown>;
  request?: { url?: string };
  release?: string;
  environment?: string;
}

/**
 * The seam to the outside: where finished, scrubbed events go. Implementations:
 * `sentryEnvelopeTransport(dsn, fetch)` here, or the Sentry SDK's
 * `(event) => { Sentry.captureEvent(event) }` when it is installed.
 */
export type ErrorTransport = (event: ReportEvent) => Promise<void> | void;
