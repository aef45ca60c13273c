/**
 * The budget of the first load: the JavaScript index.html loads before any route's chunk
 * (its scripts and modulepreloads), gzipped, stays within 170 KB, and the chunks only some
 * screens use (the CSV writer, papaparse) are not among it. Reads the web build the e2e
 * run serves (built by npm run test:e2e). docs/PERFORMANCE.md, Web.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { initialJsSize } from '../bench/web';

const BUDGET_BYTES = 170 * 1024;
const dist = process.env.E2E_WEB_DIST ?? fileURLToPath(new URL('../apps/web/dist', import.meta.url));

describe('initial JavaScript', () => {
  it(`is at most ${BUDGET_BYTES / 1024} KB gzipped`, async () => {
    const { files, totalGzipBytes } = await initialJsSize(dist);
    expect(files.length).toBeGreaterThan(0);
    const listing = files.map((f) => `${f.file} ${(f.gzipBytes / 1024).toFixed(1)} KB`).join('\n');
    expect(totalGzipBytes, `initial JavaScript ${(totalGzipBytes / 1024).toFixed(1)} KB gzipped:\n${listing}`).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  it('loads no CSV code until a screen downloads a file', async () => {
    const { files } = await initialJsSize(dist);
    const bodies = await Promise.all(files.map((f) => readFile(join(dist, f.file.replace(/^\//, '')), 'utf8')));
    expect(files.filter((f) => /\/csv-/.test(f.file)).map((f) => f.file)).toEqual([]);
    // papaparse's own marker, wherever a bundler might have put it
    expect(bodies.filter((b) => b.includes('BYTE_ORDER_MARK')).length).toBe(0);
  });
});
