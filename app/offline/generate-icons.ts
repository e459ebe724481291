/**
 * Writes the web app manifest's icons to public/icons/: a heart in the
 * charity's red on white, in every size the manifest lists. Uses only Node's
 * built-ins. Run with `npx tsx app/offline/generate-icons.ts` after changing
 * the drawing; the PNGs are committed.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { encodePng } from "./png";

export const ICON_SIZES = [48, 72, 96, 144, 192, 256, 384, 512] as const;
export const HEART_COLOUR = [0xa3, 0x11, 0x2e] as const;
const WHITE = [0xff, 0xff, 0xff] as const;
/** The heart fills 70 % of the height, inside the maskable-icon safe zone. */
const HEART_SHARE = 0.7;
const SAMPLES = 4;

/** The classic heart curve: inside where (x² + y² − 1)³ − x²y³ ≤ 0 (x ±1.14, y −1…1.25). */
export function insideHeart(x: number, y: number): boolean {
  const a = x * x + y * y - 1;
  return a * a * a - x * x * y * y * y <= 0;
}

export function renderHeartIcon(size: number): Buffer {
  const unitsPerPixel = 2.25 / (HEART_SHARE * size);
  const rgb = new Uint8Array(size * size * 3);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let hits = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const x = (px + (sx + 0.5) / SAMPLES - size / 2) * unitsPerPixel;
          const y = -(py + (sy + 0.5) / SAMPLES - size / 2) * unitsPerPixel + 0.125;
          if (insideHeart(x, y)) hits++;
        }
      }
      const coverage = hits / (SAMPLES * SAMPLES);
      const offset = (py * size + px) * 3;
      for (let c = 0; c < 3; c++) {
        rgb[offset + c] = Math.round((WHITE[c] as number) * (1 - coverage) + (HEART_COLOUR[c] as number) * coverage);
      }
    }
  }
  return encodePng(size, size, rgb);
}

export function iconFileName(size: number): string {
  return `icon-${size}.png`;
}

export function writeIcons(outDir: string): string[] {
  fs.mkdirSync(outDir, { recursive: true });
  return ICON_SIZES.map((size) => {
    const file = path.join(outDir, iconFileName(size));
    fs.writeFileSync(file, renderHeartIcon(size));
    return file;
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
  for (const file of writeIcons(path.join(root, "public", "icons")))
    process.stdout.write(`wrote ${path.relative(root, file)}\n`);
}
