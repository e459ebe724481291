import { workerData } from "node:worker_threads";
import type { DocumentFormat, DocumentRequest } from "#core/documents/document-renderer";
import type { SiteConfig } from "#core/site/site-config";
import { createDocumentEngine } from "./document-engine.server";

/**
 * One thread of the render pool (decision 0039; documents/render-pool.server.ts
 * starts it with piscina). It builds its own document engine – fonts, the
 * raster cache – from the site configuration the pool passes in, and starts
 * loading the fonts at once, so the first document it is given does not wait
 * for them. It imports documents/ only: in the production build it is its own
 * entry (build/server/render-worker.js, vite.config.ts) and shares chunks
 * with the server without running anything else of it.
 */
export interface RenderTask {
  request: DocumentRequest;
  format: DocumentFormat;
}

export interface RenderWorkerData {
  site: SiteConfig;
}

const engine = createDocumentEngine((workerData as RenderWorkerData).site);
// A failure here is not lost: warming up again (the pool's warm-up task, or a render) says why.
engine.warmUp().catch(() => {});

/** Renders one document; `null` is the pool's warm-up, which only waits for the fonts. */
export default async function render(task: RenderTask | null): Promise<Uint8Array | null> {
  if (task === null) {
    await engine.warmUp();
    return null;
  }
  const file = await engine.render(task.request, task.format);
  // Exactly the file's bytes: a small Buffer is a view of a shared block, and the whole block would be copied to the other thread.
  return file.byteOffset === 0 && file.byteLength === file.buffer.byteLength ? new Uint8Array(file.buffer) : new Uint8Array(file);
}
