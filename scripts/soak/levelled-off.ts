/**
 * Whether a soak run's memory levelled off: over the final third of the run
 * (from the sample at its start to the last one) resident memory and the heap
 * after a full collection may each grow only by a small bound. A leak grows
 * roughly in proportion to traffic, so a third of the run shows about a third
 * of its growth; a bounded cache has filled by then and stays put.
 */
export interface MemorySample {
  minute: number;
  /** Resident set size, bytes. */
  rss: number;
  /** V8 heap in use after a full garbage collection, bytes. */
  heapUsed: number;
}

export interface Bounds {
  /** Allowed heap growth over the final third: the larger of these. */
  heapBytes: number;
  heapFraction: number;
  /** Allowed resident growth over the final third: the larger of these. */
  rssBytes: number;
  rssFraction: number;
}

export const DEFAULT_BOUNDS: Bounds = { heapBytes: 8 * 2 ** 20, heapFraction: 0.05, rssBytes: 32 * 2 ** 20, rssFraction: 0.1 };

export interface Verdict {
  levelled: boolean;
  heapGrowth: number;
  heapAllowed: number;
  rssGrowth: number;
  rssAllowed: number;
  /** The minute the final third starts at. */
  fromMinute: number;
  reason: string;
}

export function judgeMemory(samples: readonly MemorySample[], bounds: Bounds = DEFAULT_BOUNDS): Verdict {
  if (samples.length < 3) {
    return { levelled: false, heapGrowth: 0, heapAllowed: 0, rssGrowth: 0, rssAllowed: 0, fromMinute: 0, reason: "fewer than three samples: cannot tell" };
  }
  const start = samples[Math.floor(((samples.length - 1) * 2) / 3)] as MemorySample;
  const last = samples[samples.length - 1] as MemorySample;
  const heapGrowth = last.heapUsed - start.heapUsed;
  const rssGrowth = last.rss - start.rss;
  const heapAllowed = Math.max(bounds.heapBytes, start.heapUsed * bounds.heapFraction);
  const rssAllowed = Math.max(bounds.rssBytes, start.rss * bounds.rssFraction);
  const problems: string[] = [];
  if (heapGrowth > heapAllowed) problems.push(`heap grew ${mb(heapGrowth)} (allowed ${mb(heapAllowed)})`);
  if (rssGrowth > rssAllowed) problems.push(`resident memory grew ${mb(rssGrowth)} (allowed ${mb(rssAllowed)})`);
  return {
    levelled: problems.length === 0,
    heapGrowth,
    heapAllowed,
    rssGrowth,
    rssAllowed,
    fromMinute: start.minute,
    reason: problems.length === 0 ? `levelled off from minute ${start.minute}` : `still growing from minute ${start.minute}: ${problems.join(", ")}`,
  };
}

export const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
