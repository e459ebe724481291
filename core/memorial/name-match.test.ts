import { describe, expect, it } from "vitest";
import { foldedWords, matchName, matchWord, queryWords, withinOneEdit } from "./name-match";

describe("name matching", () => {
  it("folds case and diacritics the way visitors type (å/ä → a, ö → o, é → e)", () => {
    expect(foldedWords("Åsa Björk-Linnéa")).toEqual(["asa", "bjork", "linnea"]);
    expect(matchWord("asa", "asa")).toBe("exact");
    expect(matchName(queryWords("ÅSA"), foldedWords("Åsa Holm"))).toEqual({ score: 3, exact: 1 });
    expect(matchName(queryWords("bjork"), foldedWords("Tore Björk"))).not.toBeNull();
    expect(matchName(queryWords("Björk"), foldedWords("Tore Bjork"))).not.toBeNull();
    expect(matchName(queryWords("linnea rosen"), foldedWords("Linnéa Rosén"))).toEqual({ score: 6, exact: 2 });
  });

  it("matches every typed word as a prefix of a different word, in any order", () => {
    const karin = foldedWords("Karin Lindqvist");
    expect(matchName(queryWords("kar lin"), karin)).toEqual({ score: 4, exact: 0 });
    expect(matchName(queryWords("lin kar"), karin)).toEqual({ score: 4, exact: 0 });
    expect(matchName(queryWords("karin lindq"), karin)).toEqual({ score: 5, exact: 1 });
    // Two typed words may not share one name word.
    expect(matchName(queryWords("lind lindq"), karin)).toBeNull();
    expect(matchName(queryWords("kar berg"), karin)).toBeNull();
    // Prefixes only: "qvist" is inside Lindqvist, not its beginning.
    expect(matchName(queryWords("qvist"), karin)).toBeNull();
  });

  it("tolerates one typo in a typed word of five letters or more, not in shorter ones", () => {
    expect(matchWord("lindkvist", "lindqvist")).toBe("fuzzy"); // substitution
    expect(matchWord("lindqivst", "lindqvist")).toBe("fuzzy"); // swap
    expect(matchWord("lindqvst", "lindqvist")).toBe("fuzzy"); // missing letter
    expect(matchWord("lindkv", "lindqvist")).toBe("fuzzy"); // a typo in the part typed so far
    expect(matchWord("margret", "margareta")).toBe("fuzzy");
    expect(matchWord("lindkvost", "lindqvist")).toBeNull(); // two typos
    expect(matchWord("kaj", "kal")).toBeNull(); // too short for a typo
    expect(matchWord("karim", "karin")).toBe("fuzzy");
    expect(matchWord("kari", "karl")).toBeNull();
  });

  it("scores exact above prefix above typo", () => {
    const exact = matchName(["karin"], foldedWords("Karin Ek"))!;
    const prefix = matchName(["karin"], foldedWords("Karina Ek"))!;
    const typo = matchName(["karin"], foldedWords("Karen Ek"))!;
    expect(exact.score).toBeGreaterThan(prefix.score);
    expect(prefix.score).toBeGreaterThan(typo.score);
  });

  it("checks one edit exactly, including on a word's beginning", () => {
    expect(withinOneEdit("abcde", "abcde")).toBe(true);
    expect(withinOneEdit("abxde", "abcde")).toBe(true);
    expect(withinOneEdit("abdce", "abcde")).toBe(true);
    expect(withinOneEdit("abde", "abcde")).toBe(true);
    expect(withinOneEdit("abcdef", "abcde")).toBe(true);
    expect(withinOneEdit("axcdy", "abcde")).toBe(false);
    expect(withinOneEdit("abc", "abcde")).toBe(false);
    expect(withinOneEdit("abxd", "abcdefgh", 4)).toBe(true);
    expect(withinOneEdit("abxy", "abcdefgh", 4)).toBe(false);
  });

  it("ignores punctuation and keeps at most six typed words", () => {
    expect(queryWords("  Anna-Karin,  Öberg!! ")).toEqual(["anna", "karin", "oberg"]);
    expect(queryWords("a b c d e f g h")).toHaveLength(6);
    expect(queryWords("   ")).toEqual([]);
  });
});
