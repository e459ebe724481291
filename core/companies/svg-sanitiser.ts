/**
 * A company's SVG logo, made safe to store, to show in a browser and to draw
 * on a gift certificate (decision 0046). No XML parser is among the project's
 * packages, so the file is read here by a strict reader of the small part of
 * XML an SVG logo uses – elements, attributes, text, comments, CDATA, the XML
 * declaration – and anything else is refused: a DOCTYPE (and with it every
 * entity declaration: external entities, the "billion laughs"), processing
 * instructions, entity references other than XML's five and numeric ones,
 * unmatched tags, duplicate attributes, more than MAX_ELEMENTS elements or
 * MAX_DEPTH levels.
 *
 * What is kept is chosen by allow-lists, never deny-lists, and the SVG is
 * written anew from what was read: elements that draw shapes, gradients,
 * clip paths, masks and text; their presentation and geometry attributes.
 * Scripts, event handlers (on…), foreignObject, images, animation, filters
 * and elements of other namespaces (an editor's metadata) are dropped with
 * everything inside them; a link (<a>) keeps its drawing but not its target.
 * A reference (href, url(…) in an attribute or in CSS) must point inside the
 * document (#id); CSS with an @-rule or an escape is dropped.
 */
export const MAX_ELEMENTS = 5_000;
export const MAX_DEPTH = 64;

export class SvgRefusedError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = "SvgRefusedError";
  }
}

export interface SanitisedSvg {
  /** The SVG written anew: UTF-8 text, the SVG and XLink namespaces on its root. */
  svg: string;
  /** Its size for layout, from the viewBox (or width and height when there is none). */
  width: number;
  height: number;
  /** What was taken out, for the tests and the log: element and attribute names, never values. */
  removed: string[];
}

interface XmlElement {
  name: string;
  attributes: [string, string][];
  children: XmlNode[];
}
type XmlNode = XmlElement | { text: string };

const NAME = /^[A-Za-z_][A-Za-z0-9_.:-]*/;

const DRAWING_ELEMENTS = new Set([
  "svg",
  "g",
  "defs",
  "symbol",
  "use",
  "title",
  "desc",
  "path",
  "rect",
  "circle",
  "ellipse",
  "line",
  "polyline",
  "polygon",
  "text",
  "tspan",
  "linearGradient",
  "radialGradient",
  "stop",
  "clipPath",
  "mask",
  "pattern",
  "style",
]);

/** Elements whose content is text, not drawing. */
const TEXT_ELEMENTS = new Set(["title", "desc", "text", "tspan", "style"]);

const ATTRIBUTES = new Set([
  "id",
  "class",
  "style",
  "x",
  "y",
  "x1",
  "y1",
  "x2",
  "y2",
  "cx",
  "cy",
  "r",
  "rx",
  "ry",
  "fx",
  "fy",
  "fr",
  "dx",
  "dy",
  "width",
  "height",
  "d",
  "points",
  "transform",
  "viewBox",
  "preserveAspectRatio",
  "version",
  "fill",
  "fill-opacity",
  "fill-rule",
  "stroke",
  "stroke-width",
  "stroke-linecap",
  "stroke-linejoin",
  "stroke-miterlimit",
  "stroke-dasharray",
  "stroke-dashoffset",
  "stroke-opacity",
  "opacity",
  "color",
  "display",
  "visibility",
  "clip-path",
  "clip-rule",
  "mask",
  "offset",
  "stop-color",
  "stop-opacity",
  "gradientUnits",
  "gradientTransform",
  "spreadMethod",
  "patternUnits",
  "patternContentUnits",
  "patternTransform",
  "clipPathUnits",
  "maskUnits",
  "maskContentUnits",
  "font-family",
  "font-size",
  "font-weight",
  "font-style",
  "text-anchor",
  "dominant-baseline",
  "letter-spacing",
  "xml:space",
  "href",
  "xlink:href",
]);

const PREDEFINED_ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

function decodeEntities(raw: string, where: string): string {
  return raw.replace(/&([^;&\s]*);?/g, (whole, name: string) => {
    if (!whole.endsWith(";")) throw new SvgRefusedError(`an unterminated entity reference in ${where}`);
    if (name in PREDEFINED_ENTITIES) return PREDEFINED_ENTITIES[name] as string;
    const numeric = /^#(?:x([0-9A-Fa-f]{1,6})|([0-9]{1,7}))$/.exec(name);
    if (numeric) {
      const code = numeric[1] !== undefined ? parseInt(numeric[1], 16) : Number(numeric[2]);
      if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) throw new SvgRefusedError(`a character reference to no character in ${where}`);
      return String.fromCodePoint(code);
    }
    throw new SvgRefusedError(`the entity reference &${name.slice(0, 20)}; (only XML's own are read)`);
  });
}

