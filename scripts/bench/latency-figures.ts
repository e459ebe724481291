/** A run's latencies summed up: how many, the median, the 95th and 99th percentiles and the slowest, in ms (to the µs). */
export interface LatencyFigures {
  count: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
}

export function latencyFigures(samples: number[]): LatencyFigures {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => Number(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(3));
  return { count: sorted.length, p50Ms: at(0.5), p95Ms: at(0.95), p99Ms: at(0.99), maxMs: Number(sorted[sorted.length - 1]!.toFixed(3)) };
}
