import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

/**
 * Marks the document's module preloads `fetchpriority="low"`, as React does
 * for its own bootstrap modules. React Router's <Scripts> preloads every
 * module of the page at the browser's default (high) priority, so on a slow
 * connection the JavaScript competes with what paints the page – the
 * document, images in view – although the page is fully rendered HTML and
 * the scripts only hydrate it. At low priority they still start at once and
 * load in parallel; they just yield to the rendering.
 *
 * React Router offers no attribute for its preload links, so the rendered
 * <head> is rewritten: buffered until `</head>` (a tag may be split between
 * chunks), rewritten once, and everything after it passes through untouched.
 */
const MODULE_PRELOAD = /<link rel="modulepreload"(?![^>]*fetchpriority)/g;

export function lowPriorityModulePreloadsInHead(head: string): string {
  return head.replace(MODULE_PRELOAD, '<link rel="modulepreload" fetchpriority="low"');
}

export function lowPriorityModulePreloads(): Transform {
  const decoder = new StringDecoder("utf8");
  let head = "";
  let headDone = false;
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      // Decoded throughout: a character split between chunks stays whole.
      const decoded = typeof chunk === "string" ? chunk : decoder.write(chunk);
      if (headDone) return callback(null, decoded);
      head += decoded;
      const end = head.indexOf("</head>");
      if (end === -1) return callback();
      headDone = true;
      const rewritten = lowPriorityModulePreloadsInHead(head.slice(0, end)) + head.slice(end);
      head = "";
      callback(null, rewritten);
    },
    flush(callback) {
      // A document without </head> (an error page cut short) still goes out whole.
      const rest = decoder.end();
      callback(null, headDone ? rest : lowPriorityModulePreloadsInHead(head + rest));
    },
  });
}
