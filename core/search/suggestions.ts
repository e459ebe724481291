import { z } from "zod";
import { phraseKey } from "./swedish-text";

/**
 * Query suggestions for the search box: popular searches that found
 * something, plus page titles. A plain class whose state goes in and out as
 * JSON (`fromJSON`/`toJSON`), so it can be persisted in the database and
 * shared between instances; it keeps no timers and does no I/O.
 */

export const DEFAULT_SUGGESTION_LIMIT = 8;

export interface QuerySuggestionsOptions {
  /**
   * Searches needed before a query is suggested to others. More than one, so
   * that a single visitor's odd (or deliberately offensive) query does not
   * appear in everyone's search box.
   */
  minCount?: number;
  /** Cap on remembered queries; the least popular are forgotten first. */
  maxQueries?: number;
}

const stateSchema = z.object({
  version: z.literal(1),
  queries: z.array(z.object({ query: z.string(), count: z.number().int().positive() })),
});

export type QuerySuggestionsState = z.infer<typeof stateSchema>;

interface Entry {
  display: string;
  key: string;
  count: number;
}

const MIN_QUERY_LENGTH = 2;
const MAX_QUERY_LENGTH = 60;
const MAX_QUERY_WORDS = 6;

/**
 * Queries that may hold personal data are never remembered: digit runs of six
 * or more (personnummer, phone and order numbers) and e-mail addresses. Gift
 * and memorial searches make these likely.
 */
function mayContainPersonalData(query: string): boolean {
  const compact = query.replace(/[\s+-]/g, "");
  return /\d{6,}/.test(compact) || query.includes("@");
}

function tidy(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

export class QuerySuggestions {
  private readonly minCount: number;
  private readonly maxQueries: number;
  private readonly queries = new Map<string, Entry>();
  private titles = new Map<string, Entry>();

  constructor(options: QuerySuggestionsOptions = {}) {
    this.minCount = Math.max(1, options.minCount ?? 2);
    this.maxQueries = Math.max(1, options.maxQueries ?? 10_000);
  }

  /** Restores persisted state; unreadable state starts empty rather than failing the boot. */
  static fromJSON(state: unknown, options: QuerySuggestionsOptions = {}): QuerySuggestions {
    const suggestions = new QuerySuggestions(options);
    const parsed = stateSchema.safeParse(state);
    if (!parsed.success) return suggestions;
    for (const { query, count } of parsed.data.queries) {
      const display = tidy(query);
      const key = phraseKey(display);
      if (!key) continue;
      const existing = suggestions.queries.get(key);
      if (existing) existing.count += count;
      else suggestions.queries.set(key, { display, key, count });
    }
    suggestions.evict();
    return suggestions;
  }

  toJSON(): QuerySuggestionsState {
    const queries = [...this.queries.values()]
      .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key))
      .map(({ display, count }) => ({ query: display, count }));
    return { version: 1, queries };
  }

  /**
   * Remembers a search. Only searches that found something count (a query
   * with no hits would be a useless suggestion). Returns whether it was kept.
   */
  recordSearch(query: string, nbHits: number): boolean {
    if (!(nbHits > 0)) return false;
    const display = tidy(query).toLocaleLowerCase("sv-SE");
    if (display.length < MIN_QUERY_LENGTH || display.length > MAX_QUERY_LENGTH) return false;
    if (display.split(" ").length > MAX_QUERY_WORDS || mayContainPersonalData(display)) return false;
    const key = phraseKey(display);
    if (!key) return false;
    const existing = this.queries.get(key);
    if (existing) existing.count += 1;
    else this.queries.set(key, { display, key, count: 1 });
    this.evict();
    return true;
  }

  /**
   * Replaces the remembered queries with persisted state, keeping the titles:
   * used after this instance's searches were merged with other instances'
   * in the shared store. Unreadable state changes nothing and returns false.
   */
  replaceQueries(state: unknown): boolean {
    if (!stateSchema.safeParse(state).success) return false;
    const next = QuerySuggestions.fromJSON(state, { minCount: this.minCount, maxQueries: this.maxQueries });
    this.queries.clear();
    for (const [key, entry] of next.queries) this.queries.set(key, entry);
    return true;
  }

  /** Forgets a query, for editors removing an unwanted suggestion. */
  remove(query: string): boolean {
    return this.queries.delete(phraseKey(query));
  }

  /**
   * Replaces the page titles offered as suggestions. Called with each index
   * rebuild; the new map is built aside and swapped in one assignment.
   */
  setTitles(titles: Iterable<string>): void {
    const next = new Map<string, Entry>();
    for (const title of titles) {
      const display = tidy(title);
      const key = phraseKey(display);
      if (key && !next.has(key)) next.set(key, { display, key, count: 0 });
    }
    this.titles = next;
  }

  /**
   * Up to `limit` suggestions for a prefix: trimmed, de-duplicated ignoring
   * case and diacritics, ranked by popularity, then titles, then matches at
   * the start before matches inside, then shorter first.
   */
  suggest(prefix: string, limit = DEFAULT_SUGGESTION_LIMIT): string[] {
    const key = phraseKey(prefix);
    const max = Math.min(Math.max(Math.floor(Number.isFinite(limit) ? limit : DEFAULT_SUGGESTION_LIMIT), 0), 50);
    if (!key || max === 0) return [];

    interface Candidate {
      display: string;
      key: string;
      count: number;
      isTitle: boolean;
      atStart: boolean;
    }
    const found = new Map<string, Candidate>();
    const consider = (entry: Entry, isTitle: boolean) => {
      const atStart = entry.key.startsWith(key);
      if (!atStart && !entry.key.includes(` ${key}`)) return;
      const seen = found.get(entry.key);
      if (seen) {
        // Same phrase from a popular query and a title: keep the count, mark it a title.
        seen.count = Math.max(seen.count, entry.count);
        seen.isTitle ||= isTitle;
        return;
      }
      found.set(entry.key, { display: entry.display, key: entry.key, count: entry.count, isTitle, atStart });
    };
    for (const entry of this.queries.values()) if (entry.count >= this.minCount) consider(entry, false);
    for (const entry of this.titles.values()) consider(entry, true);

    return [...found.values()]
      .sort(
        (a, b) =>
          b.count - a.count ||
          Number(b.isTitle) - Number(a.isTitle) ||
          Number(b.atStart) - Number(a.atStart) ||
          a.display.length - b.display.length ||
          a.key.localeCompare(b.key),
      )
      .slice(0, max)
      .map((c) => c.display);
  }

  get size(): { queries: number; titles: number } {
    return { queries: this.queries.size, titles: this.titles.size };
  }

  private evict(): void {
    if (this.queries.size <= this.maxQueries) return;
    const keep = [...this.queries.values()].sort((a, b) => b.count - a.count).slice(0, Math.floor(this.maxQueries * 0.9));
    this.queries.clear();
    for (const entry of keep) this.queries.set(entry.key, entry);
  }
}
