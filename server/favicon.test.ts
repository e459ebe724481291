import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { icoFromPng } from "./favicon";

describe("favicon.ico", () => {
  it("wraps the 48 px PNG icon in an ICO directory that names its size and where it starts", () => {
    const png = fs.readFileSync(path.resolve(__dirname, "../public/icons/icon-48.png"));
    const ico = icoFromPng(png);
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 1]);
    expect([ico[6], ico[7]]).toEqual([48, 48]);
    expect(ico.readUInt32LE(14)).toBe(png.length);
    expect(ico.readUInt32LE(18)).toBe(22);
    expect(ico.subarray(22).equals(png)).toBe(true);
  });

  it("refuses what is not a PNG", () => {
    expect(() => icoFromPng(Buffer.from("GIF89a not a png at all, really"))).toThrow(/PNG/);
  });
});
