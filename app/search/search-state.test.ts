import { describe, expect, it } from "vitest";
import { readSearchState, searchHref } from "./search-state";

describe("search state in the address", () => {
  it("defaults to an empty query on page 0", () => {
    expect(readSearchState(new URLSearchParams(""))).toEqual({ query: "", page: 0 });
    expect(readSearchState(new URLSearchParams("query=hj%C3%A4rta&page=2"))).toEqual({ query: "hjärta", page: 2 });
    expect(readSearchState(new URLSearchParams("page=-4"))).toEqual({ query: "", page: 0 });
    expect(readSearchState(new URLSearchParams("page=abc&query=x"))).toEqual({ query: "x", page: 0 });
  });

  it("writes the shortest address and round-trips", () => {
    expect(searchHref("")).toBe("/sok");
    expect(searchHref("   ", 3)).toBe("/sok?page=3");
    expect(searchHref("hjärta & lungor", 0)).toBe("/sok?query=hj%C3%A4rta+%26+lungor");
    const href = searchHref("hjärta & lungor", 4);
    expect(readSearchState(new URL(href, "http://x").searchParams)).toEqual({ query: "hjärta & lungor", page: 4 });
  });
});
