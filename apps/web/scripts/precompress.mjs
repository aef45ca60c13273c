/**
 * After `vite build`: a brotli (.br, best quality) and a gzip (.gz) copy of every text
 * file of dist/ over 1 KiB, which the server sends as they are to a browser that accepts
 * them (apps/server/src/plugins/web.ts), so no answer of the web app is compressed
 * while a till waits. A copy no smaller than its file is not kept.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stdout } from 'node:process';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = join(fileURLToPath(import.meta.url), '../../dist');
const TEXT = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
const MIN_BYTES = 1024;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

let raw = 0;
let br = 0;
let count = 0;
for (const path of files(dist)) {
  if (!TEXT.test(path) || path.endsWith('.map')) continue;
  const body = readFileSync(path);
  if (body.length < MIN_BYTES) continue;
  const brotli = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
  const gzip = gzipSync(body, { level: 9 });
  if (brotli.length < body.length) writeFileSync(`${path}.br`, brotli);
  if (gzip.length < body.length) writeFileSync(`${path}.gz`, gzip);
  raw += body.length;
  br += brotli.length;
  count += 1;
}
stdout.write(`precompressed ${count} files: ${(raw / 1024).toFixed(0)} kB, ${(br / 1024).toFixed(0)} kB as brotli\n`);
