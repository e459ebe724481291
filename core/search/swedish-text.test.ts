import { describe, expect, it } from "vitest";
import { r1Start, stemSwedish } from "./swedish-stemmer";
import { analyse, foldText, phraseKey, processTerm, tokenize } from "./swedish-text";

const stem = (word: string) => processTerm(word);

describe("foldText", () => {
  it("lower-cases and folds Swedish and other diacritics", () => {
    expect(foldText("Hjärta LUNGA Kärl Sömn Åre")).toBe("hjarta lunga karl somn are");
    expect(foldText("Café Müller Søren Æble Straße")).toBe("cafe muller soren aeble strasse");
  });
});

describe("tokenize", () => {
  it("keeps offsets into the original text and splits on punctuation and hyphens", () => {
    const text = "Hjärt-kärlsjukdom, 2024: forskning!";
    const tokens = tokenize(text);
    expect(tokens.map((t) => t.text)).toEqual(["Hjärt", "kärlsjukdom", "2024", "forskning"]);
    for (const t of tokens) expect(text.slice(t.start, t.end)).toBe(t.text);
  });
});

describe("Snowball Swedish stemmer", () => {
  it("computes R1 after the first non-vowel following a vowel, at least three letters in", () => {
    expect(r1Start("hjarta")).toBe(4);
    expect(r1Start("gava")).toBe(3);
    expect(r1Start("ab")).toBe(3);
  });

  it.each([
    // step 1 suffixes
    ["hoppade", "hopp"],
    ["flickorna", "flick"],
    ["klokheten", "klok"],
    // step 1 s-rule: only after a valid s-ending
    ["bilens", "bil"],
    ["kurs", "kur"],
    // step 2 double consonant endings lose their last letter
    ["friskt", "frisk"],
    ["fröknarnas", "frokn"],
    // step 3
    ["vänlig", "van"],
    ["mänskligt", "mansk"],
  ])("stems %s → %s", (word, expected) => {
    expect(stem(word)).toBe(expected);
  });

  it("leaves words shorter than three letters alone", () => {
    expect(stemSwedish("ek")).toBe("ek");
  });
});

describe("shared stems for inflections", () => {
  it.each([
    [["hjärta", "hjärtat", "hjärtats", "hjärtan", "HJARTA", "hjarta"], "hjart"],
    [["lunga", "lungor", "lungorna", "lungan", "lungornas"], "lung"],
    [["forskning", "forskningen", "forskningens"], "forskning"],
    [["gåva", "gåvor", "gåvan", "gåvorna", "gava"], "gav"],
    [["kärl", "kärlen", "karlen"], "karl"],
    [["sömn", "sömnen"], "somn"],
  ])("%j share the stem %s", (words, expected) => {
    for (const word of words) expect(stem(word), word).toBe(expected);
  });

  it("keeps the compound as a longer term that starts with the stem, for prefix matching", () => {
    const compound = stem("hjärtsjukdom");
    expect(compound).toBe("hjartsjukdom");
    expect(compound?.startsWith(stem("hjärta")!)).toBe(true);
  });
});

describe("processTerm and analyse", () => {
  it("drops stopwords in their folded form and over-long garbage", () => {
    expect(processTerm("och")).toBeNull();
    expect(processTerm("för")).toBeNull();
    expect(processTerm("x".repeat(41))).toBeNull();
    expect(analyse("Forskning om hjärtat och lungorna")).toEqual(["forskning", "hjart", "lung"]);
  });

  it("phraseKey ignores case, diacritics and extra whitespace", () => {
    expect(phraseKey("  Hjärt  Lung ")).toBe(phraseKey("hjart lung"));
  });
});
