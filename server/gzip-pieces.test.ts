import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { NONCE_PLACEHOLDER } from "#app/context";
import { gzipPieces, plainPieces, preparePieces } from "./gzip-pieces";
import { PlaceholderTokens, gzipPiecesOf, personalValues, withValues, type CompiledPage } from "./page-cache";

describe("a page sent gzip'd from pieces compressed once", () => {
  it("reads back byte for byte with values of each place's own length, and refuses any other length", () => {
    const prepared = preparePieces(["<p>a", "b", "", "c</p>å"], [3, 5, 2]);
    const values = ["xyz", "12345", "ok"];
    expect(plainPieces(prepared, values).toString("utf8")).toBe("<p>axyzb12345okc</p>å");
    expect(zlib.gunzipSync(gzipPieces(prepared, values)).toString("utf8")).toBe("<p>axyzb12345okc</p>å");
    expect(() => gzipPieces(prepared, ["xy", "12345", "ok"])).toThrow(/3 characters/);
    expect(() => gzipPieces(prepared, ["xyz", "1234 ", "ok"])).toThrow(/printable ASCII/);
    expect(() => gzipPieces(prepared, ["xyz", "12345"])).toThrow(/3 values/);
    expect(() => preparePieces(["a", "b"], [])).toThrow(/one slot length/);
  });

  it("takes a value of any length where its place says so (the visitor's address on the kept not-found page, a donor's name)", () => {
    const text = "<p>Sidan kunde inte hittas. ".repeat(50);
    const prepared = preparePieces([text, `">${text}`, `")${text}`], [null, 3]);
    for (const address of ["/x", `/${"a-b".repeat(300)}`, ""]) {
      const values = [address, "abc"];
      const page = `${text}${address}">${text}abc")${text}`;
      expect(plainPieces(prepared, values).toString("utf8")).toBe(page);
      expect(zlib.gunzipSync(gzipPieces(prepared, values)).toString("utf8")).toBe(page);
    }
    // A logged-in donor's name (decision 0058): spaces and letters beyond ASCII, as UTF-8.
    const named = [`Åsa Öberg-Ängström &amp; "Märta"`, "abc"];
    expect(zlib.gunzipSync(gzipPieces(prepared, named)).toString("utf8")).toBe(`${text}${named[0]}">${text}abc")${text}`);
    expect(() => gzipPieces(prepared, ["x".repeat(65_536), "abc"])).toThrow(/at most 65535/);
    expect(() => gzipPieces(prepared, ["å".repeat(32_768), "abc"])).toThrow(/at most 65535 bytes/);
  });

  it("serves a kept page – nonces and form tokens – as gzip that is the page the visitor would get uncompressed", () => {
    const standIns = new PlaceholderTokens();
    const html = [
      `<!DOCTYPE html><html><head><style nonce="${NONCE_PLACEHOLDER}">p{}</style></head><body>`,
      `<form><input type="hidden" name="idempotencyKey" value="${standIns.next()}">`,
      "<p>Ge en gåva till hjärt- och lungforskningen. ".repeat(200),
      `</form><form><input type="hidden" name="idempotencyKey" value="${standIns.next()}"></form>`,
      `<script nonce="${NONCE_PLACEHOLDER}">window.x=1</script></body></html>`,
    ].join("");
    const page: CompiledPage = { status: 200, headers: [], body: standIns.compile(html) };
    const values = personalValues(page.body, "AAAAAAAAAAAAAAAAAAAAAA==");
    expect(values.filter((value) => value.length === 36)).toHaveLength(2);
    const gzip = gzipPieces(gzipPiecesOf(page), values);
    expect(zlib.gunzipSync(gzip).toString("utf8")).toBe(withValues(page.body, values));
    expect(gzip.length).toBeLessThan(Buffer.byteLength(html) / 10);
  });
});
