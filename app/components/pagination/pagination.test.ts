import { describe, expect, it } from "vitest";
import { pageNumbers } from "./pagination";

describe("pagination window", () => {
  it("shows up to three pages on either side of the current one", () => {
    expect(pageNumbers(5, 20)).toEqual([2, 3, 4, 5, 6, 7, 8]);
    expect(pageNumbers(0, 20)).toEqual([0, 1, 2, 3]);
    expect(pageNumbers(19, 20)).toEqual([16, 17, 18, 19]);
    expect(pageNumbers(1, 2)).toEqual([0, 1]);
  });

  it("handles no pages, one page and a page beyond the end", () => {
    expect(pageNumbers(0, 0)).toEqual([]);
    expect(pageNumbers(0, 1)).toEqual([0]);
    expect(pageNumbers(50, 3)).toEqual([0, 1, 2]);
  });
});
