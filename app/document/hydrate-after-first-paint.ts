import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

/**
 * Every page is complete HTML that works without JavaScript; the scripts only
 * hydrate it. React Router's <Scripts> makes the browser fetch all of them
 * while it is still parsing (module preloads in <head>, and a bootstrap module
 * script whose static imports load at once), so on a slow connection and CPU
 * the JavaScript competes with the first paint, and DOMContentLoaded – which
 * shows the consent banner – waits for every module. Here the document is
 * rewritten so that loading starts right after the first frame instead:
 *
 * - the <link rel="modulepreload"> tags leave <head> for an inert <template>;
 * - React Router's bootstrap module script becomes a data block
 *   (`type="text/x-module-after-first-paint"`) that nothing runs;
 * - a small nonce'd script at the end of <body> waits for the first frame
 *   (requestAnimationFrame, then a task), puts the preloads into <head> (a few
 *   per task), so the modules still load in parallel rather than one import
 *   level at a time, then swaps the data block for a real module script with
 *   the same text. It removes the template and itself, so hydration finds the
 *   document React rendered. A hidden tab paints no frames; a timer starts the
 *   scripts there.
 *
 * Measured on a simulated slow phone (`npm run bench:phone`, decision 0008):
 * the page is painted ~0.1 s sooner and hydrated ~0.3–0.5 s later; everything
 * on it works before hydration.
 *
 * React Router has no option for any of this, hence the rewrite of the
 * rendered document: buffered whole (entry.server renders the whole document
 * before sending anything, so buffering delays nothing) and rewritten once.
 * A document without a bootstrap script passes through unchanged.
 */

export const PRELOADS_TEMPLATE_ID = "module-preloads";
export const DEFERRED_MODULE_TYPE = "text/x-module-after-first-paint";
/** Module preloads put into <head> per task. */
export const PRELOADS_PER_TASK = 4;
/** Longest wait for a first frame (a tab opened in the background paints none). */
export const NO_FRAME_FALLBACK_MS = 1500;

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;
const BOOTSTRAP_SCRIPT = /<script(?=[^>]*\btype="module")([^>]*)>/;
const NONCE = /\bnonce="([^"]*)"/;

/** The loader, kept small and ES5: it runs on every page before any module. */
export function loaderScript(): string {
  // Starting a fetch costs the main thread ~1.5 ms here (4x that on Lighthouse's
  // simulated phone), so the preloads go into <head> a few per task and the
  // bootstrap in a task of its own: no task long enough to block input.
  return (
    "(function(){var me=document.currentScript,done=false,links=[];function go(){if(done)return;done=true;" +
    `var t=document.getElementById(${JSON.stringify(PRELOADS_TEMPLATE_ID)});if(t){links=[].slice.call(t.content.children);t.remove()}next()}` +
    `function next(){var some=links.splice(0,${PRELOADS_PER_TASK});for(var i=0;i<some.length;i++)document.head.appendChild(some[i]);` +
    "setTimeout(links.length?next:boot,0)}function boot(){" +
    `var d=document.querySelector('script[type="${DEFERRED_MODULE_TYPE}"]');if(d){var s=document.createElement("script");` +
    's.type="module";s.nonce=d.nonce;s.text=d.text;d.replaceWith(s)}me.remove()}' +
    `requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,${NO_FRAME_FALLBACK_MS})})()`
  );
}

export function hydrateAfterFirstPaintInDocument(html: string): string {
  const headEnd = html.indexOf("</head>");
  const bodyEnd = html.lastIndexOf("</body>");
  if (headEnd === -1 || bodyEnd === -1) return html;
  const body = html.slice(headEnd, bodyEnd);
  const bootstrap = BOOTSTRAP_SCRIPT.exec(body);
  if (!bootstrap) return html;

  const head = html.slice(0, headEnd);
  const preloads = head.match(MODULE_PRELOAD) ?? [];
  const attributes = bootstrap[1]!.replace(/\s*\basync(="")?/, "").replace('type="module"', `type="${DEFERRED_MODULE_TYPE}"`);
  const nonce = NONCE.exec(attributes)?.[0];
  const deferredBody =
    body.slice(0, bootstrap.index) + `<script${attributes}>` + body.slice(bootstrap.index + bootstrap[0].length);

  return (
    head.replace(MODULE_PRELOAD, "") +
    deferredBody +
    `<template id="${PRELOADS_TEMPLATE_ID}">${preloads.join("")}</template>` +
    `<script${nonce ? ` ${nonce}` : ""}>${loaderScript()}</script>` +
    html.slice(bodyEnd)
  );
}

export function hydrateAfterFirstPaint(): Transform {
  const decoder = new StringDecoder("utf8");
  let html = "";
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      // Decoded throughout: a character split between chunks stays whole.
      html += typeof chunk === "string" ? chunk : decoder.write(chunk);
      callback();
    },
    flush(callback) {
      html += decoder.end();
      callback(null, hydrateAfterFirstPaintInDocument(html));
    },
  });
}
