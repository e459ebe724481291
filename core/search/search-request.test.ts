import { describe, expect, it } from "vitest";
import {
  MAX_PAGE,
  emptyResult,
  isEmptyBatch,
  normaliseHitsPerPage,
  normalisePage,
  normaliseQuery,
  pageWindow,
} from "./search-request";

describe("normalisePage", () => {
  it.each([
    [undefined, 0],
    [null, 0],
    ["", 0],
    ["abc", 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
    [-1, 0],
    [-9999, 0],
    ["2", 2],
    [2.7, 2],
    [3, 3],
    [1e12, MAX_PAGE],
    ["99999999999999999999", MAX_PAGE],
  ])("%j → %j", (input, expected) => {
    expect(normalisePage(input)).toBe(expected);
  });
});

describe("normaliseHitsPerPage", () => {
  it.each([
    [undefined, 20],
    ["x", 20],
    [0, 1],
    [-5, 1],
    [10, 10],
    [5000, 100],
  ])("%j → %j", (input, expected) => {
    expect(normaliseHitsPerPage(input)).toBe(expected);
  });
});

describe("queries", () => {
  it("trims, collapses whitespace and caps length", () => {
    expect(normaliseQuery("  hjärta \n  lunga ")).toBe("hjärta lunga");
    expect(normaliseQuery("a".repeat(500))).toHaveLength(200);
    expect(normaliseQuery(42)).toBe("");
  });

  it("a batch is empty only when every query is whitespace", () => {
    expect(isEmptyBatch([{ indexName: "a", query: "  " }, { indexName: "a" }])).toBe(true);
    expect(isEmptyBatch([{ indexName: "a", query: "  " }, { indexName: "a", query: "x" }])).toBe(false);
  });

  it("the empty answer has no hits, zero pages and page 0 whatever page was asked", () => {
    expect(emptyResult({ indexName: "site", query: " ", page: 7, hitsPerPage: 5 })).toEqual({
      hits: [],
      nbHits: 0,
      page: 0,
      nbPages: 0,
      hitsPerPage: 5,
      query: "",
      index: "site",
      processingTimeMS: 0,
    });
  });
});

describe("pageWindow", () => {
  it("slices 45 hits into 3 pages of 20", () => {
    expect(pageWindow({ indexName: "a", page: 2 }, 45)).toEqual({ page: 2, hitsPerPage: 20, nbPages: 3, start: 40, end: 45 });
  });

  it("a page beyond the end is empty but keeps the totals", () => {
    expect(pageWindow({ indexName: "a", page: 3 }, 45)).toEqual({ page: 3, hitsPerPage: 20, nbPages: 3, start: 45, end: 45 });
  });
});
