import zlib from "node:zlib";

/**
 * Reads back what a PDF says, for tests: the text (through each font's
 * ToUnicode map, as a reader's copy-and-paste would), the metadata and the
 * page sizes. Pure JavaScript, so CI needs nothing installed. Handles the PDFs
 * react-pdf writes (Identity-H fonts, flate streams), not PDFs in general.
 */
export interface PdfFacts {
  /** The text of each BT…ET block, in drawing order. */
  lines: string[];
  /** All text on one line, whitespace (including no-break spaces) collapsed. */
  text: string;
  title?: string;
  author?: string;
  lang?: string;
  pages: { width: number; height: number }[];
  /**
   * Each run of text drawn (one TJ), where it is on its page: from the left
   * and from the top in points, as the templates measure, its width from the
   * font's glyph widths, and the box its letters take (ascent to descent).
   */
  runs: TextRun[];
}

export interface TextRun {
  page: number;
  text: string;
  fontSize: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

interface PdfObject {
  dict: string;
  stream?: Buffer;
}

function readObjects(pdf: Buffer): Map<number, PdfObject> {
  const latin = pdf.toString("latin1");
  const objects = new Map<number, PdfObject>();
  const header = /(\d+) 0 obj\s*/g;
  let match: RegExpExecArray | null;
  while ((match = header.exec(latin))) {
    const start = match.index + match[0].length;
    const end = latin.indexOf("endobj", start);
    const body = latin.slice(start, end);
    const streamAt = body.search(/stream\r?\n/);
    if (streamAt === -1) {
      objects.set(Number(match[1]), { dict: body.trim() });
      continue;
    }
    const dict = body.slice(0, streamAt);
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1]);
    const dataStart = start + streamAt + (body[streamAt + 6] === "\r" ? 8 : 7);
    const raw = pdf.subarray(dataStart, dataStart + length);
    objects.set(Number(match[1]), { dict, stream: dict.includes("/FlateDecode") ? zlib.inflateSync(raw) : raw });
    header.lastIndex = end;
  }
  return objects;
}

/** A ToUnicode CMap as glyph code → text. */
function readCMap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  // Ligatures map to several characters: <0066 0074> is "ft".
  const hexText = (hex: string) => String.fromCodePoint(...(hex.replace(/\s/g, "").match(/.{4}/g) ?? []).map((h) => parseInt(h, 16)));
  for (const [, block] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, from, to, targets] of block!.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*(\[[^\]]*\]|<[0-9a-f]*>)/gi)) {
      const first = parseInt(from!, 16);
      const last = parseInt(to!, 16);
      if (targets!.startsWith("[")) {
        [...targets!.matchAll(/<([0-9a-f\s]*)>/gi)].forEach(([, hex], i) => map.set(first + i, hexText(hex!)));
      } else {
        const base = parseInt(targets!.slice(1, -1), 16);
        for (let code = first; code <= last; code++) map.set(code, String.fromCodePoint(base + code - first));
      }
    }
  }
  for (const [, block] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, hex] of block!.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f\s]*)>/gi)) map.set(parseInt(code!, 16), hexText(hex!));
  }
  return map;
}

/** A PDF literal string (escapes, UTF-16BE with a byte-order mark) or hex string. */
function readString(token: string): string {
  let bytes: number[];
  if (token.startsWith("<")) {
    bytes = (token.slice(1, -1).match(/../g) ?? []).map((h) => parseInt(h, 16));
  } else {
    const inner = token.slice(1, -1).replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, e: string) =>
      /^[0-7]/.test(e) ? String.fromCharCode(parseInt(e, 8)) : ({ n: "\n", r: "\r", t: "\t", b: "\b", f: "\f" } as Record<string, string>)[e] ?? e,
    );
    bytes = [...inner].map((ch) => ch.charCodeAt(0));
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return Buffer.from(bytes.slice(2)).swap16().toString("utf16le");
  return Buffer.from(bytes).toString("latin1");
}

