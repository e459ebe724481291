/**
 * A light Swedish stemmer: the classic Snowball Swedish algorithm
 * (snowballstem.org, "swedish/stemmer.html": R1, step 1 main suffixes, step 2
 * consonant pairs, step 3 other suffixes), plus two search-oriented extensions.
 *
 * It works on text that has already been lower-cased and folded by
 * `foldText` (å/ä → a, ö → o). Folding maps vowels to vowels, so R1 is the same
 * as on the unfolded word; the only suffix with a diacritic ("löst" → "lös")
 * is written folded. Stemming folded text means "hjarta" typed on a keyboard
 * without å/ä/ö stems exactly like "hjärta".
 *
 * Extensions (documented deviations, both in favour of recall):
 *  1. Genitive -s: when step 1 removed only a possessive "s", step 1 runs once
 *     more, so "hjärtats" → "hjärtat" → "hjärt" like "hjärtat" and "hjärta".
 *  2. Definite singular "-an" of first-declension nouns ("gåvan", "lungan")
 *     is removed in R1, so they meet "gåva"/"gåvor" and "lunga"/"lungor".
 * Snowball 3.x added an "-et" rule with a long exception list; it is not
 * implemented here because the search engine's prefix matching covers it.
 */

const VOWELS = new Set(["a", "e", "i", "o", "u", "y"]);
const S_ENDING = new Set([..."bcdfghjklmnoprtvy"]);

// Longest first, so the first suffix that fits is the longest match.
const STEP1_SUFFIXES = [
  "heterna", "hetens", "anden", "heten", "heter", "arnas", "ernas", "ornas", "andes", "arens", "andet",
  "arna", "erna", "orna", "ande", "arne", "aste", "aren", "ades", "erns",
  "ade", "are", "ern", "ens", "het", "ast",
  "ad", "en", "ar", "er", "or", "as", "es", "at",
  "a", "e",
].sort((a, b) => b.length - a.length);

const STEP2_PAIRS = ["dd", "gd", "nn", "dt", "gt", "kt", "tt"];

/**
 * R1 starts after the first non-vowel that follows a vowel, but never before
 * the fourth letter, so short words keep their first three letters.
 */
export function r1Start(word: string): number {
  let i = 0;
  while (i < word.length && !VOWELS.has(word[i]!)) i++;
  while (i < word.length && VOWELS.has(word[i]!)) i++;
  const start = i < word.length ? i + 1 : word.length;
  return Math.max(start, 3);
}

type Step1Result = { word: string; removed: "suffix" | "genitive-s" | "none" };

function step1(word: string, r1: number): Step1Result {
  for (const suffix of STEP1_SUFFIXES) {
    if (word.endsWith(suffix) && word.length - suffix.length >= r1) {
      return { word: word.slice(0, -suffix.length), removed: "suffix" };
    }
  }
  // The bare "s" is only removed after consonants that may precede a
  // genitive/passive s; "-ss" words like "press" keep theirs.
  if (word.endsWith("s") && word.length - 1 >= r1 && S_ENDING.has(word[word.length - 2] ?? "")) {
    return { word: word.slice(0, -1), removed: "genitive-s" };
  }
  return { word, removed: "none" };
}

function stepDefiniteAn(word: string, r1: number): string {
  return word.endsWith("an") && word.length - 2 >= r1 ? word.slice(0, -2) : word;
}

function step2(word: string, r1: number): string {
  for (const pair of STEP2_PAIRS) {
    if (word.endsWith(pair) && word.length - pair.length >= r1) return word.slice(0, -1);
  }
  return word;
}

function step3(word: string, r1: number): string {
  const inR1 = (suffix: string) => word.endsWith(suffix) && word.length - suffix.length >= r1;
  if (inR1("fullt")) return word.slice(0, -1);
  if (inR1("lost")) return word.slice(0, -1);
  for (const suffix of ["lig", "els", "ig"]) {
    if (inR1(suffix)) return word.slice(0, -suffix.length);
  }
  return word;
}

/** Stems one lower-cased, folded word. Words shorter than 3 letters are returned as they are. */
export function stemSwedish(word: string): string {
  if (word.length < 3) return word;
  // R1 is computed once on the input word, as in Snowball; the later steps
  // only look at suffixes, so the mark stays valid while the word shrinks.
  const r1 = r1Start(word);
  let result = step1(word, r1);
  if (result.removed === "genitive-s") {
    const again = step1(result.word, r1);
    if (again.removed === "suffix") result = again;
  }
  let stem = result.removed === "suffix" ? result.word : stepDefiniteAn(result.word, r1);
  stem = step2(stem, r1);
  stem = step3(stem, r1);
  return stem;
}
