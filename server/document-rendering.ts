import { boundedRenderer, type RenderBackend, type RenderService } from "#core/documents/bounded-renderer";
import type { Logger } from "#core/logger";
import { createDocumentEngine } from "#documents/document-engine.server";
import { createRenderPool, renderWorkerFromSource } from "#documents/render-pool.server";
import type { ServerConfig } from "./config";

export interface DocumentRenderingOptions {
  /** The worker's entry; the production start passes build/server/render-worker.js (scripts/server-entry/server-main.mjs). */
  workerFile?: string;
  /** Renders with this instead (tests: a render that waits until the test lets it finish). */
  backend?: RenderBackend;
}

/**
 * The site's document renderer (decision 0039), built once at boot as
 * container.documents: RENDER_WORKERS worker threads (piscina) behind a queue
 * of at most RENDER_QUEUE_MAX renders, beyond which a visitor's render is
 * refused with DocumentsBusyError (503). With RENDER_WORKERS=0 the engine
 * renders on the request thread behind the same limit – what the tests use.
 * Run from source (dev, tsx scripts) the workers load the TypeScript through
 * documents/render-worker-from-source.mjs.
 */
export function buildDocumentRendering(config: ServerConfig, logger: Logger, options: DocumentRenderingOptions = {}): RenderService {
  const backend =
    options.backend ??
    (config.RENDER_WORKERS === 0
      ? engineOnThisThread(config)
      : createRenderPool({ site: config.site, workers: config.RENDER_WORKERS, workerFile: options.workerFile ?? renderWorkerFromSource() }));
  const documents = boundedRenderer(backend, { concurrency: Math.max(1, config.RENDER_WORKERS), queueMax: config.RENDER_QUEUE_MAX });
  // Outside tests the fonts load at boot: the first donor does not wait for them, and a build that cannot find them says so at once.
  if (config.NODE_ENV !== "test") documents.warmUp().catch((err: unknown) => logger.error({ err }, "document engine: fonts could not be loaded"));
  return documents;
}

function engineOnThisThread(config: ServerConfig): RenderBackend {
  const engine = createDocumentEngine(config.site);
  return { render: (request, format) => engine.render(request, format), warmUp: () => engine.warmUp(), close: async () => {} };
}
