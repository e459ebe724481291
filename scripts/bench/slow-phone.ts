/**
 * One page load on a simulated slow phone, as a visitor would have it: the
 * network and CPU of Lighthouse's mobile profile (150 ms round trip,
 * 1.6 Mbit/s down, 750 kbit/s up, CPU 4× slower), applied by DevTools to a
 * fresh, cache-less Chromium context. Reports when the page was first painted,
 * when its largest element was painted, and when React had hydrated it (the
 * `hydrated` User Timing mark set by the root layout).
 *
 * DevTools adds the latency to each request rather than modelling TCP, so the
 * figures are for comparing builds on one machine, not for predicting a phone.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { devices, type Browser } from "@playwright/test";
import { HYDRATED_MARK } from "#app/document/hydrated-mark";

export const SLOW_PHONE = {
  latencyMs: 150,
  downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8,
  uploadBytesPerSecond: (750 * 1024) / 8,
  cpuSlowdown: 4,
} as const;

export interface PhoneLoad {
  firstContentfulPaintMs: number;
  largestContentfulPaintMs: number;
  hydratedMs: number;
}

export async function loadOnSlowPhone(browser: Browser, url: string): Promise<PhoneLoad> {
  const { defaultBrowserType: _ignored, ...pixel } = devices["Pixel 7"]!;
  const context = await browser.newContext({ ...pixel, serviceWorkers: "block" });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: SLOW_PHONE.latencyMs,
      downloadThroughput: SLOW_PHONE.downloadBytesPerSecond,
      uploadThroughput: SLOW_PHONE.uploadBytesPerSecond,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: SLOW_PHONE.cpuSlowdown });
    // Largest-contentful-paint entries reach observers only (not getEntriesByName).
    await page.addInitScript(() => {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) (window as { __largestPaint?: number }).__largestPaint = entry.startTime;
      }).observe({ type: "largest-contentful-paint", buffered: true });
    });
    const response = await page.goto(url, { waitUntil: "load", timeout: 60_000 });
    if (!response?.ok()) throw new Error(`${url} answered ${response?.status() ?? "nothing"}`);
    // Asked from here rather than with waitForFunction, whose polling script would run inside the page it measures.
    const deadline = Date.now() + 60_000;
    while (!(await page.evaluate((mark) => performance.getEntriesByName(mark).length > 0, HYDRATED_MARK))) {
      if (Date.now() > deadline) throw new Error(`${url} did not hydrate within 60 s`);
      await sleep(100);
    }
    const figures = await page.evaluate((mark) => ({
      firstContentfulPaintMs: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN,
      largestContentfulPaintMs: (window as { __largestPaint?: number }).__largestPaint ?? NaN,
      hydratedMs: performance.getEntriesByName(mark)[0]!.startTime,
    }), HYDRATED_MARK);
    return figures;
  } finally {
    await context.close();
  }
}
