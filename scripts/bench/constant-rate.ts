/**
 * An open-loop load generator: requests start at a constant rate, evenly
 * spaced (at 200 per second, one every 5 ms), whether or not earlier ones have
 * been answered – the way independent donors' browsers poll. Latency is taken
 * from the moment a request was due, not from when it was sent, so a stalled
 * server or a late generator shows in the figures instead of hiding
 * (no "coordinated omission").
 *
 * autocannon's own rate limit works differently: each connection sends its
 * share of the second back to back and then waits for the next second, so
 * "200 per second" arrives as one burst of 200 each second. bench-api reports
 * that burst as a separate, harsher row.
 */
import http from "node:http";

export interface ConstantRateOptions {
  url: string;
  /** Requests started per second. */
  rate: number;
  durationSeconds: number;
  /** The JSON body of the i-th request. */
  body: (index: number) => string;
  /** Upper bound on open connections (keep-alive); requests queue beyond it. */
  maxSockets?: number;
  /** A request not answered within this is counted as an error. */
  timeoutMs?: number;
}

export interface ConstantRateResult {
  requests: number;
  /** Requests answered per second over the run. */
  requestsPerSecond: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  errors: number;
  non2xx: number;
}

export async function runConstantRate(options: ConstantRateOptions): Promise<ConstantRateResult> {
  const target = new URL(options.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.maxSockets ?? 64 });
  const total = Math.round(options.rate * options.durationSeconds);
  const intervalMs = 1000 / options.rate;
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  const inFlight: Promise<void>[] = [];

  const send = (index: number, dueAt: number) =>
    new Promise<void>((resolve) => {
      const body = options.body(index);
      const request = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: target.pathname + target.search,
          method: "POST",
          headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
          timeout: options.timeoutMs ?? 10_000,
        },
        (response) => {
          response.resume();
          response.once("end", () => {
            latencies.push(performance.now() - dueAt);
            if ((response.statusCode ?? 0) >= 300) non2xx++;
            resolve();
          });
        },
      );
      request.once("timeout", () => request.destroy(new Error("timeout")));
      request.once("error", () => {
        errors++;
        resolve();
      });
      request.end(body);
    });

  const startedAt = performance.now() + intervalMs;
  let next = 0;
  await new Promise<void>((done) => {
    const startDue = () => {
      const now = performance.now();
      while (next < total && startedAt + next * intervalMs <= now) {
        inFlight.push(send(next, startedAt + next * intervalMs));
        next++;
      }
      if (next >= total) return done();
      setTimeout(startDue, Math.max(0, startedAt + next * intervalMs - performance.now()));
    };
    startDue();
  });
  await Promise.all(inFlight);
  const elapsedMs = performance.now() - startedAt;
  agent.destroy();

  latencies.sort((a, b) => a - b);
  const quantile = (q: number) => (latencies.length ? round(latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)]!) : NaN);
  return {
    requests: total,
    requestsPerSecond: Math.round((latencies.length / elapsedMs) * 1000),
    p50Ms: quantile(0.5),
    p90Ms: quantile(0.9),
    p99Ms: quantile(0.99),
    maxMs: quantile(1),
    errors,
    non2xx,
  };
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}
