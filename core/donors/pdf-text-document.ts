/**
 * A minimal PDF (1.4) with lines of text on A4 pages, in the standard
 * Helvetica fonts with WinAnsiEncoding, which covers Swedish letters. Enough
 * for receipts; no dependency. Long lines are wrapped at a character count
 * that fits Helvetica at the given size.
 */
export interface PdfLine {
  text: string;
  size?: number;
  bold?: boolean;
  /** Extra space before the line, in points. */
  spaceBefore?: number;
}

const WIN_ANSI_EXTRAS: Record<string, number> = { "€": 0x80, "‚": 0x82, "„": 0x84, "…": 0x85, "‘": 0x91, "’": 0x92, "“": 0x93, "”": 0x94, "•": 0x95, "–": 0x96, "—": 0x97 };

function encodeWinAnsi(text: string): Buffer {
  const bytes: number[] = [];
  for (const char of text.normalize("NFC")) {
    const code = char.codePointAt(0) ?? 63;
    // Narrow and thin spaces from Intl number formatting become ordinary no-break spaces.
    const byte = WIN_ANSI_EXTRAS[char] ?? (code === 0x202f || code === 0x2009 ? 0xa0 : code <= 0xff ? code : 63);
    if (byte === 0x28 || byte === 0x29 || byte === 0x5c) bytes.push(0x5c);
    bytes.push(byte);
  }
  return Buffer.from(bytes);
}

function wrap(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of text.split(/ +/)) {
    if (current && current.length + 1 + word.length > maxChars) {
      lines.push(current);
      current = word;
    } else {
      current = current ? `${current} ${word}` : word;
    }
  }
  lines.push(current);
  return lines;
}

export function pdfTextDocument(title: string, lines: PdfLine[]): Buffer {
  const left = 56;
  const top = 786;
  const bottom = 56;
  const pages: Buffer[][] = [[]];
  let y = top;
  for (const line of lines) {
    const size = line.size ?? 11;
    const leading = size * 1.4;
    y -= line.spaceBefore ?? 0;
    // Helvetica averages about half an em per character.
    for (const part of wrap(line.text, Math.floor((595 - 2 * left) / (size * 0.5)))) {
      if (y - leading < bottom) {
        pages.push([]);
        y = top;
      }
      y -= leading;
      const font = line.bold ? "F2" : "F1";
      pages[pages.length - 1]!.push(
        Buffer.concat([Buffer.from(`BT /${font} ${size} Tf ${left} ${y.toFixed(1)} Td (`, "latin1"), encodeWinAnsi(part), Buffer.from(") Tj ET\n", "latin1")]),
      );
    }
  }

  const objects: Buffer[] = [];
  const pageCount = pages.length;
  const firstPage = 5;
  objects.push(Buffer.from("<< /Type /Catalog /Pages 2 0 R >>", "latin1"));
  const kids = pages.map((_, i) => `${firstPage + i * 2} 0 R`).join(" ");
  objects.push(Buffer.from(`<< /Type /Pages /Kids [${kids}] /Count ${pageCount} >>`, "latin1"));
  objects.push(Buffer.from("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>", "latin1"));
  objects.push(Buffer.from("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>", "latin1"));
  pages.forEach((content, i) => {
    const stream = Buffer.concat(content);
    objects.push(
      Buffer.from(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${firstPage + i * 2 + 1} 0 R >>`,
        "latin1",
      ),
    );
    objects.push(Buffer.concat([Buffer.from(`<< /Length ${stream.length} >>\nstream\n`, "latin1"), stream, Buffer.from("\nendstream", "latin1")]));
  });
  const info = objects.length + 1;
  objects.push(Buffer.concat([Buffer.from("<< /Title (", "latin1"), encodeWinAnsi(title), Buffer.from(") /Producer (hjart-lung-site) >>", "latin1")]));

  const chunks: Buffer[] = [Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  const offsets: number[] = [];
  let length = chunks[0]!.length;
  objects.forEach((body, i) => {
    offsets.push(length);
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`, "latin1"), body, Buffer.from("\nendobj\n", "latin1")]);
    chunks.push(chunk);
    length += chunk.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n`, "0000000000 65535 f \n", ...offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`)].join("");
  chunks.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${info} 0 R >>\nstartxref\n${length}\n%%EOF\n`, "latin1"));
  return Buffer.concat(chunks);
}
