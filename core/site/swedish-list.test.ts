import { describe, expect, it } from "vitest";
import { swedishList } from "./swedish-list";

describe("swedishList", () => {
  it("joins with commas and a last 'och', and gives null for nothing", () => {
    expect(swedishList([])).toBeNull();
    expect(swedishList(["din månadsgåva"])).toBe("din månadsgåva");
    expect(swedishList(["a", "b"])).toBe("a och b");
    expect(swedishList(["a", "b", "c"])).toBe("a, b och c");
  });
});
