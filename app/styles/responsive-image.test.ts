import { describe, expect, it } from "vitest";
import { srcSetFor } from "./responsive-image";

describe("srcSetFor", () => {
  const url = (w: number) => `/img/hero-${w}.webp`;

  it("offers 1x and 2x, never more", () => {
    expect(srcSetFor(400, [400, 800, 1200, 1600], url)).toBe("/img/hero-400.webp 1x, /img/hero-800.webp 2x");
  });

  it("uses the largest file when none is big enough", () => {
    expect(srcSetFor(1000, [400, 800], url)).toBe("/img/hero-800.webp 1x, /img/hero-800.webp 2x");
  });
});
