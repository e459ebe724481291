import { deflateSync, crc32 } from "node:zlib";
import { describe, expect, it } from "vitest";
import { MAX_DEPTH, MAX_ELEMENTS, readXml, sanitiseSvg, SvgRefusedError } from "./svg-sanitiser";
import { checkLogo, checkPng } from "./company-logo";

const bytes = (text: string) => new TextEncoder().encode(text);
const clean = (svg: string) => sanitiseSvg(bytes(svg)).svg;
const LIMITS = { maxBytes: 200 * 1024 };

/** A real PNG of the given size: signature, IHDR, one IDAT of grey rows, IEND, every CRC right. */
function png(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, "ascii");
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 0;
  const rows = Buffer.alloc((width + 1) * height, 0x80);
  for (let y = 0; y < height; y++) rows[y * (width + 1)] = 0;
  return new Uint8Array(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", ihdr), chunk("IDAT", deflateSync(rows)), chunk("IEND", Buffer.alloc(0))]));
}

describe("the SVG sanitiser", () => {
  it("keeps a plain logo's drawing, gradients and in-document references", () => {
    const out = clean(`<?xml version="1.0" encoding="UTF-8"?>
      <!-- made by hand -->
      <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 200 100" width="100%">
        <defs><linearGradient id="g"><stop offset="0" stop-color="#c8102e"/></linearGradient><path id="p" d="M0 0h10v10z"/></defs>
        <style>.a { fill: url(#g); }</style>
        <rect class="a" x="0" y="0" width="200" height="100" fill="url(#g)"/>
        <use xlink:href="#p"/><use href="#p"/>
        <text x="10" y="50" font-family="Arial">Exempel &amp; Co</text>
      </svg>`);
    expect(out).toContain('viewBox="0 0 200 100"');
    expect(out).toContain('width="200" height="100"');
    expect(out).not.toContain("100%");
    expect(out).toContain('fill="url(#g)"');
    expect(out).toContain(".a { fill: url(#g); }");
    expect(out.match(/xlink:href="#p"/g)).toHaveLength(2);
    expect(out).toContain("Exempel &amp; Co");
    expect(sanitiseSvg(bytes(out)).svg).toBe(out);
  });

  it("drops scripts, event handlers, foreignObject, images, animation and editors' metadata", () => {
    const result = sanitiseSvg(
      bytes(`<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" viewBox="0 0 10 10" onload="alert(1)">
        <script>alert(document.cookie)</script>
        <script type="text/javascript"><![CDATA[ fetch('https://evil.example') ]]></script>
        <g onclick="alert(2)" onmouseover='x()'><circle cx="5" cy="5" r="4" OnLoad="y()"/></g>
        <foreignObject width="10" height="10"><body xmlns="http://www.w3.org/1999/xhtml"><iframe src="https://evil.example"/></body></foreignObject>
        <image href="data:image/png;base64,AAAA" width="10" height="10"/>
        <set attributeName="href" to="javascript:alert(3)"/>
        <animate attributeName="fill" values="red"/>
        <inkscape:namedview/>
        <svg:script xmlns:svg="http://www.w3.org/2000/svg">alert(4)</svg:script>
      </svg>`),
    );
    expect(result.svg).not.toMatch(/script|alert|onload|onclick|onmouseover|foreignObject|iframe|image|javascript|animate|<set|inkscape|evil/i);
    expect(result.svg).toContain("<circle");
    expect(result.removed).toEqual(expect.arrayContaining(["@onload", "script", "@onclick", "foreignObject", "image", "set", "animate", "inkscape:namedview", "svg:script"]));
  });

  it("keeps no reference outside the document: href, url() in attributes and in CSS", () => {
    const out = clean(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">
      <use href="https://evil.example/logo.svg#a"/>
      <use xlink:href="javascript:alert(1)"/>
      <use href="file:///etc/passwd"/>
      <a href="https://evil.example"><rect width="1" height="1" fill="url(https://evil.example/p.svg#x)"/></a>
      <rect width="2" height="2" style="fill: url('http://evil.example/x.png')"/>
      <rect width="3" height="3" fill="url(#ok) url(http://evil.example)"/>
      <style>@import url("https://evil.example/x.css"); rect { fill: red }</style>
      <style>rect { background: u\\72l(http://evil.example) }</style>
      <rect width="4" height="4" style="fill: red; behavior: url(x.htc)"/>
    </svg>`);
    expect(out).not.toMatch(/evil|javascript|passwd|@import|behavior/);
    expect(out).not.toMatch(/href="[^#]/);
    // The link's drawing is kept as a group.
    expect(out).toContain('<g><rect width="1" height="1"></rect></g>');
  });

  it("refuses DOCTYPEs, entities and processing instructions, so no XXE and no entity expansion", () => {
    const refused = (svg: string) => expect(() => sanitiseSvg(bytes(svg))).toThrow(SvgRefusedError);
    refused(`<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><svg viewBox="0 0 1 1"><text>&xxe;</text></svg>`);
    refused(`<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd"><svg viewBox="0 0 1 1"/>`);
    const laughs = `<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><svg viewBox="0 0 1 1"><text>&lol2;</text></svg>`;
    refused(laughs);
    refused(`<svg viewBox="0 0 1 1"><text>&lol;</text></svg>`);
    refused(`<svg viewBox="0 0 1 1"><?php echo 1 ?></svg>`);
    refused(`<svg viewBox="0 0 1 1"><text>&amp</text></svg>`);
  });

  it("refuses XML that is not well formed, and what is not an SVG", () => {
    for (const svg of [
      `<svg viewBox="0 0 1 1"><g></svg>`,
      `<svg viewBox="0 0 1 1"><g></h></svg>`,
      `<svg viewBox="0 0 1 1" fill="a" fill="b"/>`,
      `<svg viewBox="0 0 1 1" fill=red/>`,
      `<svg viewBox="0 0 1 1"/><svg viewBox="0 0 1 1"/>`,
      `<svg viewBox="0 0 1 1"><text>a < b</text></svg>`,
      `<html><svg viewBox="0 0 1 1"/></html>`,
      `<svg><rect width="1" height="1"/></svg>`,
      `<svg viewBox="0 0 1 1"><!-- never closed </svg>`,
    ]) {
      expect(() => sanitiseSvg(bytes(svg)), svg).toThrow(SvgRefusedError);
    }
    expect(() => sanitiseSvg(new Uint8Array([0x3c, 0x73, 0xff, 0xfe]))).toThrow(SvgRefusedError);
  });

  it("refuses files with too many elements or nested too deep", () => {
    expect(() => readXml(`<svg>${"<g/>".repeat(MAX_ELEMENTS)}</svg>`)).toThrow(/more than/);
    expect(() => readXml(`<svg>${"<g>".repeat(MAX_DEPTH)}${"</g>".repeat(MAX_DEPTH)}</svg>`)).toThrow(/nested/);
  });
});

describe("checking a logo", () => {
  it("takes a PNG by its signature and reads its size", () => {
    const result = checkLogo(png(120, 60), LIMITS);
    expect(result).toMatchObject({ ok: true, logo: { type: "image/png", width: 120, height: 60 } });
  });

  it("refuses a PNG that is cut short, has a wrong CRC, or is too small or too large", () => {
    const good = png(64, 64);
    expect(checkPng(good.subarray(0, good.length - 12)).ok).toBe(false);
    const bad = good.slice();
    bad[30] = (bad[30] as number) ^ 0xff;
    expect(checkPng(bad).ok).toBe(false);
    expect(checkLogo(png(16, 16), LIMITS)).toMatchObject({ ok: false, message: expect.stringContaining("16 × 16") });
    expect(checkLogo(png(4001, 40), LIMITS)).toMatchObject({ ok: false, message: expect.stringContaining("4001 × 40") });
  });

  it("refuses files over the limit before reading them, and what is neither PNG nor SVG", () => {
    const huge = bytes(`<svg viewBox="0 0 1 1">${"<g/>".repeat(60_000)}</svg>`);
    expect(checkLogo(huge, LIMITS)).toEqual({ ok: false, message: "Logotypen är för stor. Filen får vara högst 200 kB." });
    expect(checkLogo(bytes("GIF89a...."), LIMITS)).toMatchObject({ ok: false, message: "Logotypen ska vara en PNG- eller SVG-fil." });
    expect(checkLogo(new Uint8Array(0), LIMITS).ok).toBe(false);
    expect(checkLogo(bytes(`<!DOCTYPE x><svg viewBox="0 0 1 1"/>`), LIMITS)).toMatchObject({ ok: false, message: expect.stringContaining("DOCTYPE") });
  });

  it("stores the sanitised SVG, not what was sent", () => {
    const result = checkLogo(bytes(`<svg viewBox="0 0 40 20" onload="alert(1)"><script>alert(2)</script><rect width="40" height="20"/></svg>`), LIMITS);
    if (!result.ok) throw new Error(result.message);
    expect(new TextDecoder().decode(result.logo.bytes)).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="40" height="20" viewBox="0 0 40 20"><rect width="40" height="20"></rect></svg>',
    );
  });
});
