/**
 * Security headers (helmet) with a CSP that fits the built React app: scripts only from
 * this origin, inline styles allowed because Mantine injects them. No
 * upgrade-insecure-requests: the embedded default serves plain http on localhost.
 *
 * The headers are the same on every answer (no nonce, nothing read from the request),
 * so helmet runs once, at start, against a recorder, and every request only has its
 * headers added to the reply in one call: helmet's twelve setters on the raw response
 * cost each call about what the rest of a light read's door does (docs/PERFORMANCE.md,
 * "Read paths").
 */
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

const securityHeaders = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
    },
  },
  hsts: false,
});

/**
 * The headers helmet sets, by lower-case name, read by running it once against a
 * response that only records them. Helmet's removal of X-Powered-By is left out: Node
 * and Fastify never set that header.
 */
export function helmetHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
      return recorder;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
    getHeader(name: string) {
      return headers[name.toLowerCase()];
    },
  };
  let synchronous = false;
  securityHeaders({ headers: {} } as never, recorder as unknown as ServerResponse, () => {
    synchronous = true;
  });
  if (!synchronous) throw new Error('helmet did not set its headers at once');
  return headers;
}

export function registerSecurity(app: FastifyInstance) {
  const headers = helmetHeaders();
  app.addHook('onRequest', (_req, reply, done) => {
    void reply.headers(headers);
    done();
  });
}
