/**
 * The web figures: the production build's initial JavaScript, gzipped (every script and
 * modulepreload that index.html loads before any route chunk).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export async function initialJsSize(dist = 'apps/web/dist'): Promise<{ files: { file: string; gzipBytes: number }[]; totalGzipBytes: number }> {
  const html = await readFile(join(dist, 'index.html'), 'utf8');
  const srcs = [...html.matchAll(/<script[^>]+src="([^"]+)"/g), ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1]!);
  const files = [];
  for (const src of new Set(srcs)) {
    const body = await readFile(join(dist, src.replace(/^\//, '')));
    files.push({ file: src, gzipBytes: gzipSync(body, { level: 9 }).length });
  }
  return { files, totalGzipBytes: files.reduce((a, f) => a + f.gzipBytes, 0) };
}
