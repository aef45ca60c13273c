/**
 * How the web app and the answers travel (docs/PERFORMANCE.md, First load): brotli or
 * gzip when the browser accepts it, the build's own compressed copies for its files,
 * hashed /assets/* kept a year, index.html asked about on every load.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '@pos/db';
import { createTestDb } from '../../../test/db';
import { buildApp } from '../src/app';

let handle: DbHandle;
let app: FastifyInstance;
let dist: string;
const script = `export const app = ${JSON.stringify('x'.repeat(4000))};\n`;
const index = `<!doctype html><html><head><script type="module" src="/assets/index-AbC123.js"></script></head><body>${'<!-- till -->'.repeat(200)}</body></html>`;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), index);
  writeFileSync(join(dist, 'index.html.br'), brotliCompressSync(index));
  writeFileSync(join(dist, 'assets/index-AbC123.js'), script);
  writeFileSync(join(dist, 'assets/index-AbC123.js.br'), brotliCompressSync(script));
  writeFileSync(join(dist, 'assets/index-AbC123.js.gz'), gzipSync(script));
  handle = await createTestDb();
  app = await buildApp({ db: handle.db, api: { scryptCost: 1024 }, webDist: dist });
});

afterAll(async () => {
  await app?.close();
  await handle?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) => app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('the web app as a browser fetches it', () => {
  it("sends a hashed file as the build's brotli copy, kept a year without asking again", async () => {
    const res = await get('/assets/index-AbC123.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the gzip copy to a browser without brotli, and the file itself to one that accepts neither', async () => {
    const gz = await get('/assets/index-AbC123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await get('/assets/index-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('asks about index.html on every load, at / and at a client route, compressed', async () => {
    for (const url of ['/', '/orders', '/store/vendors']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(index);
    }
  });
});

describe('answers of the API', () => {
  it('are compressed when the browser accepts it and never stored', async () => {
    const br = await get('/api/v1/openapi.json', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    const doc = JSON.parse(brotliDecompressSync(br.rawPayload).toString()) as { openapi: string };
    expect(doc.openapi).toMatch(/^3\.1/);
    const gz = await get('/api/v1/openapi.json', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.length).toBeLessThan(gunzipSync(gz.rawPayload).length / 3);
    const plain = await get('/api/v1/openapi.json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json<{ openapi: string }>().openapi).toBe(doc.openapi);
  });

  it('leave a short answer as it is', async () => {
    const res = await get('/health', 'br');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
