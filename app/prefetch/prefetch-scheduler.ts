import { type Timers, globalTimers } from "../tracking/timers";

/** Spec section 9: batches of 4 every 3 seconds. */
export const PREFETCH_BATCH_SIZE = 4;
export const PREFETCH_INTERVAL_MS = 3000;

export interface PrefetchSchedulerOptions {
  prefetch: (href: string) => void;
  timers?: Timers;
  batchSize?: number;
  intervalMs?: number;
}

export interface PrefetchScheduler {
  /** Queues an address; addresses already queued or prefetched are ignored. */
  enqueue(href: string): void;
  readonly queued: number;
  dispose(): void;
}

/**
 * Rate-limits prefetching to one batch per interval. The first batch goes at
 * the next tick (links coming into view together are batched together); then
 * the queue waits until the interval has passed since the last batch, so there
 * are never more than `batchSize` prefetches in any `intervalMs`. When the queue
 * is empty at a tick, the scheduler sleeps until something is queued.
 */
export function createPrefetchScheduler(options: PrefetchSchedulerOptions): PrefetchScheduler {
  const timers = options.timers ?? globalTimers;
  const batchSize = options.batchSize ?? PREFETCH_BATCH_SIZE;
  const intervalMs = options.intervalMs ?? PREFETCH_INTERVAL_MS;
  const queue: string[] = [];
  const seen = new Set<string>();
  let timer: unknown = undefined;
  let coolingDown = false;
  let disposed = false;

  const schedule = (ms: number) => {
    timer = timers.setTimeout(tick, ms);
  };

  function tick() {
    timer = undefined;
    if (disposed) return;
    if (queue.length === 0) {
      coolingDown = false;
      return;
    }
    for (const href of queue.splice(0, batchSize)) {
      try {
        options.prefetch(href);
      } catch {
        // A failed prefetch only means the click loads normally.
      }
    }
    coolingDown = true;
    schedule(intervalMs);
  }

  return {
    enqueue(href) {
      if (disposed || seen.has(href)) return;
      seen.add(href);
      queue.push(href);
      if (timer === undefined && !coolingDown) schedule(0);
    },
    get queued() {
      return queue.length;
    },
    dispose() {
      disposed = true;
      queue.length = 0;
      if (timer !== undefined) timers.clearTimeout(timer);
      timer = undefined;
    },
  };
}
