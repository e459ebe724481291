import sharp from "sharp";
import type { Metadata, Sharp } from "sharp";
import {
  MAX_PICTURE_PIXELS,
  MIN_PICTURE_SIDE,
  PICTURE_MESSAGES,
  PICTURE_VARIANTS,
  sniffPictureType,
  tooManyPixelsMessage,
  tooSmallMessage,
  type PictureFile,
  type PictureProcessor,
  type PictureType,
} from "#core/fundraisers/fundraiser-pictures";

/**
 * The container's PictureProcessor (decision 0053): sharp, in libuv's thread
 * pool (the request thread only hands it the bytes), behind the bounded gate
 * of core/fundraisers/fundraiser-pictures.ts. The upload is decoded once, with
 * sharp's pixel limit (a decompression bomb is refused from its header, before
 * its pixels are made) and a time limit, turned upright from its EXIF
 * orientation, flattened onto white, converted to sRGB through its ICC
 * profile, and made at most 2400 pixels a side; the four JPEGs are made from
 * those pixels. sharp writes no metadata unless asked to, so nothing of the
 * file – EXIF with its GPS position, XMP, the ICC profile, comments – reaches
 * what is stored.
 */
const FORMATS: Record<PictureType, string> = { "image/jpeg": "jpeg", "image/png": "png", "image/webp": "webp" };
const WORKING_SIDE = 2400;
const JPEG = { quality: 80, progressive: true, chromaSubsampling: "4:2:0" } as const;

export interface SharpPictureOptions {
  maxPixels?: number;
  /** How long one decode may take before sharp stops it. */
  timeoutSeconds?: number;
}

export function sharpPictureProcessor(options: SharpPictureOptions = {}): PictureProcessor {
  // Every upload is new: sharp's operation cache would only hold memory (decision 0031).
  sharp.cache(false);
  const maxPixels = options.maxPixels ?? MAX_PICTURE_PIXELS;
  const timeout = { seconds: options.timeoutSeconds ?? 20 };
  const input = { limitInputPixels: maxPixels, failOn: "error", pages: 1 } as const;
  return {
    async process(bytes) {
      const type = sniffPictureType(bytes);
      if (type === "heic") return { ok: false, message: PICTURE_MESSAGES.heic };
      if (type === null) return { ok: false, message: PICTURE_MESSAGES.wrongType };
      let meta: Metadata;
      try {
        meta = await sharp(bytes, { ...input, limitInputPixels: false }).metadata();
      } catch {
        return { ok: false, message: PICTURE_MESSAGES.broken };
      }
      if (meta.format !== FORMATS[type] || !meta.width || !meta.height) return { ok: false, message: PICTURE_MESSAGES.broken };
      if (meta.width * meta.height > maxPixels) return { ok: false, message: tooManyPixelsMessage(meta.width, meta.height) };
      if (Math.min(meta.width, meta.height) < MIN_PICTURE_SIDE) return { ok: false, message: tooSmallMessage(meta.width, meta.height) };
      try {
        const { data, info } = await sharp(bytes, input)
          .timeout(timeout)
          .autoOrient()
          .resize({ width: WORKING_SIDE, height: WORKING_SIDE, fit: "inside", withoutEnlargement: true })
          .flatten({ background: "#ffffff" })
          .toColourspace("srgb")
          .raw()
          .toBuffer({ resolveWithObject: true });
        const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }).timeout(timeout);
        const jpeg = async (pipeline: Sharp): Promise<PictureFile> => {
          const out = await pipeline.jpeg(JPEG).toBuffer({ resolveWithObject: true });
          return { bytes: new Uint8Array(out.data), width: out.info.width, height: out.info.height };
        };
        const inside = (side: number) => pixels().resize({ width: side, height: side, fit: "inside", withoutEnlargement: true });
        const cover = (width: number, height: number) => pixels().resize({ width, height, fit: "cover", position: sharp.strategy.attention });
        return {
          ok: true,
          picture: {
            sourceType: type,
            variants: {
              large: await jpeg(inside(PICTURE_VARIANTS.large.maxSide)),
              medium: await jpeg(inside(PICTURE_VARIANTS.medium.maxSide)),
              card: await jpeg(cover(PICTURE_VARIANTS.card.width, PICTURE_VARIANTS.card.height)),
              share: await jpeg(cover(PICTURE_VARIANTS.share.width, PICTURE_VARIANTS.share.height)),
            },
          },
        };
      } catch (error) {
        if (error instanceof Error && /pixel limit/i.test(error.message)) return { ok: false, message: tooManyPixelsMessage(meta.width, meta.height) };
        return { ok: false, message: PICTURE_MESSAGES.broken };
      }
    },
  };
}
