// Build step: compresses the client's hashed text assets once, at the best
// settings (brotli quality 11, gzip level 9), into name.br and name.gz beside
// each file. server/precompressed-assets.ts serves them as they are.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const assetsDir = path.join(process.env.BUILD_DIR ?? "build", "client", "assets");
const TEXT = /\.(js|mjs|css|svg|json|txt)$/;
// Below this, compression saves less than the headers it costs.
const MIN_BYTES = 1024;

let files = 0;
let before = 0;
let after = 0;
for (const name of fs.readdirSync(assetsDir)) {
  if (!TEXT.test(name)) continue;
  const file = path.join(assetsDir, name);
  const body = fs.readFileSync(file);
  if (body.length < MIN_BYTES) continue;
  const brotli = zlib.brotliCompressSync(body, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  const gzip = zlib.gzipSync(body, { level: 9 });
  if (brotli.length < body.length) fs.writeFileSync(`${file}.br`, brotli);
  if (gzip.length < body.length) fs.writeFileSync(`${file}.gz`, gzip);
  files++;
  before += body.length;
  after += Math.min(brotli.length, body.length);
}
console.log(`precompressed ${files} assets: ${(before / 1000).toFixed(0)} KB → ${(after / 1000).toFixed(0)} KB brotli`);
