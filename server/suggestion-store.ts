import type { Logger } from "#core/logger";
import type { QuerySuggestions, QuerySuggestionsOptions } from "#core/search/suggestions";
import { QuerySuggestions as Suggestions } from "#core/search/suggestions";
import type { DbKeyValueStore } from "#db/kv-entries";

/**
 * Keeps the search-box suggestions (popular searches) in the database so that
 * they survive restarts and are shared by every instance. A search is counted
 * in memory at once (this instance suggests it immediately) and remembered as
 * pending; `sync()` merges the pending counts into the stored state with an
 * optimistic read-modify-write and loads the merged result, which also brings
 * in what other instances recorded. Nothing is written per search request.
 */
export const SUGGESTIONS_KEY = "search:query-suggestions";

export interface SuggestionStoreOptions {
  kv: DbKeyValueStore;
  suggestions: QuerySuggestions;
  /** The same options the live suggestions were made with, for merging. */
  suggestionOptions: QuerySuggestionsOptions;
  logger: Logger;
}

export class SuggestionStore {
  private pending = new Map<string, number>();

  constructor(private readonly options: SuggestionStoreOptions) {}

  /** Loads the stored state into the live suggestions (at boot). */
  async load(): Promise<void> {
    const stored = await this.options.kv.get(SUGGESTIONS_KEY);
    if (stored !== undefined && !this.options.suggestions.replaceQueries(stored)) {
      this.options.logger.warn({ key: SUGGESTIONS_KEY }, "stored search suggestions are unreadable; starting empty");
    }
  }

  /** Counts a submitted search (see QuerySuggestions.recordSearch for what is refused). */
  record(query: string, nbHits: number): boolean {
    if (!this.options.suggestions.recordSearch(query, nbHits)) return false;
    this.pending.set(query, (this.pending.get(query) ?? 0) + 1);
    return true;
  }

  get pendingCount(): number {
    let n = 0;
    for (const count of this.pending.values()) n += count;
    return n;
  }

  /** Writes pending counts and reloads the shared state. On failure the counts stay pending. */
  async sync(): Promise<void> {
    const batch = this.pending;
    this.pending = new Map();
    try {
      const merged = await this.options.kv.update(SUGGESTIONS_KEY, (current) => {
        const state = Suggestions.fromJSON(current, this.options.suggestionOptions);
        for (const [query, count] of batch) for (let i = 0; i < count; i++) state.recordSearch(query, 1);
        return state.toJSON();
      });
      this.options.suggestions.replaceQueries(merged);
      // Searches recorded while the write was under way are in `this.pending`; count them again locally.
      for (const [query, count] of this.pending) for (let i = 0; i < count; i++) this.options.suggestions.recordSearch(query, 1);
    } catch (error) {
      for (const [query, count] of batch) this.pending.set(query, (this.pending.get(query) ?? 0) + count);
      this.options.logger.warn({ err: (error as Error).message }, "search suggestions could not be saved; will retry");
    }
  }
}
