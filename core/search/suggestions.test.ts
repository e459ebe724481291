import { describe, expect, it } from "vitest";
import { QuerySuggestions } from "./suggestions";

function record(s: QuerySuggestions, query: string, times: number, nbHits = 3) {
  for (let i = 0; i < times; i++) s.recordSearch(query, nbHits);
}

describe("QuerySuggestions", () => {
  it("only remembers searches that found something", () => {
    const s = new QuerySuggestions({ minCount: 1 });
    expect(s.recordSearch("hjärtsvikt", 0)).toBe(false);
    expect(s.recordSearch("hjärtsvikt", 2)).toBe(true);
    expect(s.suggest("hjä")).toEqual(["hjärtsvikt"]);
  });

  it("does not suggest a query until it has been searched minCount times", () => {
    const s = new QuerySuggestions({ minCount: 3 });
    record(s, "astma", 2);
    expect(s.suggest("ast")).toEqual([]);
    record(s, "astma", 1);
    expect(s.suggest("ast")).toEqual(["astma"]);
  });

  it("never remembers queries that look like personal data", () => {
    const s = new QuerySuggestions({ minCount: 1 });
    expect(s.recordSearch("19850101-1234", 1)).toBe(false);
    expect(s.recordSearch("anna 850101 1234", 1)).toBe(false);
    expect(s.recordSearch("anna@example.se", 1)).toBe(false);
    expect(s.recordSearch("x", 1)).toBe(false);
    expect(s.recordSearch("2024", 1)).toBe(true);
  });

  it("trims and de-duplicates ignoring case, diacritics and spacing", () => {
    const s = new QuerySuggestions({ minCount: 1 });
    record(s, "  Hjärt  Lung ", 2);
    record(s, "hjart lung", 1);
    record(s, "HJÄRT LUNG", 1);
    s.setTitles(["Hjärt lung", "  Hjärt-lungräddning  "]);
    const suggestions = s.suggest(" HJART ");
    expect(suggestions).toEqual(["hjärt lung", "Hjärt-lungräddning"]);
    expect(s.toJSON().queries).toEqual([{ query: "hjärt lung", count: 4 }]);
  });

  it("ranks by popularity, then titles, then matches at the start", () => {
    const s = new QuerySuggestions({ minCount: 1 });
    s.setTitles(["Forskning om lungor", "Vår forskning", "Forskningsfonden"]);
    record(s, "forskare", 2);
    record(s, "forskning hjärta", 5);
    expect(s.suggest("forsk")).toEqual([
      "forskning hjärta",
      "forskare",
      "Forskningsfonden",
      "Forskning om lungor",
      "Vår forskning",
    ]);
  });

  it("returns at most 8 by default and respects a smaller limit", () => {
    const s = new QuerySuggestions();
    s.setTitles(Array.from({ length: 20 }, (_, i) => `Lunga ${i}`));
    expect(s.suggest("lun")).toHaveLength(8);
    expect(s.suggest("lun", 3)).toHaveLength(3);
    expect(s.suggest("lun", -1)).toEqual([]);
    expect(s.suggest("   ")).toEqual([]);
  });

  it("round-trips through JSON and ignores unreadable state", () => {
    const s = new QuerySuggestions({ minCount: 1 });
    record(s, "stroke", 3);
    record(s, "kol", 1);
    const restored = QuerySuggestions.fromJSON(JSON.parse(JSON.stringify(s.toJSON())), { minCount: 1 });
    expect(restored.toJSON()).toEqual({ version: 1, queries: [{ query: "stroke", count: 3 }, { query: "kol", count: 1 }] });
    expect(QuerySuggestions.fromJSON({ version: 9 }).size.queries).toBe(0);
    expect(QuerySuggestions.fromJSON("garbage").size.queries).toBe(0);
  });

  it("forgets the least popular queries beyond its cap, and can remove one", () => {
    const s = new QuerySuggestions({ minCount: 1, maxQueries: 10 });
    record(s, "populär", 5);
    for (let i = 0; i < 20; i++) record(s, `sökning ${i}`, 1);
    expect(s.size.queries).toBeLessThanOrEqual(10);
    expect(s.suggest("pop")).toEqual(["populär"]);
    expect(s.remove("POPULAR")).toBe(true);
    expect(s.suggest("pop")).toEqual([]);
  });

  it("replaces its queries from merged state but keeps its titles", () => {
    const s = new QuerySuggestions({ minCount: 1 });
    s.setTitles(["Lungforskning"]);
    record(s, "lungcancer", 1);
    expect(s.replaceQueries({ version: 1, queries: [{ query: "lungfibros", count: 4 }] })).toBe(true);
    expect(s.suggest("lung")).toEqual(["lungfibros", "Lungforskning"]);
    expect(s.replaceQueries("garbage")).toBe(false);
    expect(s.suggest("lung")).toEqual(["lungfibros", "Lungforskning"]);
  });
});