export function inspectPdf(pdf: Buffer): PdfFacts {
  const objects = readObjects(pdf);
  const resolve = (value: string | undefined) => {
    const ref = value && /^(\d+) 0 R$/.exec(value.trim());
    return ref ? objects.get(Number(ref[1]))?.dict ?? "" : (value ?? "");
  };

  const fonts = new Map<string, Map<number, string>>();
  const widths = new Map<string, Map<number, number>>();
  const pages: PdfFacts["pages"] = [];
  let title: string | undefined;
  let author: string | undefined;
  let lang: string | undefined;
  for (const { dict } of objects.values()) {
    for (const [, name, ref] of dict.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(objects.get(Number(ref))?.dict ?? "")?.[1];
      const cmap = toUnicode ? objects.get(Number(toUnicode))?.stream : undefined;
      if (cmap && !fonts.has(name!)) fonts.set(name!, readCMap(cmap.toString("latin1")));
      const descendant = /\/DescendantFonts \[(\d+) 0 R\]/.exec(objects.get(Number(ref))?.dict ?? "")?.[1];
      if (descendant && !widths.has(name!)) widths.set(name!, readWidths(objects.get(Number(descendant))?.dict ?? ""));
    }
    const box = /\/Type \/Page\b[\s\S]*\/MediaBox \[([^\]]+)\]/.exec(dict)?.[1];
    if (box) {
      const [x0, y0, x1, y1] = box.trim().split(/\s+/).map(Number);
      pages.push({ width: x1! - x0!, height: y1! - y0! });
    }
    if (dict.includes("/Catalog")) lang = /\/Lang (\([^)]*\))/.exec(dict)?.[1]?.slice(1, -1);
    if (/\/Producer /.test(dict)) {
      const field = (key: string) => {
        const value = new RegExp(`/${key} (\\d+ 0 R|\\((?:\\\\.|[^\\\\)])*\\)|<[0-9a-fA-F]*>)`).exec(dict)?.[1];
        return value ? readString(resolve(value)) : undefined;
      };
      title = field("Title");
      author = field("Author");
    }
  }

  const lines: string[] = [];
  for (const { dict, stream } of objects.values()) {
    if (!stream || dict.includes("/Subtype") || dict.includes("/Length1")) continue;
    const content = stream.toString("latin1");
    if (!content.includes("BT")) continue;
    for (const [, block] of content.matchAll(/\bBT\b([\s\S]*?)\bET\b/g)) {
      let font: Map<number, string> | undefined;
      let line = "";
      for (const [, fontName, shown] of block!.matchAll(/\/(F\d+) [\d.]+ Tf|(\[[^\]]*\]\s*TJ|<[0-9a-f]*>\s*Tj)/gi)) {
        if (fontName) font = fonts.get(fontName);
        else for (const [, hex] of shown!.matchAll(/<([0-9a-f]*)>/gi)) line += (hex!.match(/.{4}/g) ?? []).map((g) => font?.get(parseInt(g, 16)) ?? "\ufffd").join("");
      }
      if (line) lines.push(line);
    }
  }
  const runs: TextRun[] = [];
  const pageContents = [...objects.values()]
    .filter(({ dict }) => /\/Type \/Page\b/.test(dict) && /\/Contents (\d+) 0 R/.test(dict))
    .map(({ dict }) => objects.get(Number(/\/Contents (\d+) 0 R/.exec(dict)![1]))?.stream);
  pageContents.forEach((stream, page) => {
    if (stream) runs.push(...readRuns(stream.toString("latin1"), page, pages[page]?.height ?? 0, fonts, widths));
  });
  return { lines, text: lines.join(" ").replace(/\s+/g, " "), title, author, lang, pages, runs };
}

/** A CIDFont's /W array as glyph code → width in thousandths of an em (both forms: c [w…] and c1 c2 w). */
function readWidths(dict: string): Map<number, number> {
  const map = new Map<number, number>();
  const array = /\/W \[([\s\S]*?)\]\s*\/|\/W \[([\s\S]*\])\s*\]/.exec(dict);
  const body = array?.[1] ?? array?.[2] ?? "";
  const tokens = body.match(/\[|\]|-?[\d.]+/g) ?? [];
  for (let i = 0; i < tokens.length; ) {
    const first = Number(tokens[i++]);
    if (tokens[i] === "[") {
      i++;
      for (let code = first; tokens[i] !== "]" && i < tokens.length; code++) map.set(code, Number(tokens[i++]));
      i++;
    } else {
      const last = Number(tokens[i++]);
      const width = Number(tokens[i++]);
      for (let code = first; code <= last; code++) map.set(code, width);
    }
  }
  return map;
}

type Matrix = [number, number, number, number, number, number];
const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4],
  m[4] * n[1] + m[5] * n[3] + n[5],
];

/** Lora's and Source Sans 3's ascent and descent, roughly, as shares of the font size. */
const ASCENT = 0.75;
const DESCENT = 0.22;

/** The text runs of one page's content stream: q/Q/cm for the place, BT/Tm/Tf/TJ for the text (what react-pdf writes). */
function readRuns(content: string, page: number, pageHeight: number, fonts: Map<string, Map<number, string>>, widths: Map<string, Map<number, number>>): TextRun[] {
  const runs: TextRun[] = [];
  const stack: Matrix[] = [];
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  let tm: Matrix = [1, 0, 0, 1, 0, 0];
  let font = "";
  let size = 0;
  const operands: string[] = [];
  for (const [token] of content.matchAll(/\[[^\]]*\]|<[0-9a-fA-F]*>|\/[^\s/[\]<>()]+|-?[\d.]+|[A-Za-z*'"]+/g)) {
    if (/^(-?[\d.]+|\/.*|\[.*|<.*)$/s.test(token)) {
      operands.push(token);
      continue;
    }
    const numbers = operands.map(Number);
    switch (token) {
      case "q":
        stack.push(ctm);
        break;
      case "Q":
        ctm = stack.pop() ?? [1, 0, 0, 1, 0, 0];
        break;
      case "cm":
        ctm = multiply(numbers.slice(-6) as Matrix, ctm);
        break;
      case "BT":
        tm = [1, 0, 0, 1, 0, 0];
        break;
      case "Tm":
        tm = numbers.slice(-6) as Matrix;
        break;
      case "Tf":
        font = operands[operands.length - 2]!.slice(1);
        size = numbers[numbers.length - 1]!;
        break;
      case "TJ": {
        const array = operands[operands.length - 1]!;
        let advance = 0;
        let text = "";
        for (const [, hex, adjust] of array.matchAll(/<([0-9a-fA-F]*)>|(-?[\d.]+)/g)) {
          if (adjust !== undefined) advance -= Number(adjust);
          else
            for (const code of (hex!.match(/.{4}/g) ?? []).map((g) => parseInt(g, 16))) {
              advance += widths.get(font)?.get(code) ?? 1000;
              text += fonts.get(font)?.get(code) ?? "\ufffd";
            }
        }
        const m = multiply(tm, ctm);
        const x = m[4];
        const y = pageHeight - m[5];
        runs.push({ page, text, fontSize: size, left: x, right: x + (advance / 1000) * size * m[0], top: y - ASCENT * size, bottom: y + DESCENT * size });
        tm = [tm[0], tm[1], tm[2], tm[3], tm[4] + (advance / 1000) * size, tm[5]];
        break;
      }
    }
    operands.length = 0;
  }
  return runs;
}
