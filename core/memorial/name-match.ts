import { foldText, splitWords } from "../search/swedish-text";

/**
 * Matching names as a grieving visitor types them: every typed word must match
 * a different word of the name, in any order ("lin kar" finds Karin
 * Lindqvist), case and diacritics folded the way site search folds them
 * (Åsa = asa, Björk = bjork, Linnéa = linnea), the last word usually still
 * being typed. Shared by the source simulator and the API's own checks, so
 * both rank the same way.
 */

/** How well one typed word matches one word of a name; higher is better. */
export const MATCH_KIND = { exact: 3, prefix: 2, fuzzy: 1 } as const;
export type MatchKind = keyof typeof MATCH_KIND;

/** Shorter typed words are too ambiguous for a typo to be told from another name. */
export const FUZZY_MIN_LENGTH = 5;
/** Words typed beyond this are not names; they only cost time. */
export const MAX_QUERY_WORDS = 6;
const MAX_WORD_LENGTH = 40;

/** Folded words of a text, the form both sides of a match are compared in. */
export function foldedWords(text: string): string[] {
  return splitWords(foldText(text)).filter((word) => word.length <= MAX_WORD_LENGTH);
}

/** The typed query as folded words, de-duplicated and at most MAX_QUERY_WORDS. */
export function queryWords(query: string): string[] {
  return [...new Set(foldedWords(query))].slice(0, MAX_QUERY_WORDS);
}

/**
 * True when a and b differ by at most one insertion, deletion, substitution
 * or swap of two neighbouring letters (optimal string alignment distance ≤ 1).
 * Only the first `bLength` letters of b count (a word's beginning), so the
 * check needs no substring: it runs for every word on every keystroke.
 */
export function withinOneEdit(a: string, b: string, bLength: number = b.length): boolean {
  const la = a.length;
  const lb = bLength < b.length ? bLength : b.length;
  if (la - lb > 1 || lb - la > 1) return false;
  let i = 0;
  while (i < la && i < lb && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i === la && i === lb) return true;
  if (la === lb) {
    // A substitution at i, or a swap of i and i + 1.
    if (sameTail(a, i + 1, la, b, i + 1, lb)) return true;
    return i + 1 < la && a.charCodeAt(i) === b.charCodeAt(i + 1) && a.charCodeAt(i + 1) === b.charCodeAt(i) && sameTail(a, i + 2, la, b, i + 2, lb);
  }
  // One is longer by a letter: skip it there.
  return la > lb ? sameTail(a, i + 1, la, b, i, lb) : sameTail(a, i, la, b, i + 1, lb);
}

function sameTail(a: string, ai: number, la: number, b: string, bi: number, lb: number): boolean {
  if (la - ai !== lb - bi) return false;
  for (; ai < la; ai++, bi++) if (a.charCodeAt(ai) !== b.charCodeAt(bi)) return false;
  return true;
}

/** How a typed word matches a word of a name, or null. */
export function matchWord(typed: string, word: string): MatchKind | null {
  if (typed === word) return "exact";
  if (word.startsWith(typed)) return "prefix";
  if (typed.length < FUZZY_MIN_LENGTH) return null;
  // A typo in a whole word (Lindkvist ~ Lindqvist) or in the part typed so far
  // (lindkv ~ lindqv…): compare with the word's beginning of about the same length.
  const n = typed.length;
  for (const length of [n, n - 1, n + 1]) {
    if (length <= word.length && withinOneEdit(typed, word, length)) return "fuzzy";
  }
  return null;
}

export interface NameMatch {
  /** Sum of the typed words' match kinds: exact > prefix > fuzzy. */
  score: number;
  /** How many typed words matched exactly (a tie-breaker). */
  exact: number;
}

/**
 * Matches every typed word to a different word of the name, best kinds first
 * (a small assignment: a name has a handful of words). Null unless every typed
 * word found one. `typed` must come from `queryWords`, `words` from `foldedWords`.
 */
export function matchName(typed: readonly string[], words: readonly string[]): NameMatch | null {
  if (typed.length === 0 || typed.length > words.length) return null;
  if (typed.length === 1) {
    // The common case while typing the first word: the best single word.
    let best = 0;
    for (const w of words) {
      const kind = matchWord(typed[0]!, w);
      if (kind && MATCH_KIND[kind] > best) best = MATCH_KIND[kind];
      if (best === MATCH_KIND.exact) break;
    }
    return best === 0 ? null : { score: best, exact: best === MATCH_KIND.exact ? 1 : 0 };
  }
  // kinds[t][w]: how typed word t matches name word w.
  const kinds: Array<Array<number>> = [];
  for (const t of typed) {
    const row: number[] = [];
    let any = false;
    for (const w of words) {
      const kind = matchWord(t, w);
      row.push(kind ? MATCH_KIND[kind] : 0);
      if (kind) any = true;
    }
    if (!any) return null;
    kinds.push(row);
  }
  let best: NameMatch | null = null;
  const used = new Array<boolean>(words.length).fill(false);
  const search = (t: number, score: number, exact: number) => {
    if (t === typed.length) {
      if (!best || score > best.score || (score === best.score && exact > best.exact)) best = { score, exact };
      return;
    }
    const row = kinds[t]!;
    for (let w = 0; w < words.length; w++) {
      const kind = row[w]!;
      if (kind === 0 || used[w]) continue;
      used[w] = true;
      search(t + 1, score + kind, exact + (kind === MATCH_KIND.exact ? 1 : 0));
      used[w] = false;
    }
  };
  search(0, 0, 0);
  return best;
}
