import { describe, expect, it, vi } from "vitest";
import { DuplicateDocumentError, MiniSearchEngine } from "./minisearch-engine";
import type { SearchDocument, SearchRequest } from "./search-engine";
import { MAX_PAGE } from "./search-request";
import { QuerySuggestions } from "./suggestions";

const doc = (id: string, title: string, body: string, extra: Partial<SearchDocument> = {}): SearchDocument => ({
  id,
  url: `/${id}`,
  title,
  body,
  kind: "page",
  lang: "sv",
  ...extra,
});

const corpus: SearchDocument[] = [
  doc("body-heart", "Om oss", "Vi samlar in pengar till forskning om hjärtat och lungorna sedan 1904."),
  doc("title-heart", "Hjärtat och dess sjukdomar", "Här berättar vi om vanliga diagnoser och behandlingar."),
  doc("compound", "Hjärtsjukdom hos kvinnor", "Kvinnor får ofta andra symtom än män."),
  doc("lungs", "Lungorna", "KOL och astma drabbar många. Lungans funktion mäts med spirometri."),
  doc("gift", "Ge en minnesgåva", "En gåva till minne av någon du saknar.", { kind: "gift" }),
  doc("research-en", "Heart research", "We fund research on the heart and lungs.", { lang: "en", kind: "research" }),
];

async function engineWith(docs: SearchDocument[] = corpus) {
  const engine = new MiniSearchEngine({ suggestions: new QuerySuggestions({ minCount: 1 }) });
  await engine.index(docs);
  return engine;
}

async function searchOne(engine: MiniSearchEngine, request: Omit<SearchRequest, "indexName">) {
  const { results } = await engine.search([{ indexName: "site", ...request }]);
  return results[0]!;
}

describe("MiniSearchEngine ranking", () => {
  it("ranks a title match above a body match", async () => {
    const engine = await engineWith();
    const result = await searchOne(engine, { query: "hjärtat" });
    const ids = result.hits.map((h) => h.objectID);
    expect(ids.indexOf("title-heart")).toBeLessThan(ids.indexOf("body-heart"));
    expect(ids[0]).toBe("title-heart");
  });

  it("finds inflections and folded spellings: 'hjarta' finds 'hjärtat'", async () => {
    const engine = await engineWith();
    const ids = (await searchOne(engine, { query: "hjarta" })).hits.map((h) => h.objectID);
    expect(ids).toEqual(expect.arrayContaining(["title-heart", "body-heart"]));
  });

  it("finds compounds by prefix ('hjärta' finds 'hjärtsjukdom') but ranks exact stems first", async () => {
    const engine = await engineWith([
      doc("exact", "Hjärta", "Om hjärtat."),
      doc("compound", "Hjärtsjukdom", "Om hjärtsjukdom och hjärtsvikt."),
    ]);
    const ids = (await searchOne(engine, { query: "hjärta" })).hits.map((h) => h.objectID);
    expect(ids).toEqual(["exact", "compound"]);
  });

  it("'lunga' finds 'lungorna' and 'lungans'; 'gåvor' finds 'gåva'", async () => {
    const engine = await engineWith();
    expect((await searchOne(engine, { query: "lunga" })).hits.map((h) => h.objectID)).toContain("lungs");
    expect((await searchOne(engine, { query: "gåvor" })).hits.map((h) => h.objectID)).toContain("gift");
  });

  it("forgives a typo in a longer word", async () => {
    const engine = await engineWith();
    expect((await searchOne(engine, { query: "spirometro" })).hits.map((h) => h.objectID)).toEqual(["lungs"]);
  });

  it("requires all words, falling back to any word when nothing has all", async () => {
    const engine = await engineWith();
    expect((await searchOne(engine, { query: "kvinnor symtom" })).hits.map((h) => h.objectID)).toEqual(["compound"]);
    const fallback = await searchOne(engine, { query: "spirometri zebra" });
    expect(fallback.hits.map((h) => h.objectID)).toEqual(["lungs"]);
  });

  it("filters by language and kind", async () => {
    const engine = await engineWith();
    const en = await engine.search([{ indexName: "site", query: "heart", filters: { lang: "en" } }]);
    expect(en.results[0]!.hits.map((h) => h.objectID)).toEqual(["research-en"]);
    const gifts = await searchOne(engine, { query: "gåva", filters: { kind: ["gift"] } });
    expect(gifts.hits.map((h) => h.objectID)).toEqual(["gift"]);
  });
});

