import { describe, expect, it } from "vitest";
import { encodeOpaquePng, encodePng } from "./png-encode";
import { decodePng } from "#tests/support/png-inspect";

describe("PNG encoding", () => {
  it("writes an opaque raster that decodes to the same pixels", () => {
    const rgba = new Uint8Array([163, 17, 46, 255, 246, 241, 238, 255, 0, 0, 0, 255, 255, 255, 255, 255, 29, 79, 115, 255, 1, 2, 3, 255]);
    const png = encodeOpaquePng(rgba, 3, 2)!;
    const image = decodePng(png);
    expect([image.width, image.height]).toEqual([3, 2]);
    expect([...image.pixels]).toEqual([...rgba]);
  });

  it("reads pixels that do not start on a four-byte boundary as well", () => {
    const rgba = new Uint8Array([163, 17, 46, 255, 246, 241, 238, 255]);
    const shifted = new Uint8Array(rgba.length + 1);
    shifted.set(rgba, 1);
    expect([...decodePng(encodeOpaquePng(shifted.subarray(1), 2, 1)!).pixels]).toEqual([...rgba]);
  });

  it("leaves a raster with transparency to another encoder", () => {
    expect(encodeOpaquePng(new Uint8Array([0, 0, 0, 128]), 1, 1)).toBeUndefined();
  });

  it("writes premultiplied pixels with transparency as RGBA with their own colours", () => {
    // Half-transparent red, premultiplied as resvg renders it; a transparent pixel; an opaque one.
    const premultiplied = new Uint8Array([100, 0, 0, 128, 0, 0, 0, 0, 10, 20, 30, 255]);
    const image = decodePng(encodePng(premultiplied, 3, 1));
    expect([...image.pixels]).toEqual([199, 0, 0, 128, 0, 0, 0, 0, 10, 20, 30, 255]);
  });
});
