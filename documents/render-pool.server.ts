import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";
import type { RenderBackend } from "#core/documents/bounded-renderer";
import type { SiteConfig } from "#core/site/site-config";
import type { RenderTask, RenderWorkerData } from "./render-worker";

export interface RenderPoolOptions {
  site: SiteConfig;
  /** Worker threads, each with its own engine (RENDER_WORKERS). */
  workers: number;
  /** The worker's entry: build/server/render-worker.js in production, else renderWorkerFromSource(). */
  workerFile: string;
}

/** How much lower a worker thread's priority is than the request thread's (nice(2): 10 gives it about a ninth of a contended core). */
const RENDER_THREAD_NICENESS = 10;

/** The worker entry for a site run from source (dev, tests, tsx scripts): a small .mjs that loads the TypeScript through tsx. */
export function renderWorkerFromSource(): string {
  return path.join(path.dirname(fileURLToPath(import.meta.url)), "render-worker-from-source.mjs");
}

/**
 * Document renders off the request thread (decision 0039): a fixed set of
 * piscina worker threads, each running documents/render-worker.ts. Requests
 * and answers cross as plain data (a DocumentRequest in, the file's bytes
 * out). Piscina queues what finds no free worker; how much may wait is
 * core/documents/bounded-renderer.ts's business.
 */
export function createRenderPool(options: RenderPoolOptions): RenderBackend {
  if (!fs.existsSync(options.workerFile)) throw new Error(`render pool: no worker entry at ${options.workerFile}`);
  const pool = new Piscina<RenderTask | null, Uint8Array | null>({
    filename: options.workerFile,
    // Always this many: a worker that stopped when idle would load its fonts again for the next donor.
    minThreads: options.workers,
    maxThreads: options.workers,
    workerData: { site: options.site } satisfies RenderWorkerData,
    // Pages come first: a worker thread runs at a lower priority than the request thread (Linux; @napi-rs/nice,
    // piscina's optional dependency), so a busy pool takes the CPU the pages leave rather than share it with them.
    niceIncrement: RENDER_THREAD_NICENESS,
  });
  return {
    async render(request, format) {
      const bytes = await pool.run({ request, format });
      if (!bytes) throw new Error("render pool: a worker answered no file");
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
    async warmUp() {
      // One warm-up per worker is asked; each waits for the fonts in whichever worker takes it, and fails as loading them failed.
      await Promise.all(Array.from({ length: options.workers }, () => pool.run(null)));
    },
    close: () => pool.destroy(),
  };
}
