import type { PrefetchScheduler } from "./prefetch-scheduler";

interface ObservedAnchor {
  href: string;
  target?: string;
  hasAttribute?(name: string): boolean;
}

export interface IntersectionEntryLike {
  isIntersecting: boolean;
  target: unknown;
}

export interface ObserverLike {
  observe(target: never): void;
  unobserve(target: never): void;
  disconnect(): void;
}

export type ObserverFactory = (callback: (entries: IntersectionEntryLike[]) => void) => ObserverLike;

export interface LinkObserverOptions {
  createObserver: ObserverFactory;
  scheduler: Pick<PrefetchScheduler, "enqueue">;
  /** Turns a link into an address to prefetch, or null (see prefetchTarget). */
  targetOf: (anchor: ObservedAnchor) => string | null;
}

/** Queues links for prefetching when they come into view; each link only once. */
export function createLinkObserver(options: LinkObserverOptions) {
  const observer = options.createObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer.unobserve(entry.target as never);
      const target = options.targetOf(entry.target as ObservedAnchor);
      if (target) options.scheduler.enqueue(target);
    }
  });
  return {
    observe(anchors: Iterable<ObservedAnchor>) {
      for (const anchor of anchors) if (options.targetOf(anchor)) observer.observe(anchor as never);
    },
    disconnect: () => observer.disconnect(),
  };
}
