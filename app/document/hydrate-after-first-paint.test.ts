import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import {
  DEFERRED_MODULE_TYPE,
  NO_FRAME_FALLBACK_MS,
  PRELOADS_PER_TASK,
  PRELOADS_TEMPLATE_ID,
  hydrateAfterFirstPaint,
  hydrateAfterFirstPaintInDocument,
  loaderScript,
} from "./hydrate-after-first-paint";

const bootstrapCode = 'import * as route0 from "/assets/root-def.js";\nimport("/assets/entry.client-abc.js");';
const document =
  '<!DOCTYPE html><html lang="sv"><head><title>Hjärtslag</title>' +
  '<link rel="modulepreload" href="/assets/entry.client-abc.js" nonce="n1"/>' +
  '<link rel="modulepreload" href="/assets/root-def.js" nonce="n1"/>' +
  '<link rel="icon" href="/favicon.svg"/></head>' +
  '<body><p>Text om <link rel="modulepreload"> i brödtexten ändras inte.</p>' +
  '<script nonce="n1">window.__reactRouterContext = {};</script>' +
  `<script nonce="n1" type="module" async="">${bootstrapCode}</script>` +
  "</body></html>";

describe("hydration scripts after the first paint: the document", () => {
  const out = hydrateAfterFirstPaintInDocument(document);
  const head = out.slice(0, out.indexOf("</head>"));
  const body = out.slice(out.indexOf("</head>"));

  it("takes every module preload out of <head> and into an inert template, in order", () => {
    expect(head).not.toContain("modulepreload");
    expect(head).toContain('<link rel="icon" href="/favicon.svg"/>');
    expect(body).toContain(
      `<template id="${PRELOADS_TEMPLATE_ID}">` +
        '<link rel="modulepreload" href="/assets/entry.client-abc.js" nonce="n1"/>' +
        '<link rel="modulepreload" href="/assets/root-def.js" nonce="n1"/></template>',
    );
  });

  it("turns React Router's bootstrap module into a data block that keeps its nonce and code", () => {
    expect(body).toContain(`<script nonce="n1" type="${DEFERRED_MODULE_TYPE}">${bootstrapCode}</script>`);
    expect(body).not.toMatch(/<script[^>]*type="module"/);
  });

  it("adds the nonce'd loader at the very end of <body>, after the template", () => {
    expect(out.endsWith(`<script nonce="n1">${loaderScript()}</script></body></html>`)).toBe(true);
    expect(out.indexOf(PRELOADS_TEMPLATE_ID)).toBeLessThan(out.lastIndexOf("<script"));
  });

  it("leaves the page's own text and the classic inline scripts alone", () => {
    expect(body).toContain('<p>Text om <link rel="modulepreload"> i brödtexten ändras inte.</p>');
    expect(body).toContain('<script nonce="n1">window.__reactRouterContext = {};</script>');
  });

  it("passes a document without a bootstrap script, or cut short, through unchanged", () => {
    const noScripts = '<html><head><link rel="modulepreload" href="/a.js"/></head><body><p>Hej</p></body></html>';
    expect(hydrateAfterFirstPaintInDocument(noScripts)).toBe(noScripts);
    const cut = '<html><head><link rel="modulepreload" href="/a.js"/>';
    expect(hydrateAfterFirstPaintInDocument(cut)).toBe(cut);
  });

  it("rewrites the same whatever way the stream is cut, even inside a character", async () => {
    const whole = Buffer.from(document, "utf8");
    for (let cut = 1; cut < whole.length; cut += 11) {
      const streamed = await text(Readable.from([whole.subarray(0, cut), whole.subarray(cut)], { objectMode: false }).pipe(hydrateAfterFirstPaint()));
      expect(streamed).toBe(out);
    }
  });
});

/** Just enough of a browser to run the loader: timers, frames and the few DOM calls it makes. */
function fakeBrowser() {
  const frames: (() => void)[] = [];
  const timers: { at: number; run: () => void }[] = [];
  const log: string[] = [];
  const preloads = ["a", "b", "c", "d", "e", "f"].map((name) => ({ name }));
  const template = { content: { children: preloads }, remove: () => log.push("template removed") };
  const deferred = {
    nonce: "n1",
    text: bootstrapCode,
    replaceWith: (script: { type: string; nonce: string; text: string }) =>
      log.push(`bootstrap replaced by type=${script.type} nonce=${script.nonce} text=${script.text === bootstrapCode}`),
  };
  const document = {
    currentScript: { remove: () => log.push("loader removed") },
    head: { appendChild: (node: { name: string }) => log.push(`preload ${node.name} into head`) },
    getElementById: (id: string) => (id === PRELOADS_TEMPLATE_ID ? template : null),
    querySelector: (selector: string) => (selector === `script[type="${DEFERRED_MODULE_TYPE}"]` ? deferred : null),
    createElement: (tag: string) => ({ tag, type: "", nonce: "", text: "" }),
  };
  const globals = {
    document,
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void, ms: number) => timers.push({ at: ms, run: callback }),
  };
  new Function(...Object.keys(globals), loaderScript())(...Object.values(globals));
  /** Runs the first timer due by `upTo` (timers keep their delay, not a clock); false when none is. */
  const runOneTimer = (upTo: number) => {
    const timer = timers.find((t) => t.at <= upTo);
    if (!timer) return false;
    timers.splice(timers.indexOf(timer), 1);
    timer.run();
    return true;
  };
  const runTimers = (upTo: number) => {
    while (runOneTimer(upTo));
  };
  return { frames, log, runOneTimer, runTimers };
}

describe("hydration scripts after the first paint: the loader", () => {
  it("waits for the first frame, then loads the preloads a few per task, then the bootstrap, once, and removes its traces", () => {
    expect(PRELOADS_PER_TASK).toBe(4);
    const browser = fakeBrowser();
    browser.runTimers(0);
    expect(browser.log).toEqual([]); // nothing before a frame has been painted
    browser.frames.shift()!();
    browser.runOneTimer(0);
    expect(browser.log).toEqual([
      "template removed",
      "preload a into head",
      "preload b into head",
      "preload c into head",
      "preload d into head",
    ]);
    browser.runOneTimer(0);
    expect(browser.log.slice(5)).toEqual(["preload e into head", "preload f into head"]);
    browser.runOneTimer(0);
    expect(browser.log.slice(7)).toEqual(["bootstrap replaced by type=module nonce=n1 text=true", "loader removed"]);
    browser.runTimers(NO_FRAME_FALLBACK_MS); // the fallback finds the work done
    expect(browser.log).toHaveLength(9);
  });

  it("starts the scripts anyway when no frame comes (a tab opened in the background)", () => {
    const browser = fakeBrowser();
    browser.runTimers(NO_FRAME_FALLBACK_MS);
    expect(browser.log).toContain("bootstrap replaced by type=module nonce=n1 text=true");
  });
});
