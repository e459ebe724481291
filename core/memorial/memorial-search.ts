import { inRange, type DateRange } from "./death-window";
import type { DeceasedPerson, FuneralParlour } from "./memorial-records";
import { foldedWords, matchName, queryWords, type NameMatch } from "./name-match";

/**
 * Searching the deceased and the funeral parlours, in memory: the rules the
 * source protocol asks of any source (integrations/memorial-source/README.md),
 * implemented once. The simulator answers with it; a cache or a local copy of
 * a live source would use it too. Best match first (exact > prefix > one
 * typo), then the most recent death, then by name.
 */

export interface DeceasedQuery {
  /** The name as typed so far. */
  name: string;
  /** Only people whose home town matches this (prefix, folded). */
  town?: string;
  dates: DateRange;
  limit: number;
}

export interface ParlourQuery {
  /** Name or town as typed so far. */
  query: string;
  /** Only parlours in this town (prefix, folded). */
  town?: string;
  limit: number;
}

export interface SearchPage<T> {
  items: T[];
  /** Matches in all, of which `items` are the first `limit`. */
  total: number;
}

const collator = new Intl.Collator("sv");

interface Prepared<T> {
  record: T;
  words: string[];
  townWords: string[];
  /** Position in the tie order, computed once so that ranking compares integers, not strings. */
  order: number;
}

interface Hit<T> {
  record: T;
  match: NameMatch;
  order: number;
}

function rank<T>(a: Hit<T>, b: Hit<T>): number {
  return b.match.score - a.match.score || b.match.exact - a.match.exact || a.order - b.order;
}

function prepare<T>(records: readonly T[], tieOrder: (a: T, b: T) => number, words: (record: T) => { words: string[]; townWords: string[] }): Prepared<T>[] {
  return [...records].sort(tieOrder).map((record, order) => ({ record, order, ...words(record) }));
}

/**
 * The one search loop: records passing `keep` whose words match every typed
 * word, and whose town matches the typed town when there is one, best first.
 */
function searchPrepared<T>(
  prepared: readonly Prepared<T>[],
  text: string,
  town: string | undefined,
  limit: number,
  keep: (record: T) => boolean = () => true,
): SearchPage<T> {
  const typed = queryWords(text);
  if (typed.length === 0) return { items: [], total: 0 };
  const typedTown = town ? queryWords(town) : [];
  const hits: Hit<T>[] = [];
  for (const entry of prepared) {
    if (!keep(entry.record)) continue;
    if (typedTown.length > 0 && matchName(typedTown, entry.townWords) === null) continue;
    const match = matchName(typed, entry.words);
    if (match) hits.push({ record: entry.record, match, order: entry.order });
  }
  hits.sort(rank);
  return { items: hits.slice(0, limit).map((hit) => hit.record), total: hits.length };
}

/** The deceased, folded once, searched many times. */
export class DeceasedIndex {
  private readonly prepared: Prepared<DeceasedPerson>[];

  constructor(people: readonly DeceasedPerson[]) {
    this.prepared = prepare(people, compareDeceased, (record) => ({
      words: foldedWords(`${record.givenNames} ${record.surname}`),
      townWords: foldedWords(record.homeTown),
    }));
  }

  get size(): number {
    return this.prepared.length;
  }

  search(query: DeceasedQuery): SearchPage<DeceasedPerson> {
    return searchPrepared(this.prepared, query.name, query.town, query.limit, (person) => inRange(person.dateOfDeath, query.dates));
  }
}

/** Ties: the most recent death first, then by name, then id (a stable order). */
export function compareDeceased(a: DeceasedPerson, b: DeceasedPerson): number {
  if (a.dateOfDeath !== b.dateOfDeath) return a.dateOfDeath < b.dateOfDeath ? 1 : -1;
  return collator.compare(a.surname, b.surname) || collator.compare(a.givenNames, b.givenNames) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Funeral parlours, found by their name or their town. */
export class ParlourIndex {
  private readonly prepared: Prepared<FuneralParlour>[];

  constructor(parlours: readonly FuneralParlour[]) {
    const byName = (a: FuneralParlour, b: FuneralParlour) => collator.compare(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    this.prepared = prepare(parlours, byName, (record) => {
      const townWords = foldedWords(`${record.town} ${record.postalAddress.city}`);
      return { words: [...new Set([...foldedWords(record.name), ...townWords])], townWords };
    });
  }

  get size(): number {
    return this.prepared.length;
  }

  search(query: ParlourQuery): SearchPage<FuneralParlour> {
    return searchPrepared(this.prepared, query.query, query.town, query.limit);
  }
}
