/**
 * Serves the built web app, with index.html for any other GET that is not an API path
 * (client-side routing).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export async function registerWeb(app: FastifyInstance, webDist: string | null) {
  const hasBuild = webDist !== null && existsSync(join(webDist, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, { root: webDist, prefix: '/', wildcard: false, index: ['index.html'] });
  }
  return {
    /** Answers a GET for a client route, or returns false when it is not one. */
    sendClientRoute(url: string, reply: import('fastify').FastifyReply): boolean {
      if (!hasBuild || url.startsWith('/api/') || url.startsWith('/trpc') || /\.[a-z0-9]+(\?|$)/i.test(url)) return false;
      void reply.header('cache-control', 'no-cache').sendFile('index.html');
      return true;
    },
  };
}
