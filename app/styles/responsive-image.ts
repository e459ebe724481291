import { MAX_DEVICE_PIXEL_RATIO } from "./theme";

/**
 * `srcset` candidates for an image shown at `displayWidth` CSS pixels: 1x and
 * 2x only. Screens with a higher pixel ratio get the 2x file, since sharper
 * files cost bytes that nobody can see (spec: device pixel ratio capped at 2).
 */
export function srcSetFor(
  displayWidth: number,
  availableWidths: readonly number[],
  urlFor: (width: number) => string,
): string {
  const sorted = [...availableWidths].sort((a, b) => a - b);
  const candidates: string[] = [];
  for (let ratio = 1; ratio <= MAX_DEVICE_PIXEL_RATIO; ratio++) {
    const wanted = displayWidth * ratio;
    const width = sorted.find((w) => w >= wanted) ?? sorted[sorted.length - 1];
    if (width !== undefined) candidates.push(`${urlFor(width)} ${ratio}x`);
  }
  return [...new Set(candidates)].join(", ");
}
