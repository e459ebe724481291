import { stemSwedish } from "./swedish-stemmer";

/**
 * Swedish text normalisation shared by indexing, querying, highlighting and
 * suggestions. Everything that decides whether two words "are the same" goes
 * through here, so the index and the query can never disagree.
 */

// Letters that NFD does not decompose but that visitors still type without
// their diacritics (Danish/Norwegian names, German ß in researchers' names).
const SPECIAL_FOLDS: Record<string, string> = { æ: "ae", ø: "o", ß: "ss", đ: "d", ł: "l", œ: "oe" };

/**
 * Lower-cases and strips diacritics: å/ä → a, ö → o, é → e, ü → u, …
 * Swedish treats å/ä/ö as letters of their own, but visitors on foreign
 * keyboards (and many on phones) type "hjarta" for "hjärta"; recall wins here.
 */
export function foldText(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .replace(/[æøßđłœ]/g, (c) => SPECIAL_FOLDS[c] ?? c);
}

export interface Token {
  /** The word as it appears in the original text. */
  text: string;
  /** Offset of the word in the original text (UTF-16 code units). */
  start: number;
  end: number;
}

const WORD = /[\p{L}\p{N}]+/gu;

/** Splits text into words (runs of letters and digits) keeping their offsets for highlighting. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(WORD)) {
    tokens.push({ text: match[0], start: match.index, end: match.index + match[0].length });
  }
  return tokens;
}

/** Splits text into words without offsets; the form MiniSearch's `tokenize` option wants. */
export function splitWords(text: string): string[] {
  return text.match(WORD) ?? [];
}

// Folded forms. Only words that carry no meaning on their own in a search for
// this site; "år" (year, folded "ar") is deliberately absent.
const STOPWORDS = new Set([
  // Swedish
  "och", "i", "att", "det", "som", "en", "pa", "ar", "av", "for", "med", "till", "den", "har", "de", "inte",
  "om", "ett", "men", "var", "sig", "fran", "vi", "sa", "kan", "nar", "eller", "hur", "vad", "vid", "ocksa",
  "dem", "du", "ni", "jag", "han", "hon", "sin", "sina", "sitt", "detta", "denna", "dessa",
  // English (the site has English pages)
  "the", "and", "of", "to", "in", "a", "an", "is", "are", "on", "with", "by", "at", "from", "or", "as", "be",
]);

export function isStopword(foldedWord: string): boolean {
  return STOPWORDS.has(foldedWord);
}

// Longer "words" are almost always garbage (hashes, pasted URLs) and only
// slow down fuzzy matching.
const MAX_TERM_LENGTH = 40;

// Natural text repeats a small vocabulary, so memoising the word → term step
// makes indexing and highlighting several times faster. Bounded so a stream
// of unique garbage queries cannot grow it without limit.
const TERM_CACHE_LIMIT = 100_000;
const termCache = new Map<string, string | null>();

/**
 * The single term processor: fold, drop stopwords, stem. Returns null for a
 * word that should not be indexed or searched.
 */
export function processTerm(word: string): string | null {
  const cached = termCache.get(word);
  if (cached !== undefined) return cached;
  const folded = foldText(word);
  const term = !folded || folded.length > MAX_TERM_LENGTH || isStopword(folded) ? null : stemSwedish(folded);
  if (termCache.size >= TERM_CACHE_LIMIT) termCache.clear();
  termCache.set(word, term);
  return term;
}

/** Text → the terms the index stores for it, in order. */
export function analyse(text: string): string[] {
  const terms: string[] = [];
  for (const word of splitWords(text)) {
    const term = processTerm(word);
    if (term) terms.push(term);
  }
  return terms;
}

/** Case- and diacritics-insensitive key with collapsed whitespace, used to de-duplicate phrases. */
export function phraseKey(text: string): string {
  return foldText(text).replace(/\s+/g, " ").trim();
}
