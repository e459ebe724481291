/**
 * Reads Prometheus' text format as a test needs it: a sample's value by
 * metric name and exact labels, or undefined when the sample is absent.
 */
export function sampleValue(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .sort();
  for (const line of text.split("\n")) {
    if (line.startsWith("#")) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = (match[2] ?? "").split(/,(?=[a-zA-Z_]+=")/).filter(Boolean).sort();
    if (found.length === wanted.length && found.every((pair, i) => pair === wanted[i])) return Number(match[3]);
  }
  return undefined;
}

/** Every label value in the text, for checking that none is a URL or something a visitor typed. */
export function labelValues(text: string): string[] {
  return [...text.matchAll(/[a-zA-Z_]+="((?:[^"\\]|\\.)*)"/g)].map((m) => m[1] ?? "");
}
