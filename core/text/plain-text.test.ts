import { describe, expect, it } from "vitest";
import { CONTROL_CHARACTER_MESSAGE, ONE_LINE_MESSAGE, plainText, withoutUnprintable } from "./plain-text";

describe("plain text", () => {
  const line = plainText({ max: 10, tooLong: "För långt." });
  const lines = plainText({ multiLine: true, max: 20, tooLong: "För långt." });
  const message = (schema: typeof line, value: string) => schema.safeParse(value).error?.issues[0]?.message;

  it("keeps Swedish letters and punctuation, trimmed", () => {
    expect(line.parse("  Åsa Öberg ")).toBe("Åsa Öberg");
    expect(lines.parse("Vila i frid.\r\nÅsa")).toBe("Vila i frid.\nÅsa");
  });

  it("keeps the other scripts the document fonts draw: Latin with its accents, Vietnamese, Cyrillic", () => {
    for (const name of ["Łukasz Żółć", "Nguyễn Thị", "Дмитрий", "Şükrü Çağ", "Ægir Ørn", "O’Brien–Smith"]) expect(lines.parse(name), name).toBe(name);
  });

  it("composes a letter typed with its accent apart (NFC), so the fonts have it", () => {
    expect(line.parse("A\u030asa")).toBe("Åsa");
  });

  it("refuses NUL, other control characters, direction overrides and zero-width characters", () => {
    for (const bad of ["Nils\u0000Null", "a\u0007b", "\u202eabc", "x\u2066y", "zero\u200bwidth", "jo\u200dined", "soft\u00adhyphen", "b\ufeffom"]) {
      expect(line.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
      expect(message(line, bad), JSON.stringify(bad)).toBe(CONTROL_CHARACTER_MESSAGE);
    }
    expect(lines.safeParse("tab\there").success).toBe(false);
    expect(message(lines, "noll\u200bbredd")).toBe(CONTROL_CHARACTER_MESSAGE);
  });

  it("refuses a line or paragraph separator in a one-line field, and makes it a line break in a multi-line one", () => {
    for (const bad of ["två\nrader", "två\u2028rader", "två\u2029stycken", "två\u0085rader"]) expect(message(line, bad), JSON.stringify(bad)).toBe(ONE_LINE_MESSAGE);
    expect(lines.parse("Hej\u2028på\u2029dig")).toBe("Hej\npå\ndig");
  });

  it("refuses emoji, Hebrew, Arabic, Greek and CJK, naming the character, since the document fonts cannot draw them", () => {
    expect(message(line, "Tack 😀")).toBe("Tecknet ”😀” kan inte skrivas ut på våra kort och brev. Skriv texten utan det.");
    expect(message(line, "שלום")).toMatch(/^Tecknen ”ש”, ”ל”, ”ו” kan inte skrivas ut/);
    for (const bad of ["مرحبا", "Γιώργος", "山田", "❤️"]) expect(message(line, bad), bad).toMatch(/kan inte skrivas ut på våra kort och brev/);
    // A space the fonts lack is named by its code, not shown as a blank.
    expect(message(line, "a\u2003b")).toMatch(/Tecknet U\+2003 kan inte/);
  });

  it("counts characters, not UTF-16 units", () => {
    expect(line.safeParse("åäöåäöåäöå").success).toBe(true);
    expect(line.safeParse("𝓐".repeat(10)).error?.issues.map((i) => i.message)).not.toContain("För långt.");
    expect(message(line, "åäöåäöåäöåä")).toBe("För långt.");
  });

  it("shows back what was sent without control or direction characters, keeping tabs and line breaks", () => {
    expect(withoutUnprintable("An\u0000na\u0007 \u202eBerg\u2066\u009f\r\nrad två\tslut")).toBe("Anna Berg\r\nrad två\tslut");
  });
});
