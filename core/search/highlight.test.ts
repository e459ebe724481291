import { describe, expect, it } from "vitest";
import { escapeHtml, highlight, snippet, type WordMatcher } from "./highlight";

const matchWords =
  (...words: string[]): WordMatcher =>
  (word) =>
    words.includes(word.toLowerCase()) ? word.toLowerCase() : null;

describe("highlight", () => {
  it("escapes everything and wraps only matches", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
    const h = highlight(`"Lunga" & <b>hjärta</b>!`, matchWords("lunga", "hjärta"), 2);
    expect(h.value).toBe("&quot;<mark>Lunga</mark>&quot; &amp; &lt;b&gt;<mark>hjärta</mark>&lt;/b&gt;!");
    expect(h.matchLevel).toBe("full");
    expect(h.matchedWords).toEqual(["Lunga", "hjärta"]);
  });

  it("reports partial and none match levels", () => {
    expect(highlight("Lunga", matchWords("lunga"), 2).matchLevel).toBe("partial");
    expect(highlight("Lunga", matchWords("kärl"), 1)).toEqual({ value: "Lunga", matchLevel: "none", matchedWords: [] });
  });
});

describe("snippet", () => {
  const words = Array.from({ length: 100 }, (_, i) => `w${i}`);

  it("shows a window around the first match with ellipses", () => {
    const s = snippet(words.join(" "), matchWords("w50"), 1, { words: 10, before: 3 });
    expect(s.value).toBe("… w47 w48 w49 <mark>w50</mark> w51 w52 w53 w54 w55 w56 …");
  });

  it("shows the opening words when nothing matches, and the end without a trailing ellipsis", () => {
    expect(snippet(words.join(" "), matchWords("zzz"), 1, { words: 3 }).value).toBe("w0 w1 w2 …");
    expect(snippet(words.join(" "), matchWords("w99"), 1, { words: 4, before: 1 }).value).toBe("… w96 w97 w98 <mark>w99</mark>");
  });
});
