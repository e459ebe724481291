/**
 * Preloaded into the production server by `npm run test:soak` only
 * (`node --import ./scripts/soak/memory-probe.mjs --expose-gc build/server-main.js`):
 * answers the parent's IPC messages with the process's memory figures, after
 * a full garbage collection, and writes heap snapshots on request. It adds no
 * route, so nothing of it can be reached over HTTP; a server started without
 * an IPC channel (every real one) has nothing to answer.
 */
import v8 from "node:v8";

if (typeof process.send === "function") {
  // The channel must not keep the server alive once the parent is gone.
  process.channel?.unref();
  process.on("message", (message) => {
    if (!message || typeof message !== "object") return;
    if (message.type === "memory") {
      const before = process.memoryUsage();
      if (typeof globalThis.gc === "function") globalThis.gc();
      const after = process.memoryUsage();
      process.send({ type: "memory", id: message.id, rss: before.rss, heapTotalBeforeGc: before.heapTotal, heapUsed: after.heapUsed, heapTotal: after.heapTotal, external: after.external, arrayBuffers: after.arrayBuffers, rssAfterGc: process.memoryUsage.rss() });
    } else if (message.type === "heap-snapshot" && typeof message.file === "string") {
      const file = v8.writeHeapSnapshot(message.file);
      process.send({ type: "heap-snapshot", id: message.id, file });
    }
  });
}
