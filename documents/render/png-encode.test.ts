import { describe, expect, it } from "vitest";
import { encodeOpaquePng } from "./png-encode";
import { decodePng } from "../testing/png-inspect";

describe("PNG encoding", () => {
  it("writes an opaque raster that decodes to the same pixels", () => {
    const rgba = new Uint8Array([163, 17, 46, 255, 246, 241, 238, 255, 0, 0, 0, 255, 255, 255, 255, 255, 29, 79, 115, 255, 1, 2, 3, 255]);
    const png = encodeOpaquePng(rgba, 3, 2)!;
    const image = decodePng(png);
    expect([image.width, image.height]).toEqual([3, 2]);
    expect([...image.pixels]).toEqual([...rgba]);
  });

  it("leaves a raster with transparency to another encoder", () => {
    expect(encodeOpaquePng(new Uint8Array([0, 0, 0, 128]), 1, 1)).toBeUndefined();
  });
});
