import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { ICON_SIZES, iconFileName, insideHeart, renderHeartIcon } from "./generate-icons";
import { crc32, encodePng, pngSize } from "./png";

const publicDir = path.resolve(__dirname, "../../public");

/** Decodes what our encoder writes (RGB, filter 0) back to pixels. */
function decode(png: Buffer): { width: number; height: number; pixel(x: number, y: number): number[] } {
  const { width, height } = pngSize(png);
  let offset = 8;
  const idat: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString("ascii", offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    expect(png.readUInt32BE(offset + 8 + length)).toBe(crc32(png.subarray(offset + 4, offset + 8 + length)));
    if (type === "IDAT") idat.push(data);
    offset += 12 + length;
  }
  const raw = zlib.inflateSync(Buffer.concat(idat));
  expect(raw.length).toBe(height * (1 + width * 3));
  return {
    width,
    height,
    pixel: (x, y) => {
      const start = y * (1 + width * 3) + 1 + x * 3;
      return [raw[start]!, raw[start + 1]!, raw[start + 2]!];
    },
  };
}

describe("PNG encoder", () => {
  it("computes the standard CRC-32", () => {
    expect(crc32(Buffer.from("123456789"))).toBe(0xcbf43926);
  });

  it("writes pixels that decode back", () => {
    const rgb = new Uint8Array([255, 0, 0, 0, 255, 0, 0, 0, 255, 1, 2, 3]);
    const image = decode(encodePng(2, 2, rgb));
    expect([image.pixel(0, 0), image.pixel(1, 0), image.pixel(0, 1), image.pixel(1, 1)]).toEqual([
      [255, 0, 0],
      [0, 255, 0],
      [0, 0, 255],
      [1, 2, 3],
    ]);
  });

  it("refuses pixel data of the wrong size", () => {
    expect(() => encodePng(2, 2, new Uint8Array(3))).toThrow(RangeError);
  });
});

describe("heart icon", () => {
  it("is red in the middle and white in the corners", () => {
    expect(insideHeart(0, 0)).toBe(true);
    expect(insideHeart(1.2, 1.2)).toBe(false);
    const image = decode(renderHeartIcon(48));
    expect(image.pixel(24, 24)).toEqual([0xa3, 0x11, 0x2e]);
    expect(image.pixel(0, 0)).toEqual([255, 255, 255]);
    expect(image.pixel(47, 47)).toEqual([255, 255, 255]);
  });
});

describe("web app manifest", () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(publicDir, "manifest.webmanifest"), "utf8")) as {
    name: string;
    short_name: string;
    start_url: string;
    background_color: string;
    theme_color: string;
    display: string;
    icons: { src: string; sizes: string; type: string }[];
  };

  it("has the spec's fields", () => {
    expect(manifest).toMatchObject({
      start_url: "/",
      background_color: "#ffffff",
      theme_color: "#000000",
      display: "minimal-ui",
    });
    expect(manifest.name).toBeTruthy();
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(ICON_SIZES.map((s) => `${s}x${s}`));
  });

  it.each(ICON_SIZES)("has a real %d px PNG icon in public/icons", (size) => {
    const icon = manifest.icons.find((i) => i.sizes === `${size}x${size}`);
    expect(icon).toEqual({
      src: `/icons/${iconFileName(size)}`,
      sizes: `${size}x${size}`,
      type: "image/png",
      purpose: "any",
    });
    const file = fs.readFileSync(path.join(publicDir, icon!.src));
    expect(pngSize(file)).toEqual({ width: size, height: size });
    expect(file.equals(renderHeartIcon(size))).toBe(true);
  });
});