describe("MiniSearchEngine hits", () => {
  it("returns hit fields, a highlighted title and an escaped body snippet", async () => {
    const engine = await engineWith([
      doc("x", "Hjärtat & <lungorna>", `${"ord ".repeat(40)}Forskning om hjärtat <script>alert(1)</script> ${"slut ".repeat(40)}`),
    ]);
    const hit = (await searchOne(engine, { query: "hjärta" })).hits[0]!;
    expect(hit).toMatchObject({ objectID: "x", url: "/x", title: "Hjärtat & <lungorna>", kind: "page", lang: "sv" });
    expect(hit._highlightResult.title.value).toBe("<mark>Hjärtat</mark> &amp; &lt;lungorna&gt;");
    expect(hit._highlightResult.title.matchLevel).toBe("full");
    const body = hit._snippetResult.body.value;
    expect(body.startsWith("… ")).toBe(true);
    expect(body.endsWith(" …")).toBe(true);
    expect(body).toContain("Forskning om <mark>hjärtat</mark> &lt;script&gt;alert(1)&lt;/script&gt;");
    expect(body).not.toContain("<script>");
  });

  it("marks compound and inflected words that matched", async () => {
    const engine = await engineWith();
    const hit = (await searchOne(engine, { query: "hjärta" })).hits.find((h) => h.objectID === "compound")!;
    expect(hit._highlightResult.title.value).toBe("<mark>Hjärtsjukdom</mark> hos kvinnor");
  });
});

describe("MiniSearchEngine empty queries (spec section 5)", () => {
  it("answers an all-empty batch per query with no hits, zero pages, page 0, without searching", async () => {
    const engine = await engineWith();
    const spy = vi.spyOn(engine as unknown as { searchOne: () => unknown }, "searchOne");
    const { results } = await engine.search([
      { indexName: "site", query: "   ", page: 3 },
      { indexName: "site_query_suggestions", query: "" },
    ]);
    expect(spy).not.toHaveBeenCalled();
    expect(results).toHaveLength(2);
    for (const r of results) expect(r).toMatchObject({ hits: [], nbHits: 0, nbPages: 0, page: 0 });
    expect(results[1]!.index).toBe("site_query_suggestions");
  });

  it("answers an empty query inside a mixed batch with the empty result too", async () => {
    const engine = await engineWith();
    const { results } = await engine.search([
      { indexName: "site", query: "lunga" },
      { indexName: "site", query: " " },
    ]);
    expect(results[0]!.nbHits).toBeGreaterThan(0);
    expect(results[1]).toMatchObject({ hits: [], nbHits: 0, nbPages: 0, page: 0 });
  });
});

describe("MiniSearchEngine pagination", () => {
  const many = Array.from({ length: 45 }, (_, i) => doc(`d${i}`, `Forskning ${i}`, "Forskning om hjärtat."));

  it("defaults to page 0 with 20 hits per page", async () => {
    const engine = await engineWith(many);
    const r = await searchOne(engine, { query: "forskning" });
    expect(r).toMatchObject({ nbHits: 45, page: 0, nbPages: 3, hitsPerPage: 20 });
    expect(r.hits).toHaveLength(20);
  });

  it("returns the last partial page and pages do not overlap", async () => {
    const engine = await engineWith(many);
    const pages = await Promise.all([0, 1, 2].map((page) => searchOne(engine, { query: "forskning", page })));
    expect(pages.map((p) => p.hits.length)).toEqual([20, 20, 5]);
    expect(new Set(pages.flatMap((p) => p.hits.map((h) => h.objectID))).size).toBe(45);
  });

  it("a page beyond the end has no hits but correct totals", async () => {
    const engine = await engineWith(many);
    expect(await searchOne(engine, { query: "forskning", page: 3 })).toMatchObject({ hits: [], nbHits: 45, nbPages: 3, page: 3 });
  });

  it("normalises negative, huge and non-numeric pages", async () => {
    const engine = await engineWith(many);
    const negative = await searchOne(engine, { query: "forskning", page: -4 });
    expect(negative.page).toBe(0);
    expect(negative.hits).toHaveLength(20);
    const huge = await searchOne(engine, { query: "forskning", page: Number.MAX_SAFE_INTEGER });
    expect(huge).toMatchObject({ page: MAX_PAGE, hits: [], nbHits: 45, nbPages: 3 });
    const text = await searchOne(engine, { query: "forskning", page: "tre" });
    expect(text.page).toBe(0);
    expect(text.hits[0]!.objectID).toBe(negative.hits[0]!.objectID);
    const numericString = await searchOne(engine, { query: "forskning", page: "1", hitsPerPage: "10" });
    expect(numericString).toMatchObject({ page: 1, hitsPerPage: 10, nbPages: 5 });
  });
});

