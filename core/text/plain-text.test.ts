import { describe, expect, it } from "vitest";
import { CONTROL_CHARACTER_MESSAGE, plainText, withoutUnprintable } from "./plain-text";

describe("plain text", () => {
  const line = plainText({ max: 10, tooLong: "För långt." });
  const lines = plainText({ multiLine: true, max: 20, tooLong: "För långt." });

  it("keeps Swedish letters and punctuation, trimmed", () => {
    expect(line.parse("  Åsa Öberg ")).toBe("Åsa Öberg");
    expect(lines.parse("Vila i frid.\r\nÅsa")).toBe("Vila i frid.\nÅsa");
  });

  it("refuses NUL, other control characters and direction overrides", () => {
    for (const bad of ["Nils\u0000Null", "a\u0007b", "\u202eabc", "x\u2066y"]) {
      const result = line.safeParse(bad);
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(CONTROL_CHARACTER_MESSAGE);
    }
    expect(line.safeParse("två\nrader").success).toBe(false);
    expect(lines.safeParse("tab\there").success).toBe(false);
  });

  it("counts characters, not UTF-16 units", () => {
    expect(line.safeParse("åäöåäöåäöå").success).toBe(true);
    expect(line.safeParse("😀😀😀😀😀😀😀😀😀😀").success).toBe(true);
    expect(line.safeParse("åäöåäöåäöåä").error?.issues[0]?.message).toBe("För långt.");
  });

  it("shows back what was sent without control or direction characters, keeping tabs and line breaks", () => {
    expect(withoutUnprintable("An\u0000na\u0007 \u202eBerg\u2066\u009f\r\nrad två\tslut")).toBe("Anna Berg\r\nrad två\tslut");
  });
});
