import type { HighlightValue } from "./search-engine";
import { tokenize, type Token } from "./swedish-text";

/**
 * Builds highlighted HTML for hits. The text is user-visible content, never
 * trusted markup, so everything is escaped and only our own <mark> tags are
 * added: the UI may render `value` as HTML.
 */

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/**
 * Decides whether a word of the text matches the query. Returns the query-side
 * key it matched (for matchLevel) or null.
 */
export type WordMatcher = (word: string) => string | null;

export const MARK_OPEN = "<mark>";
export const MARK_CLOSE = "</mark>";

function render(text: string, tokens: Token[], from: number, to: number, matched: Set<number>): string {
  let html = "";
  let cursor = tokens[from]?.start ?? 0;
  const stop = tokens[to - 1]?.end ?? text.length;
  for (let i = from; i < to; i++) {
    const token = tokens[i]!;
    if (!matched.has(i)) continue;
    html += escapeHtml(text.slice(cursor, token.start)) + MARK_OPEN + escapeHtml(token.text) + MARK_CLOSE;
    cursor = token.end;
  }
  return html + escapeHtml(text.slice(cursor, stop));
}

interface Analysis {
  tokens: Token[];
  matched: Set<number>;
  keys: Set<string>;
  words: string[];
}

function analyseMatches(text: string, matcher: WordMatcher): Analysis {
  const tokens = tokenize(text);
  const matched = new Set<number>();
  const keys = new Set<string>();
  const words: string[] = [];
  tokens.forEach((token, i) => {
    const key = matcher(token.text);
    if (key === null) return;
    matched.add(i);
    keys.add(key);
    if (!words.includes(token.text)) words.push(token.text);
  });
  return { tokens, matched, keys, words };
}

function matchLevel(keys: Set<string>, queryTermCount: number): HighlightValue["matchLevel"] {
  if (keys.size === 0) return "none";
  return keys.size >= queryTermCount ? "full" : "partial";
}

/** The whole text, escaped, with matching words marked. */
export function highlight(text: string, matcher: WordMatcher, queryTermCount: number): HighlightValue {
  const a = analyseMatches(text, matcher);
  const value = a.tokens.length === 0 ? escapeHtml(text) : render(text, a.tokens, 0, a.tokens.length, a.matched);
  // Leading/trailing non-word characters (quotes, punctuation) are part of the title.
  const lead = a.tokens.length ? escapeHtml(text.slice(0, a.tokens[0]!.start)) : "";
  const tail = a.tokens.length ? escapeHtml(text.slice(a.tokens[a.tokens.length - 1]!.end)) : "";
  return { value: a.tokens.length ? lead + value + tail : value, matchLevel: matchLevel(a.keys, queryTermCount), matchedWords: a.words };
}

export interface SnippetOptions {
  /** Words in the snippet. */
  words?: number;
  /** Words of context kept before the first match. */
  before?: number;
}

export const ELLIPSIS = "…";

/**
 * A window of the text around its first match (or its opening words when it
 * has none), so a hit shows why it was found. Only the words up to the end of
 * the window are matched: content pages can be long and this runs per hit.
 */
export function snippet(text: string, matcher: WordMatcher, queryTermCount: number, options: SnippetOptions = {}): HighlightValue {
  const size = options.words ?? 30;
  const before = options.before ?? 8;
  const tokens = tokenize(text);
  if (tokens.length === 0) return { value: "", matchLevel: "none", matchedWords: [] };
  let first = tokens.findIndex((token) => matcher(token.text) !== null);
  if (first < 0) first = 0;
  let from = Math.max(0, first - before);
  const to = Math.min(tokens.length, from + size);
  from = Math.max(0, Math.min(from, to - size));
  const windowText = text.slice(tokens[from]!.start, tokens[to - 1]!.end);
  const a = analyseMatches(windowText, matcher);
  const value =
    (from > 0 ? `${ELLIPSIS} ` : "") +
    render(windowText, a.tokens, 0, a.tokens.length, a.matched) +
    (to < tokens.length ? ` ${ELLIPSIS}` : "");
  return { value, matchLevel: matchLevel(a.keys, queryTermCount), matchedWords: a.words };
}
