import { Counter, Gauge, type Registry } from "prom-client";
import type { LiveFanOut } from "./live-fan-out";

/** The live fan-out's figures at /metrics: open streams, database reads, refused streams (decision 0049). */
export function registerLiveMetrics(registry: Registry, fanOut: LiveFanOut): void {
  const registers = [registry];
  new Gauge({
    name: "site_live_subscribers",
    help: "Live-value streams (server-sent events) open on this instance.",
    registers,
    collect() {
      this.set(fanOut.stats().subscribers);
    },
  });
  new Counter({
    name: "site_live_reads_total",
    help: "Reads of live values from the database, all keys together: at most one a second per key, however many watch.",
    registers,
    collect() {
      this.reset();
      this.inc(fanOut.stats().reads);
    },
  });
  new Counter({
    name: "site_live_refused_total",
    help: "Live-value streams refused because LIVE_MAX_SUBSCRIBERS were open.",
    registers,
    collect() {
      this.reset();
      this.inc(fanOut.stats().refused);
    },
  });
}
