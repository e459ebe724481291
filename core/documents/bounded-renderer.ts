import type { DocumentFormat, DocumentRenderer, DocumentRequest } from "./document-renderer";
import { DocumentsBusyError } from "./documents-busy";

/** What actually renders: the worker pool (documents/render-pool.server.ts) or, in tests, the engine on this thread. */
export interface RenderBackend extends DocumentRenderer {
  warmUp(): Promise<void>;
  close(): Promise<void>;
}

/** The site's renderer (container.documents): a visitor's render may be refused when too many wait. */
export interface RenderService extends DocumentRenderer {
  /** The same documents for jobs (receipts, invoices, deliveries): never refused, they wait their turn, since no visitor waits on them. */
  readonly background: DocumentRenderer;
  /** Renders running or waiting right now. */
  readonly inFlight: number;
  warmUp(): Promise<void>;
  close(): Promise<void>;
}

export interface RenderLimits {
  /** Renders that run at once (the pool's workers). */
  concurrency: number;
  /** Renders that may wait for a worker beyond those; the next visitor's is refused. */
  queueMax: number;
  /** What a refusal asks the visitor to wait. */
  retryAfterSeconds?: number;
}

/** A card takes a worker 30–70 ms (docs/benchmarks.md); a full queue has drained within a few seconds. */
export const DEFAULT_RETRY_AFTER_SECONDS = 5;

/**
 * Renders as a budgeted resource (decision 0039): at most `concurrency +
 * queueMax` visitors' renders are in flight; the next one is refused with
 * DocumentsBusyError at once, before any work is done, so a flood of renders
 * costs the request thread nothing but the refusal. Jobs' renders count in
 * the load but are never refused.
 */
export function boundedRenderer(backend: RenderBackend, limits: RenderLimits): RenderService {
  const capacity = Math.max(1, limits.concurrency) + Math.max(0, limits.queueMax);
  const retryAfter = limits.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS;
  let inFlight = 0;
  const counted = async (request: DocumentRequest, format: DocumentFormat): Promise<Buffer> => {
    inFlight++;
    try {
      return await backend.render(request, format);
    } finally {
      inFlight--;
    }
  };
  return {
    render(request, format) {
      if (inFlight >= capacity) return Promise.reject(new DocumentsBusyError(retryAfter));
      return counted(request, format);
    },
    background: { render: counted },
    get inFlight() {
      return inFlight;
    },
    warmUp: () => backend.warmUp(),
    close: () => backend.close(),
  };
}
