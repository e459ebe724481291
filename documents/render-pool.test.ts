import { afterAll, describe, expect, it } from "vitest";
import { loadSiteConfig } from "#core/site/site-config";
import { thankYouCard } from "#core/gifts/receipt-document";
import { testGift } from "#tests/support/test-gift";
import { decodePng } from "#tests/support/png-inspect";
import { createRenderPool, renderWorkerFromSource } from "./render-pool.server";

/**
 * The real pool (decision 0039): a worker thread, started from the TypeScript
 * source through tsx as `npm run dev` starts it, renders a PNG and hands its
 * bytes back. The site's other tests render on their own thread
 * (RENDER_WORKERS=0 in tests/support/test-server.ts), which is faster to start.
 */
const site = loadSiteConfig({});
const pool = createRenderPool({ site, workers: 1, workerFile: renderWorkerFromSource() });
afterAll(() => pool.close());

describe("the render pool", () => {
  it("renders a document in a worker thread and answers its bytes", async () => {
    await pool.warmUp();
    const png = await pool.render(thankYouCard(testGift({ donor_name: "Åsa Öberg", amount_ore: 25_000 })), "png");
    expect(Buffer.isBuffer(png)).toBe(true);
    const image = decodePng(png);
    expect(image.width).toBeGreaterThan(300);
    expect(image.height).toBeGreaterThan(100);
  }, 60_000);

  it("says which file is missing rather than starting workers that cannot load", () => {
    expect(() => createRenderPool({ site, workers: 1, workerFile: "/nowhere/render-worker.js" })).toThrow(/\/nowhere\/render-worker\.js/);
  });
});