/** Reads the file into elements and text; throws SvgRefusedError for anything outside the part of XML a logo needs. */
export function readXml(text: string): XmlElement {
  let i = 0;
  let elements = 0;
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  const expect = (s: string) => {
    if (!text.startsWith(s, i)) throw new SvgRefusedError(`expected ${s} at character ${i}`);
    i += s.length;
  };
  const skipSpace = () => {
    while (i < text.length && /\s/.test(text[i] as string)) i++;
  };
  const appendText = (value: string) => {
    const parent = stack[stack.length - 1];
    if (!parent) {
      if (value.trim() !== "") throw new SvgRefusedError("text outside the root element");
      return;
    }
    parent.children.push({ text: value });
  };

  if (text.startsWith("\uFEFF")) i = 1;
  if (text.startsWith("<?xml", i)) {
    const end = text.indexOf("?>", i);
    if (end < 0) throw new SvgRefusedError("an unterminated XML declaration");
    i = end + 2;
  }
  while (i < text.length) {
    if (text[i] !== "<") {
      const next = text.indexOf("<", i);
      const end = next < 0 ? text.length : next;
      appendText(decodeEntities(text.slice(i, end), "text"));
      i = end;
      continue;
    }
    if (text.startsWith("<!--", i)) {
      const end = text.indexOf("-->", i + 4);
      if (end < 0) throw new SvgRefusedError("an unterminated comment");
      i = end + 3;
      continue;
    }
    if (text.startsWith("<![CDATA[", i)) {
      const end = text.indexOf("]]>", i + 9);
      if (end < 0) throw new SvgRefusedError("an unterminated CDATA section");
      if (stack.length === 0) throw new SvgRefusedError("CDATA outside the root element");
      appendText(text.slice(i + 9, end));
      i = end + 3;
      continue;
    }
    if (text.startsWith("<!", i)) throw new SvgRefusedError("a DOCTYPE or declaration (entities are not read)");
    if (text.startsWith("<?", i)) throw new SvgRefusedError("a processing instruction");
    if (text.startsWith("</", i)) {
      i += 2;
      const name = NAME.exec(text.slice(i, i + 200))?.[0];
      if (!name) throw new SvgRefusedError(`a malformed end tag at character ${i}`);
      i += name.length;
      skipSpace();
      expect(">");
      const open = stack.pop();
      if (!open || open.name !== name) throw new SvgRefusedError(`the end tag </${name.slice(0, 40)}> does not match`);
      continue;
    }
    i += 1;
    const name = NAME.exec(text.slice(i, i + 200))?.[0];
    if (!name) throw new SvgRefusedError(`a malformed tag at character ${i}`);
    i += name.length;
    if (++elements > MAX_ELEMENTS) throw new SvgRefusedError(`more than ${MAX_ELEMENTS} elements`);
    if (stack.length >= MAX_DEPTH) throw new SvgRefusedError(`elements nested more than ${MAX_DEPTH} deep`);
    const element: XmlElement = { name, attributes: [], children: [] };
    const seen = new Set<string>();
    for (;;) {
      const before = i;
      skipSpace();
      if (text.startsWith("/>", i)) {
        i += 2;
        break;
      }
      if (text[i] === ">") {
        i += 1;
        stack.push(element);
        break;
      }
      if (i === before) throw new SvgRefusedError(`attributes of <${name.slice(0, 40)}> must be separated by spaces`);
      const attribute = NAME.exec(text.slice(i, i + 200))?.[0];
      if (!attribute) throw new SvgRefusedError(`a malformed attribute in <${name.slice(0, 40)}>`);
      i += attribute.length;
      skipSpace();
      expect("=");
      skipSpace();
      const quote = text[i];
      if (quote !== '"' && quote !== "'") throw new SvgRefusedError(`the attribute ${attribute.slice(0, 40)} has no quoted value`);
      const end = text.indexOf(quote, i + 1);
      if (end < 0) throw new SvgRefusedError(`the attribute ${attribute.slice(0, 40)} is never closed`);
      const raw = text.slice(i + 1, end);
      if (raw.includes("<")) throw new SvgRefusedError(`a < inside the attribute ${attribute.slice(0, 40)}`);
      if (seen.has(attribute)) throw new SvgRefusedError(`the attribute ${attribute.slice(0, 40)} twice`);
      seen.add(attribute);
      element.attributes.push([attribute, decodeEntities(raw, `the attribute ${attribute.slice(0, 40)}`)]);
      i = end + 1;
    }
    const parent = stack[stack.length - (stack[stack.length - 1] === element ? 2 : 1)];
    if (parent) parent.children.push(element);
    else if (root) throw new SvgRefusedError("more than one root element");
    else root = element;
  }
  if (stack.length > 0) throw new SvgRefusedError(`<${stack[stack.length - 1]?.name.slice(0, 40)}> is never closed`);
  if (!root) throw new SvgRefusedError("no element at all");
  return root;
}

