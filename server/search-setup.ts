import path from "node:path";
import type { Router } from "express";
import type { Kysely } from "kysely";
import type { Clock } from "#core/clock";
import type { Logger } from "#core/logger";
import { loadContentLibrary } from "#core/content/content-library";
import { contentSearchDocuments } from "#core/content/content-search-documents";
import { GIFT_SEARCH_DOCUMENTS } from "#core/gifts/gift-search-documents";
import { researchSearchDocuments } from "#core/research/research-search-documents";
import type { ResearchProject } from "#core/research/research-project";
import { indexNames, type IndexNames } from "#core/search/index-names";
import { MiniSearchEngine } from "#core/search/minisearch-engine";
import type { SearchDocument, SearchEngine, SearchResult, SuggestResult } from "#core/search/search-engine";
import { DEFAULT_HITS_PER_PAGE, normalisePage, normaliseQuery } from "#core/search/search-request";
import { QuerySuggestions } from "#core/search/suggestions";
import type { SiteConfig } from "#core/site/site-config";
import { DbKeyValueStore } from "#db/kv-entries";
import type { DB } from "#db/schema";
import { readResearchSnapshot } from "#integrations/research-portal/build-snapshot";
import { CachedResearchSource } from "#integrations/research-portal/cached-research-source";
import { ResearchPortalClient } from "#integrations/research-portal/client";
import { createResearchPortalSimulator } from "#integrations/research-portal/simulator/research-portal-simulator";
import type { ResearchSnapshot } from "#integrations/research-portal/research-snapshot";
import type { ServerConfig } from "./config";
import { SuggestionStore } from "./suggestion-store";

/**
 * Site search and the research list, wired together because the index holds
 * the research projects: whenever the research cache starts serving a
 * different list (a refresh here, another instance's refresh read from the
 * shared store, the build-time seed) the index is rebuilt in the background,
 * without a restart. Content pages and gift pages change only with a deploy,
 * so they are read once per rebuild from the files of this build.
 */

/** Where the research pages live; search hits link to a project's anchor on them. */
export const RESEARCH_PAGE_PATHS = { sv: "/forskning/projekt", en: "/en/research/projects" } as const;

/** Pages rendered in code rather than from Markdown, so they are findable too. */
const APP_PAGE_DOCUMENTS: readonly SearchDocument[] = [
  {
    id: "app:sv:forskningsprojekt",
    url: RESEARCH_PAGE_PATHS.sv,
    title: "Godkända forskningsprojekt",
    body: "Forskningsprojekt som fått tillgång till data från befolkningsstudien: titel, huvudansvarig forskare, lärosäte och datum för godkännande. Filtrera på år och område.",
    kind: "page",
    lang: "sv",
  },
  {
    id: "app:en:research-projects",
    url: RESEARCH_PAGE_PATHS.en,
    title: "Approved research projects",
    body: "Research projects approved to use data from the population study: title, principal investigator, institution and approval date. Filter by year and area.",
    kind: "page",
    lang: "en",
  },
];

/** How often the research list is checked (which triggers its background refresh) and suggestions are synced. */
const MAINTENANCE_INTERVAL_MS = 60_000;

export interface SiteSearchOptions {
  engine: SearchEngine;
  names: IndexNames;
  suggestionStore: SuggestionStore;
  research: CachedResearchSource;
  /** Everything but the research projects: content pages, gift pages, app pages. */
  staticDocuments: () => SearchDocument[];
  logger: Logger;
  /** Told after each rebuild: pages kept from the old index (the search page) or the old research list are dropped. */
  onRebuilt?: () => void;
}

