import type { Clock } from "#core/clock";
import { silentLogger, type Logger } from "#core/logger";
import type { ResearchProject } from "#core/research/research-project";
import type { ApprovedProjectsSource } from "./client";
import type { KeyValueStore } from "#core/key-value-store";
import { parseResearchSnapshot, serialiseResearchSnapshot, type ResearchSnapshot } from "./research-snapshot";

/**
 * Serves the approved-projects list from a cache with stale-while-revalidate:
 * a fresh list is served as is; an old one is served at once while one
 * background refresh runs; when the portal is down or sends garbage, the last
 * good list keeps being served, marked stale. Research pages therefore never
 * wait 10 s for a slow portal once anything has been fetched.
 */

export interface ResearchListing {
  projects: ResearchProject[];
  /** When the served list was fetched from the portal (ISO timestamp). */
  fetchedAt: string;
  /** True when the list is older than the TTL (refresh pending or failing). */
  stale: boolean;
}

export interface CachedResearchSourceOptions {
  source: ApprovedProjectsSource;
  store: KeyValueStore;
  clock: Clock;
  logger?: Logger;
  /** How long a fetched list counts as fresh. Default 15 minutes. */
  ttlMs?: number;
  /** After a failed refresh, wait this long before trying again. Default 1 minute. */
  retryAfterMs?: number;
  key?: string;
  /** Served when the store is empty, e.g. the build-time snapshot, so a cold start with the portal down still shows projects. */
  seed?: ResearchSnapshot;
  /**
   * Called whenever the list this instance serves is replaced by a different
   * one (a refresh, another instance's refresh read from the store, the seed),
   * so dependants such as the search index can follow without polling.
   * Errors thrown here are logged and do not affect the cache.
   */
  onUpdate?: (snapshot: ResearchSnapshot) => void;
}

export class NoResearchDataError extends Error {
  constructor(cause: unknown) {
    super("No research projects available: the portal failed and nothing is cached", { cause });
    this.name = "NoResearchDataError";
  }
}

export const DEFAULT_RESEARCH_TTL_MS = 15 * 60_000;

export class CachedResearchSource {
  private memo: ResearchSnapshot | undefined;
  private inflight: Promise<ResearchSnapshot> | undefined;
  private retryNotBefore = 0;
  private readonly ttlMs: number;
  private readonly retryAfterMs: number;
  private readonly key: string;
  private readonly logger: Logger;

  constructor(private readonly options: CachedResearchSourceOptions) {
    this.ttlMs = options.ttlMs ?? DEFAULT_RESEARCH_TTL_MS;
    this.retryAfterMs = options.retryAfterMs ?? 60_000;
    this.key = options.key ?? "research-portal:approved";
    this.logger = options.logger ?? silentLogger;
  }

  /**
   * The list to show. Waits for the portal only when nothing at all is
   * cached; then a failure is a NoResearchDataError for the page to handle.
   */
  async get(): Promise<ResearchListing> {
    let entry = this.memo;
    if (!entry || (this.isExpired(entry) && this.mayRefresh())) {
      // Another instance may have refreshed the shared store meanwhile.
      const stored = await this.load();
      if (stored && (!entry || stored.fetchedAt > entry.fetchedAt)) entry = this.remember(stored);
    }
    if (!entry && this.options.seed) entry = this.remember(this.options.seed);
    if (!entry) {
      try {
        entry = await this.refreshOnce();
      } catch (error) {
        throw new NoResearchDataError(error);
      }
    }
    if (this.isExpired(entry)) this.refreshInBackground();
    return this.listing(entry);
  }

  /** Fetches now (sharing a refresh already running). Rejects on failure; the cache is left as it was. */
  async refresh(): Promise<ResearchListing> {
    return this.listing(await this.refreshOnce());
  }

  /** Resolves when no refresh is running; for tests and graceful shutdown. */
  async settled(): Promise<void> {
    while (this.inflight) await this.inflight.catch(() => undefined);
  }

  private listing(entry: ResearchSnapshot): ResearchListing {
    return { projects: entry.projects, fetchedAt: entry.fetchedAt, stale: this.isExpired(entry) };
  }

  private isExpired(entry: ResearchSnapshot): boolean {
    return this.options.clock.now().getTime() - Date.parse(entry.fetchedAt) >= this.ttlMs;
  }

  /** No refresh running and not backing off after a failure. */
  private mayRefresh(): boolean {
    return !this.inflight && this.options.clock.now().getTime() >= this.retryNotBefore;
  }

  private refreshInBackground(): void {
    if (!this.mayRefresh()) return;
    this.refreshOnce().catch(() => {
      // Already logged in refreshOnce; the stale list keeps being served.
    });
  }

  private refreshOnce(): Promise<ResearchSnapshot> {
    this.inflight ??= this.fetchAndStore().finally(() => {
      this.inflight = undefined;
    });
    return this.inflight;
  }

  private async fetchAndStore(): Promise<ResearchSnapshot> {
    let projects: ResearchProject[];
    try {
      projects = await this.options.source.fetchApproved();
    } catch (error) {
      this.retryNotBefore = this.options.clock.now().getTime() + this.retryAfterMs;
      this.logger.warn(
        { err: error instanceof Error ? error.message : String(error), servingFrom: this.memo?.fetchedAt ?? null },
        "research portal refresh failed; serving last good list",
      );
      throw error;
    }
    const entry: ResearchSnapshot = { fetchedAt: this.options.clock.now().toISOString(), projects };
    this.remember(entry);
    try {
      await this.options.store.set(this.key, serialiseResearchSnapshot(entry));
    } catch (error) {
      // The in-memory copy still serves this instance; the next refresh tries to store again.
      this.logger.warn({ err: (error as Error).message }, "research cache write failed");
    }
    return entry;
  }

  private remember(entry: ResearchSnapshot): ResearchSnapshot {
    const previous = this.memo;
    this.memo = entry;
    if (previous !== entry && this.options.onUpdate) {
      try {
        this.options.onUpdate(entry);
      } catch (error) {
        this.logger.warn({ err: (error as Error).message }, "research cache update listener failed");
      }
    }
    return entry;
  }

  private async load(): Promise<ResearchSnapshot | undefined> {
    try {
      return parseResearchSnapshot(await this.options.store.get(this.key));
    } catch (error) {
      this.logger.warn({ err: (error as Error).message }, "research cache read failed");
      return undefined;
    }
  }
}
