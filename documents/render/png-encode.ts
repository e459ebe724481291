import zlib from "node:zlib";

/**
 * Our own few lines of PNG: resvg's encoder spends about twice the CPU for a
 * similar file on a card, and an image for an e-mail gains little from the
 * last few kilobytes. Deflate at level 3 with no row filters: a greeting card
 * (1200 × 851) is about 95 kB; level 1 saves 0.2 ms for a file 9 % larger,
 * level 6 is 25 % smaller for three times the CPU.
 */
const LEVEL = 3;
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/**
 * Encodes the premultiplied RGBA that resvg renders (and renderPng lays boxes
 * over): as RGB when every pixel is opaque, the usual case of a page with a
 * background; else as RGBA, the colours divided by their alpha as PNG wants.
 */
export function encodePng(premultiplied: Uint8Array, width: number, height: number): Buffer {
  return encodeOpaquePng(premultiplied, width, height) ?? encodeRgba(premultiplied, width, height);
}

/**
 * Encodes an opaque RGBA raster as an RGB PNG. Returns undefined when the
 * raster has any transparency.
 */
export function encodeOpaquePng(rgba: Uint8Array, width: number, height: number): Buffer | undefined {
  const stride = width * 3 + 1;
  const raw = Buffer.allocUnsafe(stride * height);
  if (LITTLE_ENDIAN && rgba.byteOffset % 4 === 0) {
    // A pixel as one number (alpha in the top byte): half the time of reading four bytes.
    const pixels = new Uint32Array(rgba.buffer, rgba.byteOffset, width * height);
    let from = 0;
    for (let y = 0; y < height; y++) {
      let to = y * stride;
      raw[to++] = 0; // filter type 0 (none)
      for (let x = 0; x < width; x++) {
        const pixel = pixels[from++]!;
        if (pixel >>> 24 !== 255) return undefined;
        raw[to++] = pixel & 0xff;
        raw[to++] = (pixel >>> 8) & 0xff;
        raw[to++] = (pixel >>> 16) & 0xff;
      }
    }
    return png(width, height, 2, raw);
  }
  let from = 0;
  for (let y = 0; y < height; y++) {
    let to = y * stride;
    raw[to++] = 0;
    for (let x = 0; x < width; x++, from += 4) {
      if (rgba[from + 3] !== 255) return undefined;
      raw[to++] = rgba[from]!;
      raw[to++] = rgba[from + 1]!;
      raw[to++] = rgba[from + 2]!;
    }
  }
  return png(width, height, 2, raw);
}

function encodeRgba(premultiplied: Uint8Array, width: number, height: number): Buffer {
  const stride = width * 4 + 1;
  const raw = Buffer.allocUnsafe(stride * height);
  let from = 0;
  for (let y = 0; y < height; y++) {
    let to = y * stride;
    raw[to++] = 0;
    for (let x = 0; x < width; x++, from += 4, to += 4) {
      const alpha = premultiplied[from + 3]!;
      for (let c = 0; c < 3; c++) raw[to + c] = alpha === 0 ? 0 : Math.min(255, Math.round((premultiplied[from + c]! * 255) / alpha));
      raw[to + 3] = alpha;
    }
  }
  return png(width, height, 6, raw);
}

function png(width: number, height: number, colourType: 2 | 6, raw: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, colourType, 0, 0, 0], 8); // 8 bits, RGB or RGBA, deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(raw, { level: LEVEL })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "latin1");
  data.copy(out, 8);
  out.writeUInt32BE(zlib.crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}