export class SiteSearch {
  readonly names: IndexNames;
  readonly engine: SearchEngine;
  private indexedResearchAt: string | null = null;
  private rebuilding: Promise<void> = Promise.resolve();
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly options: SiteSearchOptions) {
    this.engine = options.engine;
    this.names = options.names;
  }

  /** One page of the search page's results (20 hits). */
  async searchPage(query: string, page: number): Promise<SearchResult> {
    const { results } = await this.engine.search([
      { indexName: this.names.content, query: normaliseQuery(query), page: normalisePage(page), hitsPerPage: DEFAULT_HITS_PER_PAGE },
    ]);
    return results[0]!;
  }

  suggest(prefix: string, limit?: number): Promise<SuggestResult> {
    return this.engine.suggest(prefix, limit);
  }

  /** A search a visitor submitted (not as-you-type), for the suggestions. */
  recordSearch(query: string, nbHits: number): boolean {
    return this.options.suggestionStore.record(query, nbHits);
  }

  /** Rebuilds the index from this build's files and the given projects; rebuilds run one after another. */
  rebuild(research: ResearchSnapshot | undefined): Promise<void> {
    const run = async () => {
      const started = Date.now();
      const projects: ResearchProject[] = research?.projects ?? [];
      const docs = [...this.options.staticDocuments(), ...researchSearchDocuments(projects, RESEARCH_PAGE_PATHS)];
      await this.engine.index(docs);
      this.indexedResearchAt = research?.fetchedAt ?? null;
      this.options.onRebuilt?.();
      this.options.logger.info({ documents: docs.length, researchFetchedAt: this.indexedResearchAt, ms: Date.now() - started }, "search index built");
    };
    this.rebuilding = this.rebuilding.then(run, run).catch((error: unknown) => {
      // The engine keeps the previous index when a rebuild fails.
      this.options.logger.error({ err: error }, "search index rebuild failed; keeping the previous index");
    });
    return this.rebuilding;
  }

  /** Called by the research cache when it serves a different list. */
  researchChanged(snapshot: ResearchSnapshot): void {
    if (snapshot.fetchedAt === this.indexedResearchAt) return;
    void this.rebuild(snapshot);
  }

  /**
   * Starts the background work, once the server listens (the research
   * simulator is served by this very process): the first research fetch,
   * then periodic checks that keep the list fresh and sync suggestions.
   */
  start(): void {
    if (this.timer) return;
    const tick = () => {
      this.options.research.get().catch((error: unknown) => {
        this.options.logger.warn({ err: (error as Error).message }, "research list not available for the search index yet");
      });
      void this.options.suggestionStore.sync();
    };
    tick();
    this.timer = setInterval(tick, MAINTENANCE_INTERVAL_MS);
    this.timer.unref();
  }

  /** Stops the timers and saves pending suggestion counts. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.options.research.settled();
    await this.options.suggestionStore.sync();
    await this.rebuilding;
  }

  /** Resolves when the current rebuild (if any) has finished; for tests. */
  async settled(): Promise<void> {
    await this.options.research.settled();
    await this.rebuilding;
  }
}

export interface SearchSetup {
  search: SiteSearch;
  research: CachedResearchSource;
  /** The research portal simulator's routes, to mount at /_sim/research-portal; null when live. */
  researchSimulator: Router | null;
}

export interface SearchSetupDeps {
  config: ServerConfig;
  site: SiteConfig;
  db: Kysely<DB>;
  clock: Clock;
  logger: Logger;
  /** Directory of the Markdown content; default "content" (relative to the working directory). */
  contentDir?: string;
  onRebuilt?: () => void;
}

export const RESEARCH_SIMULATOR_PATH = "/_sim/research-portal";

/** The build-time snapshot, next to the build it belongs to (BUILD_DIR as in react-router.config.ts). */
export function researchSnapshotFile(config: Pick<ServerConfig, "RESEARCH_SNAPSHOT_FILE" | "BUILD_DIR">): string {
  return config.RESEARCH_SNAPSHOT_FILE ?? path.join(config.BUILD_DIR, "research-projects.json");
}

export async function buildSearch(deps: SearchSetupDeps): Promise<SearchSetup> {
  const { config, site, db, clock, logger } = deps;
  const contentDir = deps.contentDir ?? "content";
  const kv = new DbKeyValueStore(db, clock);

  const suggestionOptions = { minCount: config.SEARCH_SUGGESTION_MIN_COUNT };
  const suggestions = new QuerySuggestions(suggestionOptions);
  const suggestionStore = new SuggestionStore({ kv, suggestions, suggestionOptions, logger });
  await suggestionStore.load().catch((error: unknown) => logger.warn({ err: (error as Error).message }, "search suggestions could not be loaded"));

  const simulated = config.RESEARCH_PORTAL_MODE === "simulator";
  const client = new ResearchPortalClient({
    baseUrl: simulated ? `${config.internalUrl}${RESEARCH_SIMULATOR_PATH}` : (config.RESEARCH_PORTAL_URL as string),
    product: config.RESEARCH_PORTAL_PRODUCT,
    logger,
  });
  const seed = await readResearchSnapshot(researchSnapshotFile(config));

  // The cache and the search refer to each other: the cache reports new lists
  // (only ever after this function has returned), the search asks for them.
  const research = new CachedResearchSource({
    source: client,
    store: kv,
    clock,
    logger,
    ttlMs: config.RESEARCH_CACHE_TTL_MS,
    seed,
    onUpdate: (snapshot) => search.researchChanged(snapshot),
  });
  const search: SiteSearch = new SiteSearch({
    engine: new MiniSearchEngine({ suggestions }),
    names: indexNames(config.SEARCH_INDEX_NAME, config.SEARCH_DEBUG),
    suggestionStore,
    research,
    staticDocuments: () => [
      ...contentSearchDocuments(loadContentLibrary(contentDir), site),
      ...GIFT_SEARCH_DOCUMENTS,
      ...APP_PAGE_DOCUMENTS,
    ],
    logger,
    onRebuilt: deps.onRebuilt,
  });
  // Searchable at once with what this build has; research projects follow from the seed or the first fetch.
  await search.rebuild(seed);

  return { search, research, researchSimulator: simulated ? createResearchPortalSimulator() : null };
}
