import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { preferredEncoding, precompressedAssets } from "./precompressed-assets";

const script = `export const greeting = ${JSON.stringify("Hej! ".repeat(500))};\n`;
let dir: string;
let server: http.Server;
let origin: string;

/** A raw request: fetch would decode the body and hide what was sent. */
function get(file: string, acceptEncoding?: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${origin}/assets/${file}`, { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on("error", reject);
  });
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "precompressed-"));
  fs.writeFileSync(path.join(dir, "app-abc123.js"), script);
  fs.writeFileSync(path.join(dir, "app-abc123.js.br"), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(dir, "app-abc123.js.gz"), zlib.gzipSync(script));
  fs.writeFileSync(path.join(dir, "small-def456.js"), "export {};\n");
  const app = express();
  app.use(compression());
  app.use("/assets", precompressedAssets(dir));
  app.use("/assets", express.static(dir, { fallthrough: false }));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("precompressed assets", () => {
  it("sends the brotli file to a browser that accepts brotli, as JavaScript, cached for a year", async () => {
    const response = await get("app-abc123.js", "gzip, deflate, br, zstd");
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(response.headers["vary"]).toMatch(/Accept-Encoding/i);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(zlib.brotliDecompressSync(response.body).toString()).toBe(script);
  });

  it("sends gzip where brotli is not accepted, and the plain file where nothing is", async () => {
    const gzip = await get("app-abc123.js", "gzip, br;q=0");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(script);
    const plain = await get("app-abc123.js", "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it("leaves files without a precompressed copy, and unknown names, to the static files", async () => {
    const small = await get("small-def456.js", "br");
    expect(small.status).toBe(200);
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect((await get("missing-000000.js", "br")).status).toBe(404);
    const traversal = await get("..%2Fapp-abc123.js", "br");
    expect([403, 404]).toContain(traversal.status);
    expect(traversal.headers["content-encoding"]).toBeUndefined();
  });
});

describe("preferred encoding", () => {
  const both = new Set(["br", "gzip"] as const);
  it("prefers brotli whatever order the header lists", () => {
    expect(preferredEncoding("gzip, deflate, br", both)).toBe("br");
    expect(preferredEncoding("br;q=0.1, gzip;q=1", both)).toBe("br");
  });
  it("respects a refusal (q=0) and the wildcard", () => {
    expect(preferredEncoding("br;q=0, gzip", both)).toBe("gzip");
    expect(preferredEncoding("*", both)).toBe("br");
    expect(preferredEncoding("*;q=0", both)).toBeUndefined();
    expect(preferredEncoding("deflate", both)).toBeUndefined();
    expect(preferredEncoding(undefined, both)).toBeUndefined();
    expect(preferredEncoding("br", new Set(["gzip"] as const))).toBeUndefined();
  });
});
