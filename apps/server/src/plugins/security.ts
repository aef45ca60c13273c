/**
 * Security headers (helmet) with a CSP that fits the built React app: scripts only from
 * this origin, inline styles allowed because Mantine injects them. No
 * upgrade-insecure-requests: the embedded default serves plain http on localhost.
 *
 * The headers are the same on every answer, so helmet's middleware is built once, at
 * start, and every request only has it set its headers.
 */
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

export function registerSecurity(app: FastifyInstance) {
  app.addHook('onRequest', (req, reply, done) => {
    securityHeaders(req.raw, reply.raw, () => done());
  });
}
