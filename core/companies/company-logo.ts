import { formatNumber } from "../site/format";
import { sanitiseSvg, SvgRefusedError } from "./svg-sanitiser";

/**
 * The logo a company gives with a Christmas gift, for its gift certificate
 * (decision 0046): a PNG checked by its signature, its chunks and its
 * dimensions, or an SVG written anew by the sanitiser (svg-sanitiser.ts).
 * Its size in bytes is COMPANY_LOGO_MAX_KB. Nothing is trusted from the
 * browser: not the file name, not the type it claims.
 */
export type LogoType = "image/png" | "image/svg+xml";

export interface CompanyLogo {
  type: LogoType;
  /** The PNG as it was sent, or the sanitised SVG's UTF-8 text. */
  bytes: Uint8Array;
  width: number;
  height: number;
}

export interface LogoLimits {
  /** COMPANY_LOGO_MAX_KB, in bytes. */
  maxBytes: number;
}

/** COMPANY_LOGO_MAX_KB's largest value: the page's upload limit is sized for it (server/page-requests.ts). */
export const COMPANY_LOGO_CEILING_BYTES = 1024 * 1024;
export const COMPANY_UPLOAD_TOO_LARGE =
  "Det som skickades var större än vad formuläret tar emot. Logotypen får vara högst 1 MB och listan med mottagare högst 1 MB. Gå tillbaka och välj mindre filer.";

/** A PNG's sides: large enough to print sharp, small enough that decoding it costs little. */
export const PNG_MIN_SIDE = 32;
export const PNG_MAX_SIDE = 4000;

export type LogoCheck = { ok: true; logo: CompanyLogo } | { ok: false; message: string };

export function logoLimitText(limits: LogoLimits): string {
  return `högst ${formatNumber(Math.floor(limits.maxBytes / 1024))} kB`;
}

/** CRC-32 as PNG computes it (ISO 3309); written here because this module also reaches the browser (the form's limit text). */
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function isPngSignature(bytes: Uint8Array): boolean {
  return bytes.length >= 8 && PNG_SIGNATURE.every((b, i) => bytes[i] === b);
}

/** Bit depths each PNG colour type allows (PNG specification, 11.2.2). */
const DEPTHS: Record<number, number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };

/** Walks the chunks: IHDR first with a valid header, every chunk's CRC right, image data, IEND last. The reason in Swedish when not. */
export function checkPng(bytes: Uint8Array): { ok: true; width: number; height: number } | { ok: false; message: string } {
  const broken = { ok: false, message: "PNG-filen är trasig eller ofullständig. Spara logotypen som PNG igen och välj den på nytt." } as const;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 8;
  let width = 0;
  let height = 0;
  let sawData = false;
  let first = true;
  while (offset + 12 <= bytes.length) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    if (length > bytes.length - offset - 12) return broken;
    const stored = view.getUint32(offset + 8 + length);
    if (crc32(bytes.subarray(offset + 4, offset + 8 + length)) !== stored) return broken;
    if (first) {
      if (type !== "IHDR" || length !== 13) return broken;
      width = view.getUint32(offset + 8);
      height = view.getUint32(offset + 12);
      const depth = bytes[offset + 16] as number;
      const colour = bytes[offset + 17] as number;
      if (!DEPTHS[colour]?.includes(depth) || bytes[offset + 18] !== 0 || bytes[offset + 19] !== 0 || (bytes[offset + 20] as number) > 1) return broken;
      first = false;
    }
    if (type === "IDAT") sawData = true;
    offset += 12 + length;
    if (type === "IEND") {
      if (!sawData) return broken;
      if (width < PNG_MIN_SIDE || height < PNG_MIN_SIDE || width > PNG_MAX_SIDE || height > PNG_MAX_SIDE) {
        return {
          ok: false,
          message: `Logotypen är ${width} × ${height} bildpunkter. Den ska vara mellan ${PNG_MIN_SIDE} och ${formatNumber(PNG_MAX_SIDE)} bildpunkter på varje led.`,
        };
      }
      return { ok: true, width, height };
    }
  }
  return broken;
}

const SVG_REFUSED = "SVG-filen kunde inte läsas som en ren SVG-bild (den innehåller något vi inte tar emot, till exempel en DOCTYPE eller felaktig XML). Spara den som ”vanlig SVG” eller välj en PNG.";

/** Checks an uploaded logo; the reason in Swedish when it is refused. */
export function checkLogo(bytes: Uint8Array, limits: LogoLimits): LogoCheck {
  if (bytes.byteLength === 0) return { ok: false, message: "Filen med logotypen är tom. Välj logotypen igen." };
  if (bytes.byteLength > limits.maxBytes) return { ok: false, message: `Logotypen är för stor. Filen får vara ${logoLimitText(limits)}.` };
  if (isPngSignature(bytes)) {
    const png = checkPng(bytes);
    return png.ok ? { ok: true, logo: { type: "image/png", bytes, width: png.width, height: png.height } } : png;
  }
  const head = new TextDecoder("utf-8").decode(bytes.subarray(0, 1024)).replace(/^\uFEFF/, "").trimStart();
  if (!head.startsWith("<")) return { ok: false, message: "Logotypen ska vara en PNG- eller SVG-fil." };
  try {
    const clean = sanitiseSvg(bytes);
    return { ok: true, logo: { type: "image/svg+xml", bytes: new TextEncoder().encode(clean.svg), width: clean.width, height: clean.height } };
  } catch (error) {
    if (error instanceof SvgRefusedError) return { ok: false, message: SVG_REFUSED };
    throw error;
  }
}

/** The stored form (migration 0027). */
export function storedLogo(logo: CompanyLogo): { logo_type: LogoType; logo_base64: string; logo_width: number; logo_height: number } {
  return { logo_type: logo.type, logo_base64: Buffer.from(logo.bytes).toString("base64"), logo_width: Math.max(1, Math.round(logo.width)), logo_height: Math.max(1, Math.round(logo.height)) };
}