describe("MiniSearchEngine index replacement", () => {
  it("swaps the whole index: old documents disappear, new ones appear", async () => {
    const engine = await engineWith();
    await engine.index([doc("new", "Sömnapné", "Andningsuppehåll under sömnen.")]);
    expect((await searchOne(engine, { query: "lunga" })).nbHits).toBe(0);
    expect((await searchOne(engine, { query: "sömn" })).hits.map((h) => h.objectID)).toEqual(["new"]);
    expect(engine.documentCount).toBe(1);
  });

  it("keeps serving the old index while a rebuild runs and when a rebuild fails", async () => {
    const engine = await engineWith();
    const rebuilding = engine.index(Array.from({ length: 3000 }, (_, i) => doc(`n${i}`, `Sömn ${i}`, "Sömn.")));
    expect((await searchOne(engine, { query: "lunga" })).nbHits).toBeGreaterThan(0);
    await rebuilding;
    expect((await searchOne(engine, { query: "lunga" })).nbHits).toBe(0);

    await expect(engine.index([doc("a", "A", "x"), doc("a", "B", "y")])).rejects.toBeInstanceOf(DuplicateDocumentError);
    expect(engine.documentCount).toBe(3000);
  });

  it("the most recently started rebuild wins when two overlap", async () => {
    const engine = await engineWith();
    const slow = engine.index(Array.from({ length: 2000 }, (_, i) => doc(`s${i}`, "Gammal", "x")));
    const fast = engine.index([doc("latest", "Senaste", "y")]);
    await Promise.all([slow, fast]);
    expect(engine.documentCount).toBe(1);
  });

  it("feeds page titles to suggestions on each rebuild", async () => {
    const engine = await engineWith();
    expect((await engine.suggest("  hjär ")).hits.map((h) => h.query)).toEqual(["Hjärtsjukdom hos kvinnor", "Hjärtat och dess sjukdomar"]);
    expect((await engine.suggest("  hjär ")).query).toBe("hjär");
    await engine.index([doc("n", "Lungfibros", "x")]);
    expect((await engine.suggest("hjär")).hits).toEqual([]);
  });
});

describe("MiniSearchEngine prefix rules and result cache", () => {
  it("expands the word being typed from three letters on", async () => {
    const engine = await engineWith();
    expect((await searchOne(engine, { query: "spi" })).hits.map((h) => h.objectID)).toEqual(["lungs"]);
    expect((await searchOne(engine, { query: "sp" })).nbHits).toBe(0);
  });

  it("serves later pages of a query from the cached ranking, and forgets it on a swap", async () => {
    const engine = await engineWith(Array.from({ length: 30 }, (_, i) => doc(`d${i}`, `Lunga ${i}`, "x")));
    const first = await searchOne(engine, { query: "lunga", hitsPerPage: 10 });
    const second = await searchOne(engine, { query: "lunga", hitsPerPage: 10, page: 1 });
    expect(first.nbHits).toBe(30);
    expect(second.hits.map((h) => h.objectID)).not.toContain(first.hits[0]!.objectID);
    await engine.index([doc("only", "Lunga", "x")]);
    expect((await searchOne(engine, { query: "lunga", hitsPerPage: 10 })).nbHits).toBe(1);
  });
});

describe("MiniSearchEngine's kept result pages", () => {
  const withoutTiming = ({ processingTimeMS: _t, ...rest }: { processingTimeMS: number }) => rest;

  it("answers a repeated page from what it kept, the same as the first time, without making its hits again", async () => {
    const engine = await engineWith();
    const first = await searchOne(engine, { query: "hjärtat", page: 0 });
    const made = vi.spyOn(engine as unknown as { toHit: () => unknown }, "toHit");
    const again = await searchOne(engine, { query: "hjärtat", page: 0 });
    expect(withoutTiming(again)).toEqual(withoutTiming(first));
    expect(made).not.toHaveBeenCalled();
    // Another page size, language or index is another entry.
    await searchOne(engine, { query: "hjärtat", hitsPerPage: 1 });
    expect(made).toHaveBeenCalledTimes(1);
    await searchOne(engine, { query: "heart", filters: { lang: "en" } });
    expect(made).toHaveBeenCalledTimes(2);
    await engine.search([{ indexName: "other", query: "hjärtat" }]);
    expect(made.mock.calls.length).toBeGreaterThan(2);
  });

  it("drops what it kept when the index is rebuilt", async () => {
    const engine = await engineWith();
    expect((await searchOne(engine, { query: "spirometri" })).nbHits).toBe(1);
    await engine.index([...corpus, doc("more-lungs", "Spirometri steg för steg", "Så går undersökningen till.")]);
    const after = await searchOne(engine, { query: "spirometri" });
    expect(after.nbHits).toBe(2);
    expect(after.hits.map((h) => h.objectID)).toContain("more-lungs");
  });

  it("keeps at most pageCacheSize pages, the least recently used dropped first", async () => {
    const engine = new MiniSearchEngine({ pageCacheSize: 2 });
    await engine.index(corpus);
    const made = vi.spyOn(engine as unknown as { toHit: () => unknown }, "toHit");
    const hitsOf = async (query: string) => {
      made.mockClear();
      await searchOne(engine, { query });
      return made.mock.calls.length;
    };
    expect(await hitsOf("hjärtat")).toBeGreaterThan(0);
    expect(await hitsOf("lungorna")).toBeGreaterThan(0);
    expect(await hitsOf("hjärtat")).toBe(0); // kept; now the most recently used
    expect(await hitsOf("kvinnor")).toBeGreaterThan(0); // a third: "lungorna" goes
    expect(await hitsOf("hjärtat")).toBe(0);
    expect(await hitsOf("lungorna")).toBeGreaterThan(0);
  });
});
