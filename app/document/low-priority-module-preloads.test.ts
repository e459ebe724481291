import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads, lowPriorityModulePreloadsInHead } from "./low-priority-module-preloads";

const head =
  '<!DOCTYPE html><html lang="sv"><head><title>Hjärtslag</title>' +
  '<link rel="modulepreload" href="/assets/entry.client-abc.js" nonce="n"/>' +
  '<link rel="modulepreload" href="/assets/root-def.js" nonce="n"/>' +
  '<link rel="icon" href="/favicon.svg"/></head>';
const body = '<body><p>Text om <link rel="modulepreload"> i brödtexten ändras inte.</p></body></html>';

async function throughTransform(chunks: (string | Buffer)[]): Promise<string> {
  return text(Readable.from(chunks, { objectMode: false }).pipe(lowPriorityModulePreloads()));
}

describe("low-priority module preloads", () => {
  it("marks every module preload in the head low priority and nothing else", () => {
    const out = lowPriorityModulePreloadsInHead(head);
    expect(out.match(/<link rel="modulepreload" fetchpriority="low" href=/g)).toHaveLength(2);
    expect(out).toContain('<link rel="icon" href="/favicon.svg"/>');
  });

  it("leaves a preload that already states its priority alone", () => {
    const own = '<link rel="modulepreload" href="/a.js" fetchpriority="high"/>';
    expect(lowPriorityModulePreloadsInHead(own)).toBe(own);
  });

  it("rewrites a head split anywhere between chunks, even inside a character, and passes the body through untouched", async () => {
    const whole = Buffer.from(head + body, "utf8");
    const expected = lowPriorityModulePreloadsInHead(head) + body;
    for (let cut = 1; cut < whole.length; cut += 7) {
      expect(await throughTransform([whole.subarray(0, cut), whole.subarray(cut)])).toBe(expected);
    }
  });

  it("sends a document without </head> whole", async () => {
    const cut = '<html><head><link rel="modulepreload" href="/a.js"/>';
    expect(await throughTransform([cut])).toBe('<html><head><link rel="modulepreload" fetchpriority="low" href="/a.js"/>');
  });
});
