/**
 * Serves the built web app, with index.html for any other GET that is not an API path
 * (client-side routing).
 *
 * Caching (docs/PERFORMANCE.md, First load): the files under /assets/ carry a hash of
 * their content in their names, so a browser keeps them for a year without asking
 * again (`public, max-age=31536000, immutable`); index.html and the other unhashed
 * files are asked about on every load (`no-cache`, answered 304 while unchanged), so a
 * new build is seen at once. Each file is sent as the build's brotli or gzip copy
 * (`.br`, `.gz`, made by apps/web/scripts/precompress.mjs) when the browser accepts it.
 */
import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** The cache-control of a built file, by its path on disk. */
export function cacheControlOf(path: string): string {
  return path.includes(`${sep}assets${sep}`) ? IMMUTABLE : REVALIDATE;
}

export async function registerWeb(app: FastifyInstance, webDist: string | null) {
  const hasBuild = webDist !== null && existsSync(join(webDist, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: ['index.html'],
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => {
        void reply.header('cache-control', cacheControlOf(path));
      },
    });
  }
  return {
    /** Answers a GET for a client route, or returns false when it is not one. */
    sendClientRoute(url: string, reply: FastifyReply): boolean {
      if (!hasBuild || url.startsWith('/api/') || url.startsWith('/trpc') || /\.[a-z0-9]+(\?|$)/i.test(url)) return false;
      void reply.sendFile('index.html');
      return true;
    },
  };
}
