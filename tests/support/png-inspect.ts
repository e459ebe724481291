import zlib from "node:zlib";

/**
 * Decodes an 8-bit RGBA or RGB PNG (what resvg writes) into its pixels, for
 * tests that check an image is the right size and not blank.
 */
export interface PngImage {
  width: number;
  height: number;
  /** RGBA, row by row. */
  pixels: Uint8Array;
}

export function decodePng(png: Buffer): PngImage {
  if (png.readUInt32BE(0) !== 0x89504e47) throw new Error("Not a PNG");
  let at = 8;
  let width = 0;
  let height = 0;
  let channels = 4;
  const data: Buffer[] = [];
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString("latin1", at + 4, at + 8);
    const body = png.subarray(at + 8, at + 8 + length);
    if (type === "IHDR") {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      if (body[8] !== 8 || (body[9] !== 6 && body[9] !== 2) || body[12] !== 0) throw new Error("Only 8-bit, non-interlaced RGB(A) PNGs");
      channels = body[9] === 6 ? 4 : 3;
    } else if (type === "IDAT") data.push(body);
    at += 12 + length;
  }
  const raw = zlib.inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const rows = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    for (let x = 0; x < stride; x++) {
      const value = raw[y * (stride + 1) + 1 + x]!;
      const left = x >= channels ? rows[y * stride + x - channels]! : 0;
      const up = y > 0 ? rows[(y - 1) * stride + x]! : 0;
      const upLeft = y > 0 && x >= channels ? rows[(y - 1) * stride + x - channels]! : 0;
      const predictor = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][filter];
      if (predictor === undefined) throw new Error(`Bad PNG filter ${filter}`);
      rows[y * stride + x] = (value + predictor) & 0xff;
    }
  }
  if (channels === 4) return { width, height, pixels: rows };
  const pixels = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) pixels.set([rows[i * 3]!, rows[i * 3 + 1]!, rows[i * 3 + 2]!, 255], i * 4);
  return { width, height, pixels };
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** Share of pixels within `tolerance` (per channel) of a #rrggbb colour. */
export function shareOfColour(image: PngImage, hex: string, tolerance = 12): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
  let count = 0;
  for (let i = 0; i < image.pixels.length; i += 4) {
    const p = image.pixels;
    if (Math.abs(p[i]! - r) <= tolerance && Math.abs(p[i + 1]! - g) <= tolerance && Math.abs(p[i + 2]! - b) <= tolerance) count++;
  }
  return count / (image.width * image.height);
}