const FRAGMENT_URL = /^url\(\s*(["']?)#[A-Za-z0-9_.:-]+\1\s*\)$/i;

/** Every url(…) in a value points inside the document. */
function onlyFragmentUrls(value: string): boolean {
  const urls = value.match(/url\s*\([^)]*\)?/gi) ?? [];
  return urls.every((url) => FRAGMENT_URL.test(url)) && !/url\s*\(/i.test(value.replace(/url\s*\(\s*(["']?)#[A-Za-z0-9_.:-]+\1\s*\)/gi, ""));
}

/** CSS we keep: declarations and selectors only, no @import or any @-rule, no escapes (which could spell anything), no expression(), no outside url(). */
function safeCss(css: string): boolean {
  return !/[@\\<]|expression\s*\(|javascript:|behavior\s*:|binding\s*:/i.test(css) && onlyFragmentUrls(css);
}

function keepAttribute(name: string, value: string): boolean {
  if (!ATTRIBUTES.has(name)) return false;
  if (name === "href" || name === "xlink:href") return /^#[A-Za-z0-9_.:-]+$/.test(value.trim());
  if (name === "style") return safeCss(value);
  return onlyFragmentUrls(value) && !/javascript:/i.test(value);
}

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/[\t\n\r]/g, " ");
const escapeText = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function write(element: XmlElement, removed: string[], root: { width: number; height: number } | null): string {
  const isRoot = root !== null;
  // A link keeps its drawing as a group; its target is not kept.
  const name = element.name === "a" ? "g" : element.name;
  if (element.name === "a") removed.push("a");
  // The root's size is written from what was read, so that "100%" or "5cm" cannot leave a renderer to guess.
  const attributes: string[] = root ? ['xmlns="http://www.w3.org/2000/svg"', 'xmlns:xlink="http://www.w3.org/1999/xlink"', `width="${root.width}"`, `height="${root.height}"`] : [];
  if (root && !element.attributes.some(([n]) => n === "viewBox")) attributes.push(`viewBox="0 0 ${root.width} ${root.height}"`);
  for (const [attribute, value] of element.attributes) {
    if (attribute === "xmlns" || attribute.startsWith("xmlns:")) continue;
    if (isRoot && (attribute === "width" || attribute === "height")) continue;
    if (keepAttribute(attribute, value)) attributes.push(`${attribute === "href" ? "xlink:href" : attribute}="${escapeAttribute(value)}"`);
    else removed.push(`@${attribute}`);
  }
  let inner = "";
  for (const child of element.children) {
    if ("text" in child) {
      if (TEXT_ELEMENTS.has(name)) inner += escapeText(child.text);
      continue;
    }
    if (child.name === "a" || DRAWING_ELEMENTS.has(child.name)) {
      if (child.name === "style" && !safeCss(child.children.map((c) => ("text" in c ? c.text : "")).join(""))) {
        removed.push("style");
        continue;
      }
      if (child.name === "svg") {
        removed.push("svg");
        continue;
      }
      inner += write(child, removed, null);
    } else {
      removed.push(child.name);
    }
  }
  return `<${name}${attributes.length > 0 ? ` ${attributes.join(" ")}` : ""}>${inner}</${name}>`;
}

function number(value: string | undefined): number | null {
  if (value === undefined) return null;
  const match = /^\s*([0-9]*\.?[0-9]+)\s*(px)?\s*$/.exec(value);
  return match ? Number(match[1]) : null;
}

/** The size an SVG asks for: its viewBox, or its width and height in pixels. */
function sizeOf(root: XmlElement): { width: number; height: number } | null {
  const attribute = (name: string) => root.attributes.find(([n]) => n === name)?.[1];
  const box = attribute("viewBox")?.trim().split(/[\s,]+/).map(Number);
  if (box && box.length === 4 && box.every(Number.isFinite) && (box[2] as number) > 0 && (box[3] as number) > 0) {
    return { width: box[2] as number, height: box[3] as number };
  }
  const width = number(attribute("width"));
  const height = number(attribute("height"));
  return width && height ? { width, height } : null;
}

/** The file's text made safe, or SvgRefusedError with the reason in English (the form says it in Swedish). */
export function sanitiseSvg(bytes: Uint8Array): SanitisedSvg {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new SvgRefusedError("not UTF-8 text");
  }
  const root = readXml(text);
  if (root.name !== "svg") throw new SvgRefusedError("the root element is not <svg>");
  const size = sizeOf(root);
  if (!size) throw new SvgRefusedError("no viewBox and no width and height");
  const removed: string[] = [];
  const svg = write(root, removed, size);
  return { svg, width: size.width, height: size.height, removed };
}
